/**
 * A chat's cached content — its message pages (chatWindow.ts) and the chat itself — patched with
 * the same pure edits as comments (commentCache.ts, commentChanges.ts) by the service's answers
 * and by realtime events. Server data stays in the RTK Query cache only: `updateQueryData` patches.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Comment, ContainerSettings, ContentEvent } from './types.ts';
import { baseApi } from './base.ts';
import type { chatApi, ChatMessagesArgs } from './chat.ts';
import { findComment, updateComment } from './commentCache.ts';
import { applyCommentChange } from './commentChanges.ts';
import { cacheViewer, type PatchHandle } from './commentCacheUpdates.ts';
import type { ContentCaches } from './contentChangeEvents.ts';
import { type ChatPages, dropNewerThan, insertMessage, trimOldest } from './chatWindow.ts';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type GetState = () => unknown;
type ApiState = Parameters<typeof chatApi.util.selectCachedArgsForQuery>[0];

// The same API object as chat.ts's, typed with its endpoints; read at call time.
const api = () => baseApi as unknown as typeof chatApi;

/** Runs `recipe` on every cached message list of a container; `changed`: some recipe changed something. */
function patchMessages(dispatch: Dispatch, getState: GetState, containerUuid: string, recipe: (data: ChatPages) => boolean): PatchHandle & { changed: boolean } {
  const { util } = api();
  const undos: Array<() => void> = [];
  let changed = false;
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'chatMessages')) {
    if (args.containerUuid !== containerUuid) continue;
    undos.push(dispatch(util.updateQueryData('chatMessages', args, (d) => void (recipe(d) && (changed = true)))).undo);
  }
  return { changed, undo: () => undos.forEach((undo) => undo()) };
}

export function updateMessage(dispatch: Dispatch, getState: GetState, containerUuid: string, contentUuid: string, edit: (c: Comment) => void): PatchHandle {
  return patchMessages(dispatch, getState, containerUuid, (d) => updateComment(d, contentUuid, edit));
}

export function findCachedMessage(getState: GetState, containerUuid: string, contentUuid: string): Comment | undefined {
  const { util, endpoints } = api();
  const state = getState() as ApiState;
  for (const args of util.selectCachedArgsForQuery(state, 'chatMessages')) {
    if (args.containerUuid !== containerUuid) continue;
    const data = endpoints.chatMessages.select(args)(state).data;
    const found = data && findComment(data, contentUuid);
    if (found) return found;
  }
  return undefined;
}

/** A new message (the sender's answer or realtime `created`) joins every list of its chat, once. */
export function insertChatMessage(dispatch: Dispatch, getState: GetState, message: Comment, countUnseen = true): void {
  patchMessages(dispatch, getState, message.content_container_uuid, (d) => insertMessage(d, message, countUnseen));
}

/** A changed message merged into every cached copy as this viewer may see it (a disabled one leaves readers' lists). */
export function applyChangedMessage(dispatch: Dispatch, getState: GetState, next: Comment, forViewer: boolean, insertIfMissing = false): void {
  const viewer = cacheViewer(getState);
  const { changed } = patchMessages(dispatch, getState, next.content_container_uuid, (d) => applyCommentChange(d, next, viewer, forViewer));
  // Moderators see held messages too (to approve them); readers only visible ones.
  if (!changed && insertIfMissing && (next.state === 'visible' || viewer.privileged)) insertChatMessage(dispatch, getState, next, false);
}

/** The element's window rules (chatWindow.ts) on the list it shows. */
export function trimChatWindow(dispatch: Dispatch, args: ChatMessagesArgs, max: number): void {
  dispatch(api().util.updateQueryData('chatMessages', args, (d) => void trimOldest(d, max)));
}

export function detachChatWindow(dispatch: Dispatch, args: ChatMessagesArgs, lastShown: string, unseen: number): void {
  dispatch(api().util.updateQueryData('chatMessages', args, (d) => void dropNewerThan(d, lastShown, unseen)));
}

/** The chat's settings changed (closed, slow mode, premoderated, hidden): the cached chat follows; hiding or showing reads it again. */
export function setChatSettings(dispatch: Dispatch, getState: GetState, containerUuid: string, settings: ContainerSettings): void {
  const { util } = api();
  let visibilityChanged = false;
  for (const args of util.selectCachedArgsForQuery(getState() as ApiState, 'chat')) {
    dispatch(
      util.updateQueryData('chat', args, (container) => {
        if (container.content_container_uuid !== containerUuid) return;
        visibilityChanged ||= container.settings.is_hidden !== !!settings.is_hidden;
        container.settings = {
          is_closed: !!settings.is_closed,
          is_hidden: !!settings.is_hidden,
          is_premoderated: !!settings.is_premoderated,
          slow_mode_seconds: settings.slow_mode_seconds ?? 0,
        };
      }),
    );
  }
  if (visibilityChanged) dispatch(baseApi.util.invalidateTags([{ type: 'Container', id: containerUuid }, { type: 'Comments', id: containerUuid }]));
}

/** What the public feed does not carry (a held message, flag totals): a moderator's page reads it by selection. */
export async function refetchMessageForModerator(dispatch: Dispatch, getState: GetState, event: ContentEvent): Promise<void> {
  if (!cacheViewer(getState).privileged) return;
  const args = { sectionUuid: event.section_uuid, containerUuid: event.content_container_uuid, uuids: [event.content_uuid] };
  const { data } = await dispatch(api().endpoints.chatSelection.initiate(args, { forceRefetch: true, subscribe: false }));
  const item = data?.contents[0];
  if (item) applyChangedMessage(dispatch, getState, item, true, true);
}

/** The chat's caches as the shared change-event rules use them (contentChangeEvents.ts). */
export function chatCaches(dispatch: Dispatch, getState: GetState): ContentCaches {
  return {
    viewer: () => cacheViewer(getState),
    update: (containerUuid, contentUuid, edit) => void updateMessage(dispatch, getState, containerUuid, contentUuid, edit),
    applyChanged: (next, forViewer, insertIfMissing) => applyChangedMessage(dispatch, getState, next, forViewer, insertIfMissing),
    find: (containerUuid, contentUuid) => findCachedMessage(getState, containerUuid, contentUuid),
    refetchForModerator: (event) => void refetchMessageForModerator(dispatch, getState, event),
  };
}
