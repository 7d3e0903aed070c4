/**
 * The live blog's cached content — post pages (with the first page's pinned posts), each post's
 * reply pages, the live blog itself — patched with the same pure edits as comments
 * (commentCache.ts, commentChanges.ts) by the service's answers and by realtime events. Server
 * data stays in the RTK Query cache only: these are `updateQueryData` patches.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Comment, ContainerSettings, ContentEvent, LiveblogPage } from './types.ts';
import { baseApi } from './base.ts';
import type { liveblogApi } from './liveblog.ts';
import { type CommentPages, findComment, insertIntoCommentList, insertIntoThreadReplies, updateComment } from './commentCache.ts';
import { applyCommentChange } from './commentChanges.ts';
import { cacheViewer, type PatchHandle } from './commentCacheUpdates.ts';
import type { ContentCaches } from './contentChangeEvents.ts';
import { holdComment, unholdComment } from './heldComments.ts';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type GetState = () => unknown;
type ApiState = Parameters<typeof liveblogApi.util.selectCachedArgsForQuery>[0];

// The same API object as liveblog.ts's (injectEndpoints returns it), typed with its endpoints;
// read at call time, so this module needs nothing of liveblog.ts at load.
const api = () => baseApi as unknown as typeof liveblogApi;

/**
 * The first page's pinned posts as pages of their own, so the comment edits reach them too.
 * `contents` is the draft's own array: what an edit changes there lands in the cache.
 */
function pinnedPages(data: { pages: LiveblogPage[] }): CommentPages | null {
  const pinned = data.pages[0]?.pinned;
  return pinned?.length ? { pages: [{ contents: pinned, next_starting_from: null, more_available: false, total_visible_content: 0 }], pageParams: [null] } : null;
}

/**
 * Runs `recipe` on every cached post list (and its pinned posts) and reply pages of a container;
 * `changed` says whether any recipe reported a change; the handle undoes all of it.
 */
function patchContent(dispatch: Dispatch, getState: GetState, containerUuid: string, recipe: (data: CommentPages) => boolean): PatchHandle & { changed: boolean } {
  const { util } = api();
  const state = getState() as ApiState;
  const undos: Array<() => void> = [];
  let changed = false;
  const run = (d: CommentPages | null) => void (d && recipe(d) && (changed = true));
  for (const args of util.selectCachedArgsForQuery(state, 'liveblogPosts')) {
    if (args.containerUuid !== containerUuid) continue;
    undos.push(dispatch(util.updateQueryData('liveblogPosts', args, (d) => (run(d), run(pinnedPages(d))))).undo);
  }
  for (const args of util.selectCachedArgsForQuery(state, 'liveblogReplies')) {
    if (args.containerUuid !== containerUuid) continue;
    undos.push(dispatch(util.updateQueryData('liveblogReplies', args, run)).undo);
  }
  return { changed, undo: () => undos.forEach((undo) => undo()) };
}

export function updateContent(dispatch: Dispatch, getState: GetState, containerUuid: string, contentUuid: string, edit: (c: Comment) => void): PatchHandle {
  return patchContent(dispatch, getState, containerUuid, (d) => updateComment(d, contentUuid, edit));
}

/** A cached copy of a post or reply. */
export function findCachedContent(getState: GetState, containerUuid: string, contentUuid: string): Comment | undefined {
  let found: Comment | undefined;
  const { util, endpoints } = api();
  const state = getState() as ApiState;
  for (const args of util.selectCachedArgsForQuery(state, 'liveblogPosts')) {
    const data = args.containerUuid === containerUuid ? endpoints.liveblogPosts.select(args)(state).data : undefined;
    found ??= data && (findComment(data, contentUuid) ?? findComment(pinnedPages(data) ?? { pages: [], pageParams: [] }, contentUuid));
  }
  for (const args of util.selectCachedArgsForQuery(state, 'liveblogReplies')) {
    const data = args.containerUuid === containerUuid ? endpoints.liveblogReplies.select(args)(state).data : undefined;
    found ??= data && findComment(data, contentUuid);
  }
  return found;
}

/**
 * A new post (the editor's own answer, or realtime `created`) goes first in every post list of
 * its live blog, once (by uuid). Someone else's is held back (heldComments.ts) until the reader,
 * scrolled away from the top, reveals it; the element releases it at once for a reader at the top.
 */
export function insertPost(dispatch: Dispatch, getState: GetState, post: Comment, own = false): void {
  const containerUuid = post.content_container_uuid;
  if (findCachedContent(getState, containerUuid, post.content_uuid)) return;
  const { util } = api();
  let placed = false;
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'liveblogPosts')) {
    if (args.containerUuid !== containerUuid) continue;
    dispatch(util.updateQueryData('liveblogPosts', args, (d) => void (insertIntoCommentList(d, post, 'newest') && (placed = true))));
  }
  if (own || post.actor_uuid === cacheViewer(getState).uuid) unholdComment(containerUuid, post.content_uuid);
  else if (placed) holdComment(containerUuid, post.content_uuid);
}

