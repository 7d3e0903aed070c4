import type { ComponentProps } from 'react';
import { CommunityComments } from '../community/CommunityViews.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The community's latest comments: the site's (or one conversation's) newest visible comments
 * and replies, each linking to its page, scrolled to the comment.
 *
 * @summary Latest community comments (platform.md container type community-comments), lazily loaded.
 *
 * @attr {string} vf-container-id - Only this conversation's comments (the page's `vf:container_id`).
 *   Default: the whole site.
 * @attr {number} limit - How many comments: an integer 1–100, else 5.
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
export const communityCommentsElement: ElementDefinition<ComponentProps<typeof CommunityComments>> = {
  component: CommunityComments,
  props: { vfContainerId: 'string', limit: 'number' },
  css: () => import('../community/styles.css'),
  reserve: reserves['vf-community-comments'],
};
