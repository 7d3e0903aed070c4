import { Liveblog, type LiveblogProps } from './Liveblog.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import contentCss from '../../styles/content.css';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * A live blog (docs/api.md "liveblog"): editors' posts, newest first, the pinned ones on top,
 * live as they are published; readers like and reply. Editors and moderators (the site's
 * moderators and admins: `live_content.create`) publish, edit, pin, remove and end it from here.
 *
 * @summary A live blog: rich posts arriving live, pinned posts, likes and replies; editors publish in place.
 *
 * @attr {string} vf-container-id - The live blog's public id. Default: the page's
 *   `vf:container_id` meta, else the page url. Made on first use.
 * @attr {number} limit - Posts per page ("Load older posts"), 1–100 (10). Other values take the default.
 * @attr {string} region-label - The region's accessible name (default "Live blog").
 *
 * @fires {CustomEvent<{ post: VfComment }>} vf-liveblog-post-published - An editor's post was
 *   accepted by the server.
 * @fires {CustomEvent<{ comment: VfComment }>} vf-comment-posted - The viewer's reply was accepted.
 * @fires {CustomEvent<{ contentUuid: string, liked: boolean }>} vf-comment-liked - The viewer
 *   liked or unliked a post or reply.
 * @fires {CustomEvent<{ user: { uuid: string, name: string }, isNew: boolean }>} vf-login-success -
 *   The viewer logged in or signed up through the element's dialog.
 *
 * @csspart base - The region wrapping everything.
 * @csspart editor-tools - Editors only: the composer and End / Reopen.
 * @csspart composer - The composer (toolbar, field, Publish).
 * @csspart format-toolbar - The composer's formatting buttons.
 * @csspart image-upload - The image form (alt text, file).
 * @csspart end-button - "End the live blog" / "Reopen the live blog".
 * @csspart closed - "This live blog has ended."
 * @csspart offline - The offline notice.
 * @csspart live-paused - "Live updates are paused" with Retry.
 * @csspart new-posts - The "N new posts" button.
 * @csspart pinned - The pinned posts.
 * @csspart list - The other posts.
 * @csspart post - One post (a pinned one also `pinned-post`).
 * @csspart author - An author's name.
 * @csspart role - An editor's role next to the name.
 * @csspart avatar - An author's picture or initials.
 * @csspart post-text - A post's text.
 * @csspart post-image - An image in a post.
 * @csspart post-link - A link in a post.
 * @csspart link-card - A video or social post shown as a link card.
 * @csspart actions - A post's or reply's buttons.
 * @csspart reply - A reply.
 * @csspart reply-editor - The reply form.
 * @csspart load-more - "Load older posts".
 * @csspart empty - "No posts yet."
 * @csspart error - An error with its Retry button.
 * @csspart skeleton - The loading placeholder.
 * @csspart ad - An ad of the site's `liveblog` surface after the first post, then every 5th
 *   (docs/ads.md "Surfaces"); `ad-label`, `ad-space` inside it.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - Buttons, links, the pinned mark and focus rings.
 * @cssprop [--vf-color-liked=#c0264f] - A liked heart.
 * @cssprop [--vf-max-width=46rem] - Maximum width of the live blog.
 */
export const liveblogElement: ElementDefinition<LiveblogProps> = {
  component: Liveblog,
  props: {
    vfContainerId: 'string',
    limit: 'number',
    regionLabel: 'string',
  },
  css: `${contentCss}\n${css}`,
  bundle: 'conversations',
  firstPage: loadFirstPage,
};
