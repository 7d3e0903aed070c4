/**
 * The user context site code reads (spec §3 "User context"): the listed fields, all null for a
 * guest, plus `data_count()` (missing counts read as 0). The counts come from the spec's source
 * counters content_created, likes_received, likes_created, dislikes_created, dislikes_received;
 * our server's user record names two of them comments_made and likes_made, read when the spec's
 * name is absent.
 */
import type { User } from '../api/types.ts';
import { isLoggedInUser } from '../session/slice.ts';

const FIELDS = [
  'anonymous', 'avatar_moderation_status', 'badge_trusted', 'ban_level', 'custom_badges', 'date_created', 'email',
  'email_notice_frequency', 'email_pending', 'email_verification_status', 'id', 'name', 'pic_large',
  'pic_large_pending', 'pic_small', 'pic_small_pending', 'processing_status', 'social_login_id',
  'social_login_provider', 'subscriber_count', 'type', 'user_privilege', 'username_moderation_status', 'uuid',
] as const;

export type UserContext = Record<(typeof FIELDS)[number], unknown> & {
  data_count(): {
    comments_made: number;
    likes_received: number;
    likes_made: number;
    dislikes_made: number;
    dislikes_received: number;
  };
};

export function toUserContext(user: User | null): UserContext {
  const source = (isLoggedInUser(user) ? user : {}) as Record<string, unknown>;
  const count = (...keys: string[]) => {
    const found = keys.map((key) => source[key]).find((value) => typeof value === 'number');
    return typeof found === 'number' ? found : 0;
  };
  const context = Object.fromEntries(FIELDS.map((field) => [field, source[field] ?? null])) as UserContext;
  context.data_count = () => ({
    comments_made: count('content_created', 'comments_made'),
    likes_received: count('likes_received'),
    likes_made: count('likes_created', 'likes_made'),
    dislikes_made: count('dislikes_created'),
    dislikes_received: count('dislikes_received'),
  });
  return context;
}