/** Replies already counted into their post's `total_replies` (the answer and its echo are one reply). */
const countedReplies = new Set<string>();
const COUNTED_MAX = 500;

/** A new reply joins its post's reply pages (oldest first) and counts once in the post's total. */
export function insertReply(dispatch: Dispatch, getState: GetState, reply: Comment): void {
  const containerUuid = reply.content_container_uuid;
  const { util } = api();
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'liveblogReplies')) {
    if (args.containerUuid !== containerUuid || args.postUuid !== reply.thread_uuid) continue;
    dispatch(util.updateQueryData('liveblogReplies', args, (d) => void insertIntoThreadReplies(d, reply)));
  }
  if (reply.state !== 'visible' || countedReplies.has(reply.content_uuid)) return;
  if (countedReplies.size >= COUNTED_MAX) countedReplies.clear();
  countedReplies.add(reply.content_uuid);
  updateContent(dispatch, getState, containerUuid, reply.thread_uuid, (post) => void (post.total_replies += 1));
}

/** A changed post or reply, merged into every cached copy as this viewer may see it. */
export function applyChangedContent(dispatch: Dispatch, getState: GetState, next: Comment, forViewer: boolean, insertIfMissing = false): void {
  const viewer = cacheViewer(getState);
  const { changed } = patchContent(dispatch, getState, next.content_container_uuid, (d) => applyCommentChange(d, next, viewer, forViewer));
  if (changed || !insertIfMissing || next.state !== 'visible') return;
  if (next.parent_uuid) insertReply(dispatch, getState, next);
  else insertPost(dispatch, getState, next);
}

/** The viewer removed a post or reply: every copy follows (readers keep a placeholder while it has replies). */
export function markRemoved(dispatch: Dispatch, getState: GetState, containerUuid: string, contentUuid: string): void {
  const cached = findCachedContent(getState, containerUuid, contentUuid);
  if (cached) applyChangedContent(dispatch, getState, { ...cached, state: 'deleted' }, false);
}

/** Pinned posts move between the list and the pinned group: the post lists are read again. */
export function refetchPosts(dispatch: Dispatch, containerUuid: string): void {
  dispatch(baseApi.util.invalidateTags([{ type: 'Comments', id: containerUuid }]));
}

/** The live blog's settings changed (closed, hidden): the cached live blog follows; hiding or showing reads it again. */
export function setLiveblogSettings(dispatch: Dispatch, getState: GetState, containerUuid: string, settings: ContainerSettings): void {
  const { util } = api();
  let visibilityChanged = false;
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'liveblog')) {
    dispatch(
      util.updateQueryData('liveblog', args, (container) => {
        if (container.content_container_uuid !== containerUuid) return;
        visibilityChanged ||= container.settings.is_hidden !== !!settings.is_hidden;
        container.settings = { is_closed: !!settings.is_closed, is_hidden: !!settings.is_hidden, is_premoderated: !!settings.is_premoderated };
      }),
    );
  }
  if (visibilityChanged) dispatch(baseApi.util.invalidateTags([{ type: 'Container', id: containerUuid }, { type: 'Comments', id: containerUuid }]));
}

/**
 * What the public feed does not carry (a held reply's text, flag totals): a moderator's page
 * reads the item through the selection call, as this moderator may see it.
 */
export async function refetchContentForModerator(dispatch: Dispatch, getState: GetState, event: ContentEvent): Promise<void> {
  if (!cacheViewer(getState).privileged) return;
  const args = { sectionUuid: event.section_uuid, containerUuid: event.content_container_uuid, uuids: [event.content_uuid] };
  const { data } = await dispatch(api().endpoints.liveblogSelection.initiate(args, { forceRefetch: true, subscribe: false }));
  const item = data?.contents[0];
  if (item) applyChangedContent(dispatch, getState, item, true, true);
}

/** The live blog's caches as the shared change-event rules use them (contentChangeEvents.ts). */
export function liveblogCaches(dispatch: Dispatch, getState: GetState): ContentCaches {
  return {
    viewer: () => cacheViewer(getState),
    update: (containerUuid, contentUuid, edit) => void updateContent(dispatch, getState, containerUuid, contentUuid, edit),
    applyChanged: (next, forViewer, insertIfMissing) => applyChangedContent(dispatch, getState, next, forViewer, insertIfMissing),
    find: (containerUuid, contentUuid) => findCachedContent(getState, containerUuid, contentUuid),
    refetchForModerator: (event) => void refetchContentForModerator(dispatch, getState, event),
  };
}
