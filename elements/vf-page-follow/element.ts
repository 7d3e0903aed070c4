import { PageFollow, type PageFollowProps } from './PageFollow.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * A Follow / Following button for the page it is on: a reader who follows a page is notified
 * of new comments, posts and messages on it. A guest pressing it is asked to log in
 * (`authentication/needed`), and the page is followed once they have. The pages a reader
 * follows are listed in the tray's profile view.
 *
 * @summary Page follow: toggles following the current page (content.md §4 "Page subscribe").
 *
 * @attr {string} data-path - The page's path. The current path (or none) means the current
 *   page; another path shows nothing and warns in the console (pages are found only by id).
 * @attr {string} data-url - The page's address, read the same way. Only one of `data-path` and
 *   `data-url`: with both, the element shows and logs "Only one of data-path or data-url is
 *   supported" and sends nothing.
 *
 * @fires {CustomEvent<{ pageUuid: string }>} vf-page-followed - `{ pageUuid }` after the follow is saved.
 * @fires {CustomEvent<{ pageUuid: string }>} vf-page-unfollowed - `{ pageUuid }` after the unfollow is saved.
 *
 * @csspart base - The button and notices.
 * @csspart button - The Follow this page / Following this page button (`aria-pressed`).
 * @csspart error - Loading the follow state failed (message and Retry), or both attributes given.
 * @csspart failed - A follow or unfollow failed.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - The Follow button's background.
 */
export const pageFollowElement: ElementDefinition<PageFollowProps> = {
  component: PageFollow,
  props: { dataPath: 'string', dataUrl: 'string' },
  css: () => import('./styles.css'),
  placeholder: 'none',
  reserve: reserves['vf-page-follow'],
};
