import { LiveStory, type LiveStoryProps } from './LiveStory.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import contentCss from '../../styles/content.css';
import css from './styles.css';
import reserves from '../reserves.json';
import { loadFirstPage } from './firstPage.ts';

/**
 * The spec's "live story": a compact view of a live blog's latest posts for a home page or the
 * top of an article, updated live, linking to the full live blog (<vf-liveblog>).
 *
 * @summary The latest posts of a live blog, live, with a link to follow it.
 *
 * @attr {string} vf-container-id - The live blog's public id. Default: the page's
 *   `vf:container_id` meta, else the page url.
 * @attr {number} limit - Latest posts shown, 1–10 (3). Other values take the default.
 * @attr {string} href - The page of the full live blog, for "Follow the live blog": an http(s)
 *   or relative address; anything else is ignored (no link).
 * @attr {string} title - The heading (default "Live").
 *
 * @csspart base - The region wrapping everything.
 * @csspart title - The heading.
 * @csspart list - The posts.
 * @csspart post - One post.
 * @csspart author - An author's name.
 * @csspart role - An editor's role next to the name.
 * @csspart avatar - An author's picture or initials.
 * @csspart post-text - A post's text.
 * @csspart post-image - An image in a post.
 * @csspart link-card - A video or social post shown as a link card.
 * @csspart follow - The "Follow the live blog" link.
 * @csspart empty - "No posts yet."
 * @csspart error - An error with its Retry button.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - The live dot, links and focus rings.
 */
export const liveStoryElement: ElementDefinition<LiveStoryProps> = {
  component: LiveStory,
  props: {
    vfContainerId: 'string',
    limit: 'number',
    href: 'string',
    title: 'string',
  },
  css: `${contentCss}\n${css}`,
  reserve: reserves['vf-live-story'],
  bundle: 'conversations',
  firstPage: loadFirstPage,
};
