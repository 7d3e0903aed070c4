/**
 * Pure edits of cached comment data (`{ pages, pageParams }` of CommentPage), used by posting,
 * liking and realtime events alike so all three place a comment the same way. Each function
 * mutates the (Immer draft) data it is given and returns whether anything changed.
 */
import type { Comment, CommentPage, SortOrder } from './types.ts';

export interface CommentPages {
  pages: CommentPage[];
  pageParams: unknown[];
}

/** Every comment in the pages: top-level ones and the replies embedded in them. */
function* allComments(data: CommentPages): Generator<Comment> {
  for (const page of data.pages) {
    for (const comment of page.contents) {
      yield comment;
      if (comment.replies) yield* comment.replies;
    }
  }
}

export function findComment(data: CommentPages, contentUuid: string): Comment | undefined {
  for (const comment of allComments(data)) if (comment.content_uuid === contentUuid) return comment;
  return undefined;
}

function lastPageIsComplete(data: CommentPages): boolean {
  const last = data.pages[data.pages.length - 1];
  return !!last && (!last.next_starting_from || last.more_available === false);
}

function bumpTotals(data: CommentPages, comment: Comment): void {
  if (comment.state !== 'visible') return;
  for (const page of data.pages) page.total_visible_content += 1;
}

/**
 * Puts a new comment into a top-level list.
 * - top level: first on the first page when sorted newest; last on the last page for the other
 *   orders (a new comment has no likes or replies, so it sorts last), once that page is loaded;
 * - reply: appended to its thread's embedded `replies` (oldest first), thread counters bumped.
 * A comment already present (by content_uuid) is left alone.
 */
export function insertIntoCommentList(data: CommentPages, comment: Comment, sortedBy: SortOrder): boolean {
  if (data.pages.length === 0 || findComment(data, comment.content_uuid)) return false;
  if (!comment.parent_uuid) {
    if (sortedBy === 'newest') {
      data.pages[0]!.contents.unshift(comment);
    } else if (lastPageIsComplete(data)) {
      data.pages[data.pages.length - 1]!.contents.push(comment);
    } else {
      return false; // it will arrive with the last page
    }
    bumpTotals(data, comment);
    return true;
  }
  const thread = data.pages.flatMap((p) => p.contents).find((c) => c.content_uuid === comment.thread_uuid);
  if (!thread) return false;
  (thread.replies ??= []).push(comment);
  thread.total_replies += 1;
  const parent = findComment(data, comment.parent_uuid);
  if (parent) parent.total_direct_replies += 1;
  bumpTotals(data, comment);
  return true;
}

/** Appends a reply to a thread's reply pages (oldest first) once the last page is loaded. */
export function insertIntoThreadReplies(data: CommentPages, comment: Comment): boolean {
  if (data.pages.length === 0 || findComment(data, comment.content_uuid)) return false;
  if (!lastPageIsComplete(data)) return false;
  data.pages[data.pages.length - 1]!.contents.push(comment);
  bumpTotals(data, comment);
  return true;
}

/** Applies `edit` to every copy of a comment in the pages. */
export function updateComment(data: CommentPages, contentUuid: string, edit: (c: Comment) => void): boolean {
  let changed = false;
  for (const comment of allComments(data)) {
    if (comment.content_uuid === contentUuid) {
      edit(comment);
      changed = true;
    }
  }
  return changed;
}

/** A viewer's reaction to a comment. */
export type Reaction = 'like' | 'dislike';

const FIELDS = {
  like: { flag: 'liked', total: 'total_likes' },
  dislike: { flag: 'disliked', total: 'total_dislikes' },
} as const;

/** Optimistic like/dislike toggle: only changes a comment whose state for it differs. */
export function toggleReactionEdit(reaction: Reaction, on: boolean): (c: Comment) => void {
  const { flag, total } = FIELDS[reaction];
  return (c) => {
    if (c.actions[flag] === on) return;
    c.actions[flag] = on;
    c[total] = Math.max(0, c[total] + (on ? 1 : -1));
  };
}

/** A server-confirmed total; the viewer's flag only when it was the viewer's own action. */
export function setReactionEdit(reaction: Reaction, count: number, on?: boolean): (c: Comment) => void {
  const { flag, total } = FIELDS[reaction];
  return (c) => {
    c[total] = count;
    if (on !== undefined) c.actions[flag] = on;
  };
}
