/**
 * The queries behind the reviews' first paint, in one place: Reviews and its list read them with
 * hooks; the server's first-paint renderer and the browser's takeover of that markup
 * (docs/performance.md "Two paths to the first comments") load them before rendering, so both
 * render from the same data, and the list has its height before the element's code arrives.
 */
import { REVIEW_SORTS, type ReviewSort } from '../../core/api/reviewTypes.ts';
import { reviewsApi, type ContainerViewArgs } from '../../core/api/reviews.ts';
import type { Container } from '../../core/api/types.ts';
import { isLoggedInUser, selectCurrentUser, selectPage, selectSectionUuid } from '../../core/session/slice.ts';
import { clampSetting, COMMENT_LIMIT } from '../../core/settings/clamp.ts';
import type { AppStore } from '../../core/store/index.ts';
import type { FirstPageData } from '../ui/firstPaint.ts';
import { containerIdFor } from '../ui/useElementContainer.ts';
import type { ReviewsProps } from './Reviews.tsx';

/** The first order: `sorted-by` when it names one, else newest. */
export const firstSort = (sortedBy: string | undefined): ReviewSort =>
  (REVIEW_SORTS as readonly string[]).includes(sortedBy ?? '') ? (sortedBy as ReviewSort) : 'newest';

/** Reviews per page, from the element's `limit`. */
export const reviewsPerPage = (limit: number | undefined): number => clampSetting(limit, COMMENT_LIMIT);

/**
 * Loads the reviews container, its rating summary, the first page in the first order and the
 * newest page (the structured data's) into `store` (a ready session's), as the mounted element
 * would; null when the session has no site or the container cannot be read.
 */
export async function loadFirstPage(store: AppStore, props: ReviewsProps): Promise<FirstPageData | null> {
  const state = store.getState();
  const sectionUuid = selectSectionUuid(state);
  if (!sectionUuid) return null;
  const once = { subscribe: false } as const;
  const containerId = containerIdFor(props.vfContainerId, selectPage(state));
  const container = (await store.dispatch(reviewsApi.endpoints.reviewsContainer.initiate({ sectionUuid, containerId }, once))).data as Container | undefined;
  if (!container) return null;
  const user = selectCurrentUser(state);
  const args: ContainerViewArgs = { sectionUuid, containerUuid: container.content_container_uuid, userUuid: isLoggedInUser(user) ? user.uuid : null };
  const sort = firstSort(props.sortedBy);
  const limit = reviewsPerPage(props.limit);
  const page = (sorted: ReviewSort) => store.dispatch(reviewsApi.endpoints.reviewPage.initiate({ ...args, sort: sorted, limit, startingFrom: null }, once));
  const [ratings, first, newest] = await Promise.all([
    store.dispatch(reviewsApi.endpoints.ratingSummary.initiate(args, once)),
    page(sort),
    sort === 'newest' ? null : page('newest'),
  ]);
  if (!ratings.data || !first.data) return null;
  return { containerUuid: args.containerUuid, values: [container, ratings.data, first.data, newest?.data ?? null] };
}
