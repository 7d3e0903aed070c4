import { ShareTotal, type ShareTotalProps } from './ShareTotal.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * How many times a page was shared through vf share bars, in compact notation ("1.2K shares").
 * It moves as soon as a share bar on the same page records a share, in a polite live region.
 * A count of 0 shows nothing unless `show-zero`. The host's `data-vf-state` is `loading`,
 * `ready`, `empty` (0, or no page) or `error`.
 *
 * @summary Share total: a page's share count (content.md §2 "share total").
 *
 * @attr {string} page-uuid - Another page's count, by its stored uuid (`window.vf` page context
 *   `id`). Default: the current page.
 * @attr {boolean} show-zero - Shows "0 shares" rather than nothing.
 *
 * @csspart base - The count and its notices.
 * @csspart total - The count.
 * @csspart empty - The count is 0 (without `show-zero`), or the page has no http(s) address.
 * @csspart error - Loading the count failed: message and Retry.
 * @csspart offline - The offline note (the count may be out of date).
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-color-count=inherit] - Text colour of the count.
 */
export const shareTotalElement: ElementDefinition<ShareTotalProps> = {
  component: ShareTotal,
  props: { pageUuid: 'string', showZero: 'boolean' },
  css: () => import('./styles.css'),
  placeholder: 'none',
};
