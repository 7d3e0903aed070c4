/**
 * Applies the pure edits of commentCache.ts to every cached query that holds a container's
 * comments (lists of every sort, thread reply pages, the container's count). Server data stays
 * in the RTK Query cache only: these are `updateQueryData` patches, returned for undo.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Comment } from './types.ts';
import { commentQueriesApi } from './commentQueries.ts';
import { insertIntoCommentList, insertIntoThreadReplies, updateComment } from './commentCache.ts';

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

/** Inserts a comment (new post or realtime `created`) wherever it belongs; dedupes by uuid. */
export function insertCommentIntoCaches(dispatch: Dispatch, getState: GetState, comment: Comment): void {
  const state = getState() as ApiState;
  const containerUuid = comment.content_container_uuid;
  for (const args of util.selectCachedArgsForQuery(state, 'comments')) {
    if (args.containerUuid !== containerUuid) continue;
    dispatch(util.updateQueryData('comments', args, (data) => void insertIntoCommentList(data, comment, args.sortedBy)));
  }
  if (comment.parent_uuid) {
    for (const args of util.selectCachedArgsForQuery(state, 'threadReplies')) {
      if (args.containerUuid !== containerUuid || args.threadUuid !== comment.thread_uuid) continue;
      dispatch(util.updateQueryData('threadReplies', args, (data) => void insertIntoThreadReplies(data, comment)));
    }
  }
  if (comment.state !== 'visible' || counted.has(comment.content_uuid)) return;
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.add(comment.content_uuid);
  for (const args of util.selectCachedArgsForQuery(state, 'container')) {
    dispatch(
      util.updateQueryData('container', args, (container) => {
        if (container.content_container_uuid === containerUuid) container.total_visible_content += 1;
      }),
    );
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
  const state = getState() as ApiState;
  const undos: Array<() => void> = [];
  for (const args of util.selectCachedArgsForQuery(state, 'comments')) {
    if (args.containerUuid !== containerUuid) continue;
    undos.push(dispatch(util.updateQueryData('comments', args, (d) => void updateComment(d, contentUuid, edit))).undo);
  }
  for (const args of util.selectCachedArgsForQuery(state, 'threadReplies')) {
    if (args.containerUuid !== containerUuid) continue;
    undos.push(
      dispatch(util.updateQueryData('threadReplies', args, (d) => void updateComment(d, contentUuid, edit))).undo,
    );
  }
  return { undo: () => undos.forEach((undo) => undo()) };
}
