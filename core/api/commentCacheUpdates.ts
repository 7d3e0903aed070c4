/**
 * Applies the pure edits of commentCache.ts to every cached query that holds a container's
 * comments (lists of every sort, thread reply pages, the container's count). Server data stays
 * in the RTK Query cache only: these are `updateQueryData` patches, returned for undo.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Comment, ContentEvent, ContentState, User } from './types.ts';
import { isPrivileged } from '../permissions/index.ts';
import { applyCommentChange, type CommentViewer, dropComments } from './commentChanges.ts';
import { applyChangeEvent, type ContentCaches } from './contentChangeEvents.ts';
import { commentQueriesApi } from './commentQueries.ts';
import { type CommentPages, findComment, insertIntoCommentList, insertIntoThreadReplies, updateComment } from './commentCache.ts';
import { holdComment, unholdComment } from './heldComments.ts';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type GetState = () => unknown;
type ApiState = Parameters<typeof commentQueriesApi.util.selectCachedArgsForQuery>[0];

export interface PatchHandle {
  undo(): void;
}

const util = commentQueriesApi.util;

/**
 * New comments already counted into the containers' totals. A comment that a list could not
 * place yet (sorted oldest, last page not loaded) is not findable in the cache, so the post
 * response and its realtime echo would otherwise both count it.
 */
const counted = new Set<string>();
const COUNTED_MAX = 500;

/**
 * Inserts a comment (new post or realtime `created`) wherever it belongs; dedupes by uuid.
 * A new top-level comment by someone else (not `own`, not the viewer's) is held back from the
 * lists until the reader reveals it (heldComments.ts); the viewer's own posts show at once.
 */
export function insertCommentIntoCaches(dispatch: Dispatch, getState: GetState, comment: Comment, own = false): void {
  const state = getState() as ApiState;
  const containerUuid = comment.content_container_uuid;
  let placed = false;
  for (const args of util.selectCachedArgsForQuery(state, 'comments')) {
    if (args.containerUuid !== containerUuid) continue;
    // An editor's picks list only takes picked comments (a new one never is).
    if (args.filteredBy === 'featured_threads' && !comment.is_picked) continue;
    dispatch(
      util.updateQueryData('comments', args, (data) => {
        if (insertIntoCommentList(data, comment, args.sortedBy)) placed = true;
      }),
    );
  }
  const viewer = (getState() as { session?: { user?: { uuid?: string } | null } }).session?.user?.uuid;
  if (own) unholdComment(containerUuid, comment.content_uuid);
  else if (placed && !comment.parent_uuid && comment.actor_uuid !== viewer) holdComment(containerUuid, comment.content_uuid);
  if (comment.parent_uuid) {
    for (const args of util.selectCachedArgsForQuery(state, 'threadReplies')) {
      if (args.containerUuid !== containerUuid || args.threadUuid !== comment.thread_uuid) continue;
      dispatch(util.updateQueryData('threadReplies', args, (data) => void insertIntoThreadReplies(data, comment)));
    }
  }
  if (comment.state !== 'visible' || counted.has(comment.content_uuid)) return;
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.add(comment.content_uuid);
  countInContainer(dispatch, getState, containerUuid, 1);
}

/** Moves the cached container's public count by `delta` (never below 0). */
function countInContainer(dispatch: Dispatch, getState: GetState, containerUuid: string, delta: number): void {
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'container')) {
    dispatch(
      util.updateQueryData('container', args, (container) => {
        if (container.content_container_uuid === containerUuid) container.total_visible_content = Math.max(0, container.total_visible_content + delta);
      }),
    );
  }
}

/**
 * A moderator changed the container's settings (`settings_changed`): cached containers take the
 * new settings at once (a closed conversation shows it is closed). Hiding or showing changes what
 * readers may see, so the container and its lists are read again.
 */
export function applyContainerSettings(dispatch: Dispatch, getState: GetState, event: ContentEvent): void {
  const settings = event.settings;
  if (!settings || typeof settings !== 'object') return;
  let visibilityChanged = false;
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'container')) {
    dispatch(
      util.updateQueryData('container', args, (container) => {
        if (container.content_container_uuid !== event.content_container_uuid) return;
        visibilityChanged ||= container.settings.is_hidden !== !!settings.is_hidden;
        container.settings = { is_closed: !!settings.is_closed, is_hidden: !!settings.is_hidden, is_premoderated: !!settings.is_premoderated };
      }),
    );
  }
  if (visibilityChanged) {
    dispatch(util.invalidateTags([{ type: 'Container', id: event.content_container_uuid }, { type: 'Comments', id: event.content_container_uuid }]));
  }
}

/** Applies `edit` to every cached copy of a comment; the handle undoes all of it. */
export function updateCommentInCaches(
  dispatch: Dispatch,
  getState: GetState,
  containerUuid: string,
  contentUuid: string,
  edit: (c: Comment) => void,
): PatchHandle {
  return patchCommentPages(dispatch, getState, containerUuid, (d) => updateComment(d, contentUuid, edit));
}

/**
 * Runs `recipe` on every cached list and thread-reply pages of a container (every container
 * when null). `changed` says whether any recipe reported a change; the handle undoes all of it.
 */
