import { Reviews, type ReviewsProps } from './Reviews.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * The page's reviews: each with its author, stars, title, text and Helpful votes, sorted by
 * newest, most helpful, highest or lowest rating, with "Show more". Readers vote reviews
 * helpful (not their own; a guest is asked to log in); moderators disable, mark as spam or
 * enable a review from its menu. It updates live, and a polite live region says how many
 * reviews there are after a change.
 *
 * @summary Reviews: the page's reviews, sortable, with helpful votes (content.md §2).
 *
 * @attr {string} vf-container-id - The reviews' container id. Default: the page's
 *   `vf:container_id` meta, else the page url.
 * @attr {number} limit - Reviews per page: an integer 1–100, else 10.
 * @attr {string} sorted-by - The first order: `newest` (default), `most_helpful`, `highest`, `lowest`.
 *
 * @fires {CustomEvent<{ contentUuid: string, helpful: boolean }>} vf-review-helpful - `{ contentUuid, helpful }` after a Helpful vote is saved or taken back.
 * @fires {CustomEvent<{ sortedBy: string }>} vf-reviews-sorted - `{ sortedBy }` when the reader picks another order.
 *
 * @csspart base - The region.
 * @csspart heading - "12 reviews".
 * @csspart sort - The order select.
 * @csspart list - The list of reviews.
 * @csspart review - One review.
 * @csspart stars - A review's stars.
 * @csspart title - A review's title.
 * @csspart text - A review's text.
 * @csspart helpful - The Helpful button (`aria-pressed`), with its count.
 * @csspart helpful-count - The count under one's own review (no button).
 * @csspart state - A moderator's badge for a review that is not visible.
 * @csspart comment-menu-button - A moderator's menu button; `comment-menu` its menu.
 * @csspart more - Show more reviews.
 * @csspart live - The polite live region.
 * @csspart empty - "No reviews yet."
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading (space kept).
 *
 * @cssprop [--vf-color-star=#8a5300] - Filled stars.
 */
export const reviewsElement: ElementDefinition<ReviewsProps> = {
  component: Reviews,
  props: { vfContainerId: 'string', limit: 'number', sortedBy: 'string' },
  css,
  reserve: reserves['vf-reviews'],
  bundle: 'reviews',
  firstPage: loadFirstPage,
};
