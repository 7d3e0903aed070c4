/**
 * The permission rule table (spec platform.md §5, §6; content.md §6): subject × action → ruling.
 * Pure and shared: the widgets ask it what to show, the server asks it what to allow, so both
 * rule the same way. docs/permissions.md is the readable form of this file.
 */
import type { User } from '../api/types.ts';
import type { SiteSettings } from '../settings/site.ts';
import { isHidden, isLoggedIn, isPrivileged, needsEmailVerification, ruled, type Ruling } from './rules.ts';
import { contentRules, type ContentTarget } from './content.ts';
import { userRules, type UserTarget } from './user.ts';

export type { Ruling, Reason } from './rules.ts';
export type { ContentTarget } from './content.ts';
export type { UserTarget } from './user.ts';
export { editWindowEnd, isEditWindowOpen } from './content.ts';
export { isHidden, isLoggedIn, isPrivileged, needsEmailVerification };

export const PERMISSIONS = {
  reply: ['create'],
  user: [
    'login', 'trust', 'update_password', 'update_avatar', 'update_email', 'update_notifications', 'update_name',
    'mute', 'unmute', 'follow', 'see_follow', 'save_share', 'has_rejected_username', 'has_pending_username', 'has_new_username',
  ],
  comment: ['moderate', 'attempt_to_create', 'create', 'like', 'dislike', 'update', 'remove'],
  live_content: ['create'],
  content: ['flag'],
  page: ['rate', 'see_subscriptions', 'follow', 'follow_thread'],
  media: ['upload'],
  message: ['create', 'flag', 'like', 'dislike'],
  topic: ['follow'],
  polls: ['vote', 'see_results', 'manage'],
} as const;

export type Subject = keyof typeof PERMISSIONS;
export type Action<S extends Subject> = (typeof PERMISSIONS)[S][number];

/** The viewer as the rules read it: a `User` (or null for a guest) fits. */
export type PermissionUser = Pick<User, 'uuid' | 'user_privilege' | 'ban_level'> &
  Partial<Pick<User, 'id' | 'anonymous' | 'is_muted' | 'anonymous_name' | 'email' | 'social_login_provider' | 'email_verification_status' | 'username_pending' | 'username_moderation_status' | 'comments_made'>>;

export interface PermissionContext {
  /** The viewer; null (or a guest record) for a guest. */
  user: PermissionUser | null;
  /** The site's settings (defaults apply to missing keys, see resolveSiteSettings). */
  settings: SiteSettings;
  /** The comment / message / container the action is about. */
  content?: ContentTarget;
  /** The other user (mute, follow, trust, update_*). */
  target?: UserTarget;
  /** Now in ms (tests pin it). */
  now?: number;
}

const ALLOWED: Ruling = { allowed: true };

/** The ruling for `subject`/`action` in `ctx`. */
export function can<S extends Subject>(subject: S, action: Action<S>, ctx: PermissionContext): Ruling {
  const key = `${subject}.${action}`;
  if (subject === 'user') return userRules(action as Action<'user'>, ctx);
  return contentRules(key, ctx) ?? ALLOWED;
}

/** Every subject/action pair, for tables and tests. */
export function allPermissions(): [Subject, string][] {
  return (Object.keys(PERMISSIONS) as Subject[]).flatMap((s) => PERMISSIONS[s].map((a) => [s, a] as [Subject, string]));
}

export { ruled };
