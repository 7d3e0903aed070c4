/** Rules about users: login, trust, profile updates, mute, follow, sharing, username states. */
import type { Action, PermissionContext, PermissionUser } from './index.ts';
import { isHidden, isLoggedIn, isPrivileged, ruled, type Ruling } from './rules.ts';

/** The other user an action is about (mute, follow, trust, update_*); absent means the viewer. */
export type UserTarget = Pick<PermissionUser, 'uuid'> & Partial<Pick<PermissionUser, 'user_privilege' | 'ban_level'>>;

const OK: Ruling = { allowed: true };
const NO: Ruling = { allowed: false };

function isSelf(ctx: PermissionContext): boolean {
  return !ctx.target || ctx.target.uuid === ctx.user?.uuid;
}

/** update_*: only your own account (admins may update others). */
function update(ctx: PermissionContext, extra?: (user: PermissionUser) => Ruling | null): Ruling {
  const user = ctx.user;
  if (!isLoggedIn(user)) return ruled('login_required');
  if (!isSelf(ctx) && user.user_privilege !== 'admin') return ruled('not_owner');
  return extra?.(user) ?? OK;
}

/** follow / mute of another user; moderators are exempt from the setting and hidden-target rules. */
function social(ctx: PermissionContext, setting: boolean): Ruling {
  if (!isLoggedIn(ctx.user)) return ruled('login_required');
  if (isSelf(ctx)) return ruled('self');
  if (isPrivileged(ctx.user)) return OK;
  if (!setting) return ruled('setting_disabled');
  if (isHidden(ctx.user)) return ruled('banned');
  if (ctx.target && isHidden(ctx.target as PermissionUser)) return ruled('banned');
  return OK;
}

export function userRules(action: Action<'user'>, ctx: PermissionContext): Ruling {
  const { user, settings } = ctx;
  switch (action) {
    case 'login':
      if (settings.disable_widget_logins) return ruled('setting_disabled');
      return isLoggedIn(user) ? NO : OK;
    case 'trust':
      if (!isLoggedIn(user)) return ruled('login_required');
      if (isSelf(ctx)) return ruled('self');
      return isPrivileged(user) ? OK : ruled('privilege');
    case 'update_password':
    case 'update_email':
      // Social-login accounts have no password or email of their own here.
      return update(ctx, (u) => (u.social_login_provider && isSelf(ctx) ? ruled('privilege') : null));
    case 'update_avatar':
    case 'update_name':
      return update(ctx);
    case 'update_notifications':
      return update(ctx, (u) => {
        if (settings.disable_email_notifications) return ruled('setting_disabled');
        return u.email ? null : ruled('email_verification_required');
      });
    case 'mute':
      return social(ctx, settings.enable_muting);
    case 'unmute':
      if (!isLoggedIn(user)) return ruled('login_required');
      return isSelf(ctx) ? ruled('self') : OK;
    case 'follow':
      return social(ctx, true);
    case 'see_follow':
      // Guests see the follow control (they are asked to log in); a hidden user's is not shown.
      if (ctx.target && isHidden(ctx.target as PermissionUser) && !isPrivileged(user) && !isSelf(ctx)) return ruled('banned');
      return OK;
    case 'save_share':
      return isLoggedIn(user) ? OK : ruled('login_required');
    case 'has_rejected_username':
      return user?.username_moderation_status === 'rejected' ? OK : NO;
    case 'has_pending_username':
      return user?.username_moderation_status === 'pending' && !!user.username_pending ? OK : NO;
    case 'has_new_username':
      return user?.username_moderation_status === 'approved' && !!user.username_pending ? OK : NO;
  }
}
