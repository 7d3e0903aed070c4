/** Shared pieces of the rule table: rulings, who is logged in, privileged, banned, hidden. */
import { ANONYMOUS_UUID } from '../ids/index.ts';
import type { SiteSettings } from '../settings/site.ts';
import type { PermissionUser } from './index.ts';

export type Reason =
  | 'login_required'
  | 'banned'
  | 'muted'
  | 'setting_disabled'
  | 'not_owner'
  | 'edit_window_expired'
  | 'content_closed'
  | 'is_editor_pick'
  | 'self'
  | 'email_verification_required'
  | 'privilege';

export interface Ruling {
  allowed: boolean;
  reason?: Reason;
}

export const ruled = (reason: Reason): Ruling => ({ allowed: false, reason });

/**
 * Logged in (spec §5): a user with an id or a uuid that is not the anonymous uuid, and not a
 * guest by the other reading (privilege guest or none, or the anonymous flag).
 */
export function isLoggedIn(user: PermissionUser | null | undefined): user is PermissionUser {
  if (!user || user.anonymous) return false;
  if (user.user_privilege === 'guest' || user.user_privilege === 'none') return false;
  return (!!user.uuid && user.uuid !== ANONYMOUS_UUID) || (typeof user.id === 'number' && user.id > 0);
}

/** Moderator or admin. */
export function isPrivileged(user: PermissionUser | null | undefined): boolean {
  return isLoggedIn(user) && (user.user_privilege === 'mod' || user.user_privilege === 'admin');
}

/** Ghost and hide bans count as hidden: the user's content and profile are not shown to others. */
export function isHidden(user: PermissionUser | null | undefined): boolean {
  return !!user && (user.ban_level === 'ghost' || user.ban_level === 'hide');
}

/** Any ban level that stops posting (posting, ghost and hide all do). */
export function isPostingBanned(user: PermissionUser | null | undefined): boolean {
  return !!user && user.ban_level !== 'none' && !!user.ban_level;
}

/**
 * Email verification (spec §5): needed for accounts that are not social logins when the site
 * enables it and the status is neither approved nor none. A brand-new account (pending_new) with
 * no comments yet may post its first comment; once it has comments it is restricted.
 */
export function needsEmailVerification(user: PermissionUser | null | undefined, settings: Pick<SiteSettings, 'enable_email_verification'>): boolean {
  if (!isLoggedIn(user) || !settings.enable_email_verification || user.social_login_provider) return false;
  const status = user.email_verification_status ?? 'none';
  if (status === 'approved' || status === 'none') return false;
  if (status === 'pending_new') return (user.comments_made ?? 0) > 0;
  return true;
}
