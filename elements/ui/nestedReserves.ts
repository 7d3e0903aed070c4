/**
 * Adopted by every vf shadow root (defineElement, and the server's first paint): the boxes of the
 * vf elements it may hold (a poll in a live-blog post) until they are defined, which the page's
 * /vf.css cannot give them there (docs/performance.md "Layout shift").
 */
import reserves from '../reserves.json';
import { undefinedReserveCss } from '../reserveRules.mjs';

export const nestedReservesCss = undefinedReserveCss(reserves);
