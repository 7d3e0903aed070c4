/**
 * The query behind a count's first paint, in one place: ConversationsCount reads it with a hook;
 * the server's first-paint renderer and the browser's takeover of that markup (docs/performance.md
 * "Two paths to the first comments") load it before rendering, so both render from the same data.
 */
import type { ContainerArgs } from '../../core/api/commentQueries.ts';
import { loadContainerFirstPage, type FirstPageData } from '../ui/firstPaint.ts';
import type { AppStore } from '../../core/store/index.ts';
import type { selectPage } from '../../core/session/slice.ts';
import { containerIdFor } from '../ui/useElementContainer.ts';
import type { ConversationsCountProps } from './ConversationsCount.tsx';

/** The container the count reads: its `vf-container-id`, else the page's. */
export function countArgs(sectionUuid: string, props: ConversationsCountProps, page: ReturnType<typeof selectPage>): ContainerArgs {
  return { sectionUuid, containerId: containerIdFor(props.vfContainerId, page) };
}

/** Loads the container into `store` (a ready session's) as the mounted element would; null when there is none. */
export const loadFirstPage = (store: AppStore, props: ConversationsCountProps): Promise<FirstPageData | null> =>
  loadContainerFirstPage(store, (sectionUuid, page) => countArgs(sectionUuid, props, page));
