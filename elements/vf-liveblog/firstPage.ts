/**
 * The queries behind a live blog's first paint, in one place: LiveblogPanel and PostList read
 * them with hooks; the server's first-paint renderer and the browser's takeover of that markup
 * (docs/performance.md "Two paths to the first comments") load them before rendering, so both
 * render from the same data.
 */
import { liveblogApi, type LiveblogArgs, type PostsArgs } from '../../core/api/liveblog.ts';
import { clampSetting, PAGINATION_LIMIT } from '../../core/settings/clamp.ts';
import { selectPage, selectSectionUuid } from '../../core/session/slice.ts';
import type { AppStore } from '../../core/store/index.ts';
import type { FirstPageData } from '../ui/firstPaint.ts';
import { containerIdFor } from '../ui/useElementContainer.ts';
import type { LiveblogProps } from './Liveblog.tsx';

/** Posts per page, from the element's `limit`. */
export const postsPerPage = (limit: number | undefined): number => clampSetting(limit, PAGINATION_LIMIT);

/** The live blog's own read (it brings the first page of posts along). */
export function liveblogArgs(sectionUuid: string, containerId: string, limit: number): LiveblogArgs {
  return { sectionUuid, containerId, limit };
}

/** The posts list's pages. */
export function postsArgs(sectionUuid: string, containerUuid: string, limit: number): PostsArgs {
  return { sectionUuid, containerUuid, limit };
}

/**
 * Loads the live blog and its first page of posts into `store` (a ready session's), as the
 * mounted element would: what was loaded, in order, or null when there is nothing to paint from.
 */
export async function loadFirstPage(store: AppStore, props: LiveblogProps): Promise<FirstPageData | null> {
  const state = store.getState();
  const sectionUuid = selectSectionUuid(state);
  if (!sectionUuid) return null;
  const limit = postsPerPage(props.limit);
  const containerId = containerIdFor(props.vfContainerId, selectPage(state));
  const loaded = await store.dispatch(
    liveblogApi.endpoints.liveblog.initiate(liveblogArgs(sectionUuid, containerId, limit), { subscribe: false }),
  );
  const container = loaded.data;
  if (!container) return null;
  const containerUuid = container.content_container_uuid;
  const posts = await store.dispatch(
    liveblogApi.endpoints.liveblogPosts.initiate(postsArgs(sectionUuid, containerUuid, limit), { subscribe: false }),
  );
  if (!posts.data) return null;
  return { containerUuid, values: [container, posts.data] };
}
