/**
 * A chat's realtime events (content types `chat` for the chat itself, `chat_message` for its
 * messages) applied to its caches (core/api/chatCache.ts). `created` dedupes by uuid, so the
 * sender's own POST answer and its echo, or an event a catch-up delivers again, show once; a
 * disabled message leaves readers' lists at once (the shared change-event rules).
 */
import type { ContentEvent } from '../api/types.ts';
import { applyChangeEvent, isCopyOf } from '../api/contentChangeEvents.ts';
import { chatCaches, insertChatMessage, refetchMessageForModerator, setChatSettings, updateMessage } from '../api/chatCache.ts';
import { cacheViewer } from '../api/commentCacheUpdates.ts';
import { listBaseline, registerContentHandler, type Dispatch } from './contentHandlers.ts';
import { reactionEventEdit } from './events.ts';

export function applyChatEvent(dispatch: Dispatch, getState: () => unknown, event: ContentEvent): void {
  if (event.content_type === 'chat') {
    if (event.event === 'settings_changed' && event.settings && typeof event.settings === 'object') {
      setChatSettings(dispatch, getState, event.content_container_uuid, event.settings);
    }
    return;
  }
  if (event.event === 'created') {
    // No copy: a message held for premoderation; moderators read it.
    if (isCopyOf(event)) insertChatMessage(dispatch, getState, event.content);
    else if (event.content == null) void refetchMessageForModerator(dispatch, getState, event);
    return;
  }
  if (applyChangeEvent(chatCaches(dispatch, getState), event)) return;
  const edit = reactionEventEdit(event, cacheViewer(getState).uuid);
  if (edit) updateMessage(dispatch, getState, event.content_container_uuid, event.content_uuid, edit);
}

registerContentHandler(['chat', 'chat_message'], {
  apply: applyChatEvent,
  baseline(action) {
    const meta = (action as { meta?: { arg?: { endpointName?: string; originalArgs?: { containerUuid?: string } } } }).meta;
    if (meta?.arg?.endpointName !== 'chatMessages' || !meta.arg.originalArgs?.containerUuid) return null;
    const seq = listBaseline((action as { payload?: { pages?: Array<{ latest_seq?: number }> } }).payload ?? {});
    return seq === null ? null : { containerUuid: meta.arg.originalArgs.containerUuid, seq };
  },
});
