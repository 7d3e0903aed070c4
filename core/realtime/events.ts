/**
 * ContentEvents from the realtime feed applied to the RTK Query caches (never a second copy):
 * `created` follows the same insertion rules as posting; `liked`/`unliked` set the total, and
 * `actions.liked` only when the actor is the viewer (the feed is viewer-neutral).
 */
import type { Comment, ContentEvent, SortOrder } from '../api/types.ts';
import {
  insertIntoCommentList, insertIntoThreadReplies, setReactionEdit, updateComment, type CommentPages,
} from '../api/commentCache.ts';
import {
  applyCommentChangeEvent, applyContainerSettings, insertCommentIntoCaches, refetchForModerator, updateCommentInCaches,
} from '../api/commentCacheUpdates.ts';
import type { SessionState } from '../session/slice.ts';
import { commentQueriesApi } from '../api/commentQueries.ts';
import { contentHandlerFor, listBaseline, registerContentHandler, type Dispatch } from './contentHandlers.ts';

/** The edit a like or dislike event makes to a comment. */
export function reactionEventEdit(event: ContentEvent, viewerUuid: string | null): ((c: Comment) => void) | null {
  const own = viewerUuid !== null && event.actor_uuid === viewerUuid;
  if ((event.event === 'liked' || event.event === 'unliked') && typeof event.total_likes === 'number') {
    return setReactionEdit('like', event.total_likes, own ? event.event === 'liked' : undefined);
  }
  if ((event.event === 'disliked' || event.event === 'undisliked') && typeof event.total_dislikes === 'number') {
    return setReactionEdit('dislike', event.total_dislikes, own ? event.event === 'disliked' : undefined);
  }
  return null;
}

/** Pure: applies an event to one cached list (`sortedBy` set) or thread reply pages (`threadUuid` set). */
export function applyEventToPages(
  data: CommentPages,
  event: ContentEvent,
  target: { sortedBy: SortOrder } | { threadUuid: string },
  viewerUuid: string | null,
): boolean {
  if (event.event === 'created') {
    const comment = event.content;
    if (!comment) return false;
    if ('sortedBy' in target) return insertIntoCommentList(data, comment, target.sortedBy);
    return comment.thread_uuid === target.threadUuid && comment.parent_uuid !== null
      ? insertIntoThreadReplies(data, comment)
      : false;
  }
  const edit = reactionEventEdit(event, viewerUuid);
  return edit ? updateComment(data, event.content_uuid, edit) : false;
}

/** Patches every cache that holds the event's container, through its content type's handler. */
export function applyContentEvent(dispatch: Dispatch, getState: () => unknown, event: ContentEvent): void {
  contentHandlerFor(event.content_type)?.apply(dispatch, getState, event);
}

/** Comments: the lists of every sort, thread reply pages and the container's count. */
function applyCommentEvent(dispatch: Dispatch, getState: () => unknown, event: ContentEvent): void {
  if (event.event === 'created') {
    // No copy: a held comment (premoderation) the public may not see; moderators fetch it.
    if (event.content) insertCommentIntoCaches(dispatch, getState, event.content);
    else void refetchForModerator(dispatch, getState, event);
    return;
  }
  if (event.event === 'settings_changed') return applyContainerSettings(dispatch, getState, event);
  // Edits, moderation, pins, picks, removals and flags: core/api/contentChangeEvents.ts.
  if (applyCommentChangeEvent(dispatch, getState, event)) return;
  const viewer = (getState() as { session?: SessionState }).session?.user?.uuid ?? null;
  const edit = reactionEventEdit(event, viewer);
  if (edit) updateCommentInCaches(dispatch, getState, event.content_container_uuid, event.content_uuid, edit);
}

registerContentHandler(['comments'], {
  apply: applyCommentEvent,
  baseline(action) {
    if (!commentQueriesApi.endpoints.comments.matchFulfilled(action)) return null;
    const seq = listBaseline(action.payload);
    return seq === null ? null : { containerUuid: action.meta.arg.originalArgs.containerUuid, seq };
  },
});
