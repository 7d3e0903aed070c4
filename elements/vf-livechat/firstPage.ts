/**
 * The queries behind a chat's first paint, in one place: ChatPanel and MessageList read them
 * with hooks; the server's first-paint renderer and the browser's takeover of that markup
 * (docs/performance.md "Two paths to the first comments") load them before rendering, so both
 * render from the same data.
 */
import { chatApi, type ChatArgs, type ChatMessagesArgs } from '../../core/api/chat.ts';
import { CHAT_LIMIT, clampSetting } from '../../core/settings/clamp.ts';
import type { AppStore } from '../../core/store/index.ts';
import { loadContainerAndItems, type FirstPageData } from '../ui/firstPaint.ts';
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

/** Loads the chat and its latest messages into `store` (a ready session's), as the mounted element would. */
export function loadFirstPage(store: AppStore, props: LivechatProps): Promise<FirstPageData | null> {
  const limit = messagesPerPage(props.limit);
  return loadContainerAndItems(
    store, props.vfContainerId,
    (sectionUuid, containerId) => store.dispatch(chatApi.endpoints.chat.initiate(chatArgs(sectionUuid, containerId, limit), { subscribe: false })),
    (sectionUuid, containerUuid) => store.dispatch(chatApi.endpoints.chatMessages.initiate(messagesArgs(sectionUuid, containerUuid, limit), { subscribe: false })),
  );
}
