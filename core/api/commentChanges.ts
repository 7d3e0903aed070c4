/**
 * Pure edits for a comment that changed after it was posted — edited, moderated, pinned,
 * picked, removed — and for muting its author, as one viewer may see the result (content.md §3,
 * §4; the server's rule is server/content/visibility.ts). They mutate the (Immer draft) pages
 * they are given and return whether anything changed.
 */
import { AUTO_REJECT_RULES } from '../moderation/autoReject.ts';
import type { HoldRule } from '../moderation/types.ts';
import type { Comment, ContentState, RestrictionReason } from './types.ts';
import type { CommentPages } from './commentCache.ts';

/** Who is looking: moderators and admins see every state, with its reasons. */
export interface CommentViewer {
  uuid: string | null;
  privileged: boolean;
}

const STATE_REASONS: Partial<Record<ContentState, RestrictionReason>> = {
  awaiting_moderation: 'content_awaiting_moderation',
  spam: 'content_marked_as_spam',
  disabled: 'content_disabled',
  deleted: 'content_deleted',
};
const STATE_REASON_SET = new Set<RestrictionReason>(Object.values(STATE_REASONS));

function hasReplies(c: Comment): boolean {
  return c.total_replies > 0 || c.total_direct_replies > 0 || (c.replies?.length ?? 0) > 0;
}

/** What the viewer sees of a comment in `state`: all of it, a removed placeholder, or nothing. */
export function viewOf(comment: Comment, state: ContentState, viewer: CommentViewer): 'full' | 'placeholder' | 'none' {
  if (viewer.privileged) return 'full';
  if (state === 'visible') return 'full';
  if (state === 'deleted') return hasReplies(comment) ? 'placeholder' : 'none';
  const own = viewer.uuid !== null && comment.actor_uuid === viewer.uuid;
  // The author also keeps what automatic moderation rejected, with why (server/content/visibility.ts).
  const autoRejected = state === 'disabled' && AUTO_REJECT_RULES.includes(comment.moderation_reason?.rule as HoldRule);
  return (state === 'awaiting_moderation' || autoRejected) && own ? 'full' : 'none';
}

/** The reasons after a state change: the new state's reason, the author's (ban) reasons kept. */
export function reasonsFor(state: ContentState, previous: readonly RestrictionReason[] = []): RestrictionReason[] {
  const kept = previous.filter((r) => !STATE_REASON_SET.has(r));
  const byState = STATE_REASONS[state];
  return byState ? [byState, ...kept] : kept;
}

/**
 * Merges `next` (the comment after the change: a mutation's answer or a realtime event's
 * viewer-neutral copy) into a cached comment. The viewer's own `actions`, the embedded `replies`
 * and the moderator-only fields are kept unless `next` carries them from the server for this viewer.
 */
export function mergeCommentEdit(next: Comment, viewer: CommentViewer, forViewer: boolean): (c: Comment) => void {
  return (c) => {
    const { actions, replies, state_reasons: reasons, total_flags: flags } = c;
    Object.assign(c, next);
    if (!forViewer || !next.actions) c.actions = actions;
    c.replies = next.replies ?? replies;
    c.total_flags = next.total_flags ?? flags;
    c.state_reasons = forViewer && next.state_reasons ? next.state_reasons : reasonsFor(next.state, reasons);
    if (viewOf(c, next.state, viewer) === 'placeholder') c.content = '';
    if (!viewer.privileged && next.state === 'visible') c.state_reasons = [];
  };
}

function visibleDelta(data: CommentPages, removed: Comment): void {
  if (removed.state !== 'visible') return;
  for (const page of data.pages) page.total_visible_content = Math.max(0, page.total_visible_content - 1);
}

/** Drops every comment `match` accepts (top level or reply), fixing the thread counters. */
export function dropComments(data: CommentPages, match: (c: Comment) => boolean): boolean {
  let changed = false;
  for (const page of data.pages) {
    for (let i = page.contents.length - 1; i >= 0; i--) {
      const comment = page.contents[i]!;
      if (comment.replies) {
        const kept = comment.replies.filter((r) => !match(r));
        const gone = comment.replies.length - kept.length;
        if (gone > 0) {
          for (const r of comment.replies) if (match(r)) visibleDelta(data, r);
          comment.replies = kept;
          comment.total_replies = Math.max(0, comment.total_replies - gone);
          changed = true;
        }
      }
      if (match(comment)) {
        page.contents.splice(i, 1);
        visibleDelta(data, comment);
        changed = true;
      }
    }
  }
  return changed;
}

/** Applies a changed comment to the pages as the viewer may see it; false when it is not there. */
export function applyCommentChange(data: CommentPages, next: Comment, viewer: CommentViewer, forViewer: boolean): boolean {
  let found = false;
  let drop = false;
  for (const page of data.pages) {
    for (const comment of [...page.contents, ...page.contents.flatMap((c) => c.replies ?? [])]) {
      if (comment.content_uuid !== next.content_uuid) continue;
      found = true;
      const wasVisible = comment.state === 'visible';
      if (viewOf(comment, next.state, viewer) === 'none') {
        drop = true;
        continue;
      }
      mergeCommentEdit(next, viewer, forViewer)(comment);
      // A moderator keeps seeing it; the public count follows the state.
      if (wasVisible !== (next.state === 'visible')) {
        for (const p of data.pages) p.total_visible_content = Math.max(0, p.total_visible_content + (wasVisible ? -1 : 1));
      }
    }
  }
  if (drop) dropComments(data, (c) => c.content_uuid === next.content_uuid);
  return found;
}
