import { UserRatings, type UserRatingsProps } from './UserRatings.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * One reader's ratings and reviews across the site, newest first: stars, title, the start of
 * the text, the page and when. Reviews that are held, disabled or spam, and pages whose
 * reviews are hidden, are not listed.
 *
 * @summary User ratings: a reader's ratings across the site (content.md §2 "user ratings").
 *
 * @attr {string} user-uuid - Required: the reader's uuid. Missing, the element renders nothing.
 * @attr {number} limit - How many at most: an integer 1–50, else 5.
 *
 * @csspart base - The region.
 * @csspart list - The list of ratings.
 * @csspart rating - One rating.
 * @csspart stars - Its stars.
 * @csspart title - Its title.
 * @csspart text - The start of its text.
 * @csspart page - The page it is about (a link when the container id is an address).
 * @csspart empty - "No ratings yet."
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading (space kept).
 *
 * @cssprop [--vf-color-star=#8a5300] - Filled stars.
 */
export const userRatingsElement: ElementDefinition<UserRatingsProps> = {
  component: UserRatings,
  props: { userUuid: 'string', limit: 'number' },
  css: () => import('./styles.css'),
  reserve: reserves['vf-user-ratings'],
  bundle: 'reviews',
};
