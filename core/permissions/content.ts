/** Rules about content: comments, replies, live content, chat messages, pages, media, topics, polls. */
import type { ContentState } from '../api/types.ts';
import { toMillis } from '../ids/index.ts';
import type { PermissionContext } from './index.ts';
import { isHidden, isLoggedIn, isPostingBanned, isPrivileged, needsEmailVerification, ruled, type Ruling } from './rules.ts';

/** The comment, message or container an action is about. */
export interface ContentTarget {
  /** Author of the comment / message. */
  actor_uuid?: string;
  state?: ContentState;
  is_picked?: boolean;
  /** ms (or seconds: under 13 digits reads as seconds). */
  date_created?: number;
  /** After this time (ms) the content is locked: no more edits or removals. */
  date_locked?: number | null;
  /** The container no longer takes contributions. */
  is_closed?: boolean;
}

const OK: Ruling = { allowed: true };

/** The edit window ends at the earlier of creation + user_comment_edit_timeout and date_locked (spec §5). */
export function editWindowEnd(content: ContentTarget, timeoutSeconds: number): number {
  const created = toMillis(content.date_created ?? 0);
  const byTimeout = created + timeoutSeconds * 1000;
  return content.date_locked === null || content.date_locked === undefined ? byTimeout : Math.min(byTimeout, toMillis(content.date_locked));
}

export function isEditWindowOpen(content: ContentTarget, timeoutSeconds: number, now: number): boolean {
  return now < editWindowEnd(content, timeoutSeconds);
}

function closed(ctx: PermissionContext): boolean {
  const c = ctx.content;
  return !!c && (!!c.is_closed || (c.state !== undefined && c.state !== 'visible'));
}

/** comment.create, reply.create, message.create; attempt_to_create skips the guest, verification checks. */
function create(ctx: PermissionContext, kind: 'comment' | 'message', attempt = false): Ruling {
  const { user, settings } = ctx;
  if (!(kind === 'comment' ? settings.enable_commenting : settings.enable_livechat)) return ruled('setting_disabled');
  if (ctx.content?.is_closed) return ruled('content_closed');
  if (!isLoggedIn(user)) {
    if (attempt) return OK; // shown; the guest is asked to log in on use
    const anonymousOk = kind === 'comment' && settings.enable_anonymous_comments && !!ctx.user?.anonymous_name?.trim();
    return anonymousOk ? OK : ruled('login_required');
  }
  if (isPostingBanned(user)) return ruled('banned');
  if (user.is_muted) return ruled('muted');
  if (!attempt && needsEmailVerification(user, settings)) return ruled('email_verification_required');
  return OK;
}

function react(ctx: PermissionContext, dislike: boolean): Ruling {
  if (dislike && !ctx.settings.enable_dislikes) return ruled('setting_disabled');
  if (!isLoggedIn(ctx.user)) return ruled('login_required');
  if (isHidden(ctx.user)) return ruled('banned');
  return OK;
}

/** comment.update / comment.remove (spec §5). */
function change(ctx: PermissionContext, remove: boolean): Ruling {
  const { user, settings, content } = ctx;
  if (!isLoggedIn(user)) return ruled('login_required');
  if (!(remove ? settings.enable_user_comment_remove : settings.enable_user_comment_editing)) return ruled('setting_disabled');
  if (isPostingBanned(user)) return ruled('banned');
  if (!content || content.actor_uuid !== user.uuid) return ruled('not_owner');
  if (closed(ctx)) return ruled('content_closed');
  if (content.is_picked) return ruled('is_editor_pick');
  if (!isEditWindowOpen(content, settings.user_comment_edit_timeout, ctx.now ?? Date.now())) return ruled('edit_window_expired');
  return OK;
}

function loggedIn(ctx: PermissionContext): Ruling {
  return isLoggedIn(ctx.user) ? OK : ruled('login_required');
}

function flag(ctx: PermissionContext): Ruling {
  if (!isLoggedIn(ctx.user)) return ruled('login_required');
  if (ctx.content?.actor_uuid && ctx.content.actor_uuid === ctx.user.uuid) return ruled('self');
  return OK;
}

function privileged(ctx: PermissionContext): Ruling {
  if (!isLoggedIn(ctx.user)) return ruled('login_required');
  return isPrivileged(ctx.user) ? OK : ruled('privilege');
}

const RULES: Record<string, (ctx: PermissionContext) => Ruling> = {
  'reply.create': (ctx) => create(ctx, 'comment'),
  'comment.moderate': privileged,
  'comment.attempt_to_create': (ctx) => create(ctx, 'comment', true),
  'comment.create': (ctx) => create(ctx, 'comment'),
  'comment.like': (ctx) => react(ctx, false),
  'comment.dislike': (ctx) => react(ctx, true),
  'comment.update': (ctx) => change(ctx, false),
  'comment.remove': (ctx) => change(ctx, true),
  'live_content.create': privileged,
  'content.flag': flag,
  'page.rate': (ctx) => (isLoggedIn(ctx.user) ? (isHidden(ctx.user) ? ruled('banned') : OK) : ruled('login_required')),
  'page.see_subscriptions': loggedIn,
  'page.follow': loggedIn,
  'page.follow_thread': loggedIn,
  'media.upload': (ctx) => {
    if (!ctx.settings.enable_comment_images && !ctx.settings.enable_comment_video) return ruled('setting_disabled');
    if (!isLoggedIn(ctx.user)) return ruled('login_required');
    return isPostingBanned(ctx.user) ? ruled('banned') : OK;
  },
  'message.create': (ctx) => create(ctx, 'message'),
  'message.flag': flag,
  'message.like': (ctx) => react(ctx, false),
  'message.dislike': (ctx) => react(ctx, true),
  'topic.follow': loggedIn,
  'polls.vote': (ctx) => (ctx.settings.require_user_authentication_to_vote ? loggedIn(ctx) : OK),
  'polls.see_results': (ctx) => (ctx.settings.require_user_authentication_to_see_results ? loggedIn(ctx) : OK),
  /** Create, edit, close and reopen polls (docs/polls.md). */
  'polls.manage': privileged,
};

export function contentRules(key: string, ctx: PermissionContext): Ruling | null {
  return RULES[key]?.(ctx) ?? null;
}
