/**
 * When the conversation starter shows (spec: minimum comment count, default 5; a string that is
 * not numeric gives 5): once the conversation has at least that many visible comments, is open,
 * and is not hidden — moderators and admins also see it for a hidden conversation.
 */
import type { Container, User } from '../../core/api/types.ts';
import { isPrivileged } from '../../core/permissions/index.ts';
import type { SettingRange } from '../../core/settings/clamp.ts';

export const MINIMUM_COMMENTS: SettingRange = { min: 0, max: 2147483647, default: 5 };

export function starterShows(container: Container, user: User | null, minimum: number): boolean {
  if (container.settings?.is_closed) return false;
  if (container.settings?.is_hidden && !isPrivileged(user)) return false;
  const count = container.total_visible_content;
  return Number.isInteger(count) && count >= minimum;
}