export function patchCommentPages(
  dispatch: Dispatch,
  getState: GetState,
  containerUuid: string | null,
  recipe: (data: CommentPages) => boolean,
): PatchHandle & { changed: boolean } {
  const state = getState() as ApiState;
  const undos: Array<() => void> = [];
  let changed = false;
  const run = (d: CommentPages) => void (recipe(d) && (changed = true));
  for (const args of util.selectCachedArgsForQuery(state, 'comments')) {
    if (containerUuid !== null && args.containerUuid !== containerUuid) continue;
    undos.push(dispatch(util.updateQueryData('comments', args, run)).undo);
  }
  for (const args of util.selectCachedArgsForQuery(state, 'threadReplies')) {
    if (containerUuid !== null && args.containerUuid !== containerUuid) continue;
    undos.push(dispatch(util.updateQueryData('threadReplies', args, run)).undo);
  }
  return { changed, undo: () => undos.forEach((undo) => undo()) };
}

/** The viewer as the cache edits read them (session user; moderators and admins privileged). */
export function cacheViewer(getState: GetState): CommentViewer {
  const user = (getState() as { session?: { user?: User | null } }).session?.user ?? null;
  return { uuid: user?.uuid ?? null, privileged: isPrivileged(user) };
}

/**
 * A comment changed (edited, moderated, pinned, picked, removed): every cached copy follows, as
 * this viewer may see it. `forViewer`: `next` is the server's answer to this viewer (its
 * `actions`, reasons and flags are theirs); otherwise a viewer-neutral realtime copy.
 * A comment not cached yet is inserted like a new one when `insertIfMissing` (it came into view).
 */
export function applyChangedComment(dispatch: Dispatch, getState: GetState, next: Comment, forViewer: boolean, insertIfMissing = true): void {
  const viewer = cacheViewer(getState);
  let before: ContentState | undefined;
  const { changed } = patchCommentPages(dispatch, getState, next.content_container_uuid, (d) => {
    before ??= findComment(d, next.content_uuid)?.state;
    return applyCommentChange(d, next, viewer, forViewer);
  });
  if (!changed && next.state === 'visible' && insertIfMissing) insertCommentIntoCaches(dispatch, getState, next);
  // The container's public count follows a comment into and out of view.
  if (before !== undefined && (before === 'visible') !== (next.state === 'visible')) {
    countInContainer(dispatch, getState, next.content_container_uuid, next.state === 'visible' ? 1 : -1);
    // Out of view: if it comes back as a new arrival, it counts again.
    if (next.state !== 'visible') counted.delete(next.content_uuid);
  }
}

/** The comment caches as the shared change-event rules (contentChangeEvents.ts) use them. */
function commentCaches(dispatch: Dispatch, getState: GetState): ContentCaches {
  return {
    viewer: () => cacheViewer(getState),
    update: (containerUuid, contentUuid, edit) => void updateCommentInCaches(dispatch, getState, containerUuid, contentUuid, edit),
    applyChanged: (next, forViewer, insertIfMissing) => applyChangedComment(dispatch, getState, next, forViewer, insertIfMissing),
    find: (containerUuid, contentUuid) => findCachedComment(getState, containerUuid, contentUuid),
    refetchForModerator: (event) => void refetchForModerator(dispatch, getState, event),
  };
}

/**
 * What the public feed does not tell (a held comment's text, flag totals) a moderator's page
 * asks the server for (GET comments/{uuid}, answered as this moderator sees it).
 */
export async function refetchForModerator(dispatch: Dispatch, getState: GetState, event: ContentEvent): Promise<void> {
  if (!cacheViewer(getState).privileged) return;
  const args = { sectionUuid: event.section_uuid, containerUuid: event.content_container_uuid, contentUuid: event.content_uuid };
  const { data } = await dispatch(commentQueriesApi.endpoints.comment.initiate(args, { forceRefetch: true, subscribe: false }));
  if (!data) return;
  if (findCachedComment(getState, data.content_container_uuid, data.content_uuid)) applyChangedComment(dispatch, getState, data, true);
  else insertCommentIntoCaches(dispatch, getState, data);
}

/** Applies a change, flag or removal event; false when the event is not one of those. */
export function applyCommentChangeEvent(dispatch: Dispatch, getState: GetState, event: ContentEvent): boolean {
  return applyChangeEvent(commentCaches(dispatch, getState), event);
}

/** Hides a muted author's comments from the muter (optimistic: the handle puts them back). */
export function dropAuthorFromCaches(dispatch: Dispatch, getState: GetState, actorUuid: string): PatchHandle {
  return patchCommentPages(dispatch, getState, null, (d) => dropComments(d, (c) => c.actor_uuid === actorUuid));
}

/** A cached copy of a comment (any list or reply page of its container). */
export function findCachedComment(getState: GetState, containerUuid: string, contentUuid: string): Comment | undefined {
  const state = getState() as ApiState;
  for (const endpoint of ['comments', 'threadReplies'] as const) {
    for (const args of util.selectCachedArgsForQuery(state, endpoint)) {
      if (args.containerUuid !== containerUuid) continue;
      const data = commentQueriesApi.endpoints[endpoint].select(args as never)(state).data;
      const found = data ? findComment(data, contentUuid) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}
