/**
 * The queries behind a live blog's first paint, in one place: LiveblogPanel and PostList read
 * them with hooks; the server's first-paint renderer and the browser's takeover of that markup
 * (docs/performance.md "Two paths to the first comments") load them before rendering, so both
 * render from the same data.
 */
import { liveblogApi, type LiveblogArgs, type PostsArgs } from '../../core/api/liveblog.ts';
import { pollsApi } from '../../core/api/polls.ts';
import { selectSectionUuid } from '../../core/session/slice.ts';
import { clampSetting, PAGINATION_LIMIT } from '../../core/settings/clamp.ts';
import type { AppStore } from '../../core/store/index.ts';
import { loadContainerAndItems, type FirstPageData } from '../ui/firstPaint.ts';
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

/** The live blog and its first `limit` posts, as its hooks read them (the live story shows the same, fewer). */
export function loadBlogAndPosts(store: AppStore, vfContainerId: string | undefined, limit: number): Promise<FirstPageData | null> {
  return loadContainerAndItems(
    store, vfContainerId,
    (sectionUuid, containerId) => store.dispatch(liveblogApi.endpoints.liveblog.initiate(liveblogArgs(sectionUuid, containerId, limit), { subscribe: false })),
    (sectionUuid, containerUuid) => store.dispatch(liveblogApi.endpoints.liveblogPosts.initiate(postsArgs(sectionUuid, containerUuid, limit), { subscribe: false })),
  );
}

/**
 * Loads the live blog, its first page of posts and which posts hold a poll (PostPoll) into
 * `store` (a ready session's), as the mounted element would: a painted post has its poll's
 * place already, so taking the markup over moves nothing.
 */
export async function loadFirstPage(store: AppStore, props: LiveblogProps): Promise<FirstPageData | null> {
  const first = await loadBlogAndPosts(store, props.vfContainerId, postsPerPage(props.limit));
  const sectionUuid = selectSectionUuid(store.getState());
  if (!first || !sectionUuid) return first;
  const polls = await store.dispatch(pollsApi.endpoints.postPolls.initiate({ sectionUuid, containerUuid: first.containerUuid }, { subscribe: false }));
  return { ...first, values: [...first.values, polls.data ?? null] };
}
