/**
 * Server-side enforcement of the shared rule table (core/permissions): the same rulings the
 * widgets use, turned into HTTP errors. A client check is a courtesy; this is the rule.
 *   login_required → 401 `unauthorized` (the client refreshes its session once, then asks to log in)
 *   banned on a posting action → 403 with api_code 65540 (banned_from_posting)
 *   anything else → 403 with a readable message
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { BanLevel, UserPrivilege } from '../../core/api/types.ts';
import { can, type Action, type PermissionContext, type PermissionUser, type Reason, type Ruling, type Subject } from '../../core/permissions/index.ts';
import { HttpError, unauthorized } from '../errors.ts';
import type { Database } from '../storage/schema.ts';
import type { EffectiveBan, UserRow } from '../engine/users.ts';

export const BANNED_FROM_POSTING = 65540;

/** Actions that post content: a ban on them answers with the banned_from_posting api code. */
const POSTING = new Set(['comment.create', 'reply.create', 'message.create', 'live_content.create', 'media.upload', 'comment.update']);

const MESSAGES: Record<Reason, string> = {
  login_required: 'unauthorized',
  banned: 'This account cannot do this on this site',
  muted: 'This account is muted on this site: it can read and react, not post',
  setting_disabled: 'This is turned off on this site',
  not_owner: 'Only the author can do this',
  edit_window_expired: 'The time to change this has passed',
  content_closed: 'This conversation is closed',
  is_editor_pick: "An editor's pick cannot be changed",
  self: 'You cannot do this to yourself',
  email_verification_required: 'Verify your email address first',
  privilege: 'Only moderators and admins can do this',
};

/** Clearer words where the action says more than the reason. */
const SPECIFIC: Record<string, string> = {
  'comment.create:setting_disabled': 'Commenting is disabled on this site',
  'reply.create:setting_disabled': 'Commenting is disabled on this site',
  'comment.dislike:setting_disabled': 'Dislikes are disabled on this site',
  'message.create:setting_disabled': 'Live chat is disabled on this site',
  'comment.create:banned': 'This account is banned from posting on this site',
  'reply.create:banned': 'This account is banned from posting on this site',
  'user.follow:self': 'Users cannot follow themselves',
};

/** The rules' view of a stored user whose effective ban is `ban` (engine/bans.ts). */
export function permissionUser(row: UserRow, ban: EffectiveBan): PermissionUser {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    user_privilege: row.user_privilege as UserPrivilege,
    ban_level: (ban?.ban_level ?? 'none') as BanLevel,
    email: row.email,
    is_muted: Number(row.is_muted ?? 0) === 1,
    username_pending: row.username_pending ?? null,
    username_moderation_status: (row.username_moderation_status ?? 'none') as PermissionUser['username_moderation_status'],
    email_verification_status: (row.email_verification_status ?? 'none') as PermissionUser['email_verification_status'],
  };
}

/**
 * The rules' view of someone about to post: permissionUser plus, for a brand-new unverified
 * account (pending_new), how many comments it made (spec §5: the first is allowed, then not).
 */
export async function posterOf(db: Kysely<Database>, row: UserRow, ban: EffectiveBan): Promise<PermissionUser> {
  const user = permissionUser(row, ban);
  if (user.email_verification_status !== 'pending_new') return user;
  const made = await db.selectFrom('contents').select((eb) => eb.fn.countAll<number>().as('n')).where('actor_uuid', '=', row.uuid).executeTakeFirstOrThrow();
  return { ...user, comments_made: Number(made.n) };
}

/** The requesting user as the rules see them on `siteUuid` (null: a guest there). */
export function viewerOn(request: FastifyRequest, siteUuid: string): PermissionUser | null {
  const user = request.user;
  return user && user.row.site_uuid === siteUuid ? permissionUser(user.row, user.ban) : null;
}

/** The HTTP error for a refusal (null when allowed). */
export function errorFor(subject: Subject, action: string, ruling: Ruling): HttpError | null {
  if (ruling.allowed) return null;
  const reason = ruling.reason ?? 'privilege';
  if (reason === 'login_required') return unauthorized();
  const key = `${subject}.${action}`;
  const message = SPECIFIC[`${key}:${reason}`] ?? MESSAGES[reason];
  const extra = reason === 'banned' && POSTING.has(key) ? { api_code: BANNED_FROM_POSTING } : {};
  return new HttpError(403, message, extra);
}

/** Throws the refusal for `subject`/`action` in `ctx`; returns when allowed. */
export function enforce<S extends Subject>(subject: S, action: Action<S>, ctx: PermissionContext): void {
  const error = errorFor(subject, action, can(subject, action, ctx));
  if (error) throw error;
}
