/**
 * Who sees which comment (content.md §3 "Restriction reasons", §4; platform.md §6): the one rule
 * every read path applies, both as SQL (so pages and counts page over what the viewer may see) and
 * as the shaping of each comment. Pure: it builds expressions, it does no I/O.
 *
 * - Readers see `visible` comments.
 * - The author also sees their own `awaiting_moderation` comments (state_reasons says why).
 * - The author also sees their own item that automatic moderation rejected (a banned word, a
 *   spam or toxicity score: `hold_reason` says so, no moderator has decided since), with why.
 * - A ghost-banned author sees their own comments as if visible; nobody else does.
 * - A hide-banned author's comments are hidden from everyone but moderators.
 * - A viewer does not see the comments of users they muted.
 * - A `deleted` comment that still has replies stays as a placeholder without its text, so its
 *   replies keep their parent.
 * - Moderators and admins of the site see everything, with `state_reasons` and `total_flags`.
 */
import { type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Comment, RestrictionReason } from '../../core/api/types.ts';
import { AUTO_REJECT_RULES as AUTO_REJECTS } from '../../core/moderation/autoReject.ts';
import type { HoldReason, HoldRule } from '../../core/moderation/types.ts';
import type { Database } from '../storage/schema.ts';

export interface Viewer {
  /** The viewer's uuid on this site; null for a guest (or another site's account). */
  uuid: string | null;
  /** A moderator or admin of the site. */
  privileged: boolean;
  /** Users this viewer muted. */
  muted: readonly string[];
}

export const PUBLIC_VIEWER: Viewer = { uuid: null, privileged: false, muted: [] };

/** What the rule reads of a comment row; `actor_ban_level` comes from `authorBanLevel`. */
export interface VisibilityFacts {
  actor_uuid: string;
  state: string;
  actor_ban_level?: string | null;
  total_replies: number;
  total_direct_replies: number;
  total_flags?: number;
  /** JSON HoldReason (migration 024): why automatic moderation held or rejected it. */
  hold_reason?: string | null;
  moderated_at?: number | null;
}

/** The stored reason, or null. */
export const holdReasonOf = (row: { hold_reason?: string | null }): HoldReason | null => (row.hold_reason ? (JSON.parse(row.hold_reason) as HoldReason) : null);

/** Rejected by automatic moderation, and no moderator has decided on it since. */
const autoRejected = (row: VisibilityFacts) => row.state === 'disabled' && row.moderated_at == null && AUTO_REJECTS.includes(holdReasonOf(row)?.rule as HoldRule);

const STATE_REASONS: Partial<Record<string, RestrictionReason>> = {
  awaiting_moderation: 'content_awaiting_moderation',
  spam: 'content_marked_as_spam',
  disabled: 'content_disabled',
  deleted: 'content_deleted',
};

const BAN_REASONS: Partial<Record<string, RestrictionReason>> = { ghost: 'actor_ghost_banned', hide: 'actor_hide_banned' };

/**
 * The author's effective ban level (the latest unexpired, unrevoked ban; engine/bans.ts), as a
 * correlated subquery on `contents.actor_uuid`; null when not banned.
 */
export function authorBanLevel(now: number = Date.now()): RawBuilder<string | null> {
  return sql<string | null>`(select b.ban_level from bans b where b.user_uuid = contents.actor_uuid and b.date_revoked is null and (b.date_expired is null or b.date_expired > ${now}) order by b.date_created desc limit 1)`;
}

/** The SQL form of the rule: a where-clause on `comments` for what `viewer` may see. */
export function visibleTo(viewer: Viewer, now: number = Date.now()) {
  return (eb: ExpressionBuilder<Database, 'contents'>) => {
    if (viewer.privileged) return sql<SqlBool>`1 = 1`;
    const ban = sql`coalesce(${authorBanLevel(now)}, 'none')`;
    const own = viewer.uuid ? eb('contents.actor_uuid', '=', viewer.uuid) : sql<SqlBool>`1 = 0`;
    const hasReplies = eb.or([eb('contents.total_replies', '>', 0), eb('contents.total_direct_replies', '>', 0)]);
    const conditions = [
      eb(ban, '<>', 'hide'),
      eb.or([
        eb.and([eb('contents.state', '=', 'deleted'), hasReplies]),
        eb.and([eb('contents.state', '=', 'visible'), eb.or([eb(ban, '<>', 'ghost'), own])]),
        eb.and([eb('contents.state', '=', 'awaiting_moderation'), own]),
        eb.and([
          eb('contents.state', '=', 'disabled'), own, eb('contents.moderated_at', 'is', null),
          // The stored JSON starts with its rule (engine/contents.ts storedReason).
          eb.or(AUTO_REJECTS.map((rule) => eb('contents.hold_reason', 'like', `{"rule":"${rule}"%`))),
        ]),
      ]),
    ];
    if (viewer.muted.length > 0) conditions.push(eb.or([own, eb('contents.actor_uuid', 'not in', [...viewer.muted])]));
    return eb.and(conditions);
  };
}

/** The pure form of the rule (the same as `visibleTo`), for one row already read. */
export function canSee(viewer: Viewer, row: VisibilityFacts): boolean {
  if (viewer.privileged) return true;
  const own = viewer.uuid !== null && row.actor_uuid === viewer.uuid;
  const ban = row.actor_ban_level ?? 'none';
  if (ban === 'hide') return false;
  if (!own && viewer.muted.includes(row.actor_uuid)) return false;
  if (row.state === 'deleted') return Number(row.total_replies) > 0 || Number(row.total_direct_replies) > 0;
  if (row.state === 'visible') return ban !== 'ghost' || own;
  return (row.state === 'awaiting_moderation' || autoRejected(row)) && own;
}

/** Why the comment is restricted, as a moderator sees it. */
export function restrictionReasons(row: VisibilityFacts): RestrictionReason[] {
  const reasons: RestrictionReason[] = [];
  const byState = STATE_REASONS[row.state];
  if (byState) reasons.push(byState);
  const byBan = BAN_REASONS[row.actor_ban_level ?? 'none'];
  if (byBan) reasons.push(byBan);
  return reasons;
}

/**
 * The comment as `viewer` may see it, or null when they may not. `comment` is the viewer-neutral
 * shape of `row`; moderators get the reasons and flag count, others lose what they must not see.
 */
export function present(viewer: Viewer, row: VisibilityFacts, comment: Comment): Comment | null {
  if (!canSee(viewer, row)) return null;
  // Why automatic moderation held it: for staff, and for its author while it is held or rejected.
  const reason = holdReasonOf(row);
  const why = reason ? { moderation_reason: reason } : {};
  if (viewer.privileged) return { ...comment, ...why, state_reasons: restrictionReasons(row), total_flags: Number(row.total_flags ?? 0) };
  if (row.state === 'deleted') return { ...comment, content: '', state: 'deleted', state_reasons: ['content_deleted'] };
  if (row.state === 'awaiting_moderation') return { ...comment, ...why, state_reasons: ['content_awaiting_moderation'] };
  if (row.state === 'disabled') return { ...comment, ...why, state_reasons: ['content_disabled'] };
  // A ghost-banned author sees their own comments as if nothing were wrong.
  return { ...comment, state: 'visible', state_reasons: [] };
}
