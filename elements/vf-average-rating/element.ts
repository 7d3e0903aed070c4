import { AverageRating, type AverageRatingProps } from './AverageRating.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The page's average rating: the average (one decimal) with its stars, the number of ratings,
 * and a bar per star with its count. Only reviews readers can see count (a disabled or spam
 * review drops out at once); it updates live as reviews come and go.
 *
 * @summary Average rating: the page's average, count and distribution (content.md §2).
 *
 * @attr {string} vf-container-id - The reviews' container id. Default: the page's
 *   `vf:container_id` meta, else the page url.
 * @attr {boolean} compact - Stars and count only (no distribution).
 *
 * @csspart base - The summary.
 * @csspart value - The average as a number.
 * @csspart stars - The average as stars (one image: "4.3 out of 5 stars").
 * @csspart count - "12 ratings".
 * @csspart distribution - The list of bars, 5 stars first.
 * @csspart bar-row - One star's row: label, bar, count (read as "5 stars: 3 reviews").
 * @csspart bar - One star's bar.
 * @csspart empty - "No ratings yet."
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice (it updates again once online).
 * @csspart skeleton - Shown while loading (space kept).
 *
 * @cssprop [--vf-color-star=#8a5300] - Filled stars and the bars' fill.
 */
export const averageRatingElement: ElementDefinition<AverageRatingProps> = {
  component: AverageRating,
  props: { vfContainerId: 'string', compact: 'boolean' },
  css: () => import('./styles.css'),
  reserve: reserves['vf-average-rating'],
  bundle: 'reviews',
};
