/**
 * The queries behind a chat's first paint, in one place: ChatPanel and MessageList read them
 * with hooks; the server's first-paint renderer and the browser's takeover of that markup
 * (docs/performance.md "Two paths to the first comments") load them before rendering, so both
 * render from the same data.
 */
import { chatApi, type ChatArgs, type ChatMessagesArgs } from '../../core/api/chat.ts';
import { CHAT_LIMIT, clampSetting } from '../../core/settings/clamp.ts';
import { selectPage, selectSectionUuid } from '../../core/session/slice.ts';
import type { AppStore } from '../../core/store/index.ts';
import type { FirstPageData } from '../ui/firstPaint.ts';
import { containerIdFor } from '../ui/useElementContainer.ts';
import type { LivechatProps } from './Livechat.tsx';

/** Messages in the first read and in each history page, from the element's `limit`. */
export const messagesPerPage = (limit: number | undefined): number => clampSetting(limit, CHAT_LIMIT);

/** The chat's own read (it brings the latest messages along). */
export function chatArgs(sectionUuid: string, containerId: string, limit: number): ChatArgs {
  return { sectionUuid, containerId, limit };
}

/** The message list's pages. */
export function messagesArgs(sectionUuid: string, containerUuid: string, limit: number): ChatMessagesArgs {
  return { sectionUuid, containerUuid, limit };
}

/**
 * Loads the chat and its latest messages into `store` (a ready session's), as the mounted
 * element would: what was loaded, in order, or null when there is nothing to paint from.
 */
export async function loadFirstPage(store: AppStore, props: LivechatProps): Promise<FirstPageData | null> {
  const state = store.getState();
  const sectionUuid = selectSectionUuid(state);
  if (!sectionUuid) return null;
  const limit = messagesPerPage(props.limit);
  const containerId = containerIdFor(props.vfContainerId, selectPage(state));
  const loaded = await store.dispatch(chatApi.endpoints.chat.initiate(chatArgs(sectionUuid, containerId, limit), { subscribe: false }));
  const container = loaded.data;
  if (!container) return null;
  const containerUuid = container.content_container_uuid;
  const messages = await store.dispatch(
    chatApi.endpoints.chatMessages.initiate(messagesArgs(sectionUuid, containerUuid, limit), { subscribe: false }),
  );
  if (!messages.data) return null;
  return { containerUuid, values: [container, messages.data] };
}
