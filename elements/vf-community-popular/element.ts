import type { ComponentProps } from 'react';
import { CommunityPopular } from '../community/CommunityViews.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The community's most liked comments: the site's (or one conversation's) visible comments and
 * replies of the last `days` liked at least once, the most likes first (ties: the newer). Each
 * links to its page, scrolled to the comment.
 *
 * @summary Popular community comments (platform.md container type community-popular), lazily loaded.
 *
 * @attr {string} vf-container-id - Only this conversation's comments (the page's `vf:container_id`).
 *   Default: the whole site.
 * @attr {number} limit - How many comments: an integer 1–100, else 5.
 * @attr {number} days - The window in days: an integer 1–30, else 7.
 *
 * @fires {CustomEvent<{ contentUuid: string, containerUuid: string, url: string }>} vf-community-link - `{ contentUuid, containerUuid, url }`: a reader followed a comment's
 *   link to its page (the page opens with `?deeplink=<comment>`); also on the bus.
 *
 * @csspart base - The titled section.
 * @csspart heading - Its title.
 * @csspart list - The list of comments.
 * @csspart item - One comment.
 * @csspart avatar - The author's picture or initials.
 * @csspart author - The author's name.
 * @csspart comment-text - The comment's text.
 * @csspart link - The link to the comment on its page.
 * @csspart skeleton - Shown while loading (as tall as the list, so nothing moves).
 * @csspart error - Loading failed: message and Retry.
 * @csspart empty - Nothing to show.
 * @csspart offline - The offline notice (the list stays as it was).
 *
 * @cssprop [--vf-color-accent=#0b5cad] - Links and focus rings.
 * @cssprop [--vf-color-surface=#f5f7f9] - Background of the empty and error states.
 */
export const communityPopularElement: ElementDefinition<ComponentProps<typeof CommunityPopular>> = {
  component: CommunityPopular,
  props: { vfContainerId: 'string', limit: 'number', days: 'number' },
  css: () => import('../community/styles.css'),
  reserve: reserves['vf-community-popular'],
};
