/**
 * The queries behind a conversation's first paint, in one place: ConversationsPanel reads them
 * with hooks; the server's first-paint renderer and the browser's takeover of that markup
 * (docs/performance.md "Two paths to the first comments") load them before rendering, so both
 * render from the same data.
 */
import { commentQueriesApi, type CommentsArgs } from '../../core/api/commentQueries.ts';
import type { SortOrder } from '../../core/api/types.ts';
import type { FirstPageData } from '../ui/firstPaint.ts';
import type { AppStore } from '../../core/store/index.ts';
import { selectPage, selectSectionUuid } from '../../core/session/slice.ts';
import { conversationSettings, type ConversationSettings } from './settings.ts';
import type { ConversationsProps } from './Conversations.tsx';
import { containerIdFor } from '../ui/useElementContainer.ts';

const MAX_PAGE = 100;

/** The "All comments" list's and the Editor's picks list's first pages. */
export function listArgs(settings: ConversationSettings, sectionUuid: string, containerUuid: string, sortedBy: SortOrder) {
  const base = { sectionUuid, containerUuid, replyLimit: settings.replyLimit, sortedBy, paginationLimit: settings.paginationLimit };
  const all: CommentsArgs = { ...base, limit: settings.limit };
  // The picks list's first page holds at least `threshold` picks when there are that many, so
  // it also tells whether the tab is active (a server that lacks the filter: no tab).
  const picks: CommentsArgs = {
    ...base, limit: Math.min(MAX_PAGE, Math.max(settings.limit, settings.featuredThreshold)), filteredBy: 'featured_threads',
  };
  return { all, picks };
}

/** The element's settings as Conversations derives them (the page's deeplink when it has none). */
export function settingsFor(props: ConversationsProps, pageDeeplink: string | null | undefined): ConversationSettings {
  return conversationSettings({ ...props, deeplink: props.deeplink ?? pageDeeplink });
}

/**
 * Loads the container and both first pages into `store` (a ready session's), as the mounted
 * element would: what was loaded, in order, or null when there is nothing to paint from (no
 * session, no container, an error).
 */
export async function loadFirstPage(store: AppStore, props: ConversationsProps): Promise<FirstPageData | null> {
  const state = store.getState();
  const sectionUuid = selectSectionUuid(state);
  const page = selectPage(state);
  if (!sectionUuid) return null;
  const settings = settingsFor(props, page?.deeplink_uuid);
  const containerId = containerIdFor(props.vfContainerId, page);
  const loaded = await store.dispatch(
    commentQueriesApi.endpoints.container.initiate({ sectionUuid, containerId }, { subscribe: false }),
  );
  const container = loaded.data;
  if (!container) return null;
  const { all, picks } = listArgs(settings, sectionUuid, container.content_container_uuid, settings.sortedBy);
  const lists = await Promise.all(
    [all, picks].map((args) => store.dispatch(commentQueriesApi.endpoints.comments.initiate(args, { subscribe: false }))),
  );
  if (lists.some((list) => !list.data)) return null;
  return { containerUuid: container.content_container_uuid, values: [container, ...lists.map((list) => list.data)] };
}
