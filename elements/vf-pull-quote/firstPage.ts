/**
 * The queries behind a pull quote's first paint, in one place: PullQuote reads them with hooks;
 * the server's first-paint renderer and the browser's takeover of that markup (docs/performance.md
 * "Two paths to the first comments") load them before rendering, so both render from the same data.
 */
import { commentQueriesApi, type CommentsArgs } from '../../core/api/commentQueries.ts';
import type { Container, User } from '../../core/api/types.ts';
import { loadContainerFirstPage, type FirstPageData } from '../ui/firstPaint.ts';
import type { AppStore } from '../../core/store/index.ts';
import { isPrivileged } from '../../core/permissions/index.ts';
import { selectCurrentUser, selectSectionUuid } from '../../core/session/slice.ts';
import { widgetContainerArgs } from '../ui/useWidgetContainer.ts';
import { quoteType, SORT_FOR } from './quoteText.ts';
import type { PullQuoteProps } from './PullQuote.tsx';

/** A hidden conversation is quoted to moderators and admins only (as its count is shown). */
export function quoteHidden(container: Container | undefined, user: User | null): boolean {
  return !!container?.settings?.is_hidden && !isPrivileged(user);
}

/** The one-comment list whose first comment is the quote. */
export function quoteListArgs(sectionUuid: string, containerUuid: string, type: string | undefined): CommentsArgs {
  return { sectionUuid, containerUuid, limit: 1, replyLimit: 0, sortedBy: SORT_FOR[quoteType(type)] };
}

/**
 * Loads the container and, unless it is hidden from the viewer, the quote's list into `store`
 * (a ready session's) as the mounted element would; null when there is nothing to paint from.
 */
export async function loadFirstPage(store: AppStore, props: PullQuoteProps): Promise<FirstPageData | null> {
  const loaded = await loadContainerFirstPage(store, (sectionUuid, page) => widgetContainerArgs(sectionUuid, props.vfContainerId, props.target, page));
  if (!loaded) return null;
  const { container, containerUuid } = loaded;
  const state = store.getState();
  if (quoteHidden(container, selectCurrentUser(state))) return { containerUuid, values: [container] };
  const list = await store.dispatch(
    commentQueriesApi.endpoints.comments.initiate(quoteListArgs(selectSectionUuid(state)!, containerUuid, props.type), { subscribe: false }),
  );
  return list.data ? { containerUuid, values: [container, list.data] } : null;
}
