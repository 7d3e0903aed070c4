import { Conversations, type ConversationsProps } from './Conversations.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * The comments of one page (a content container): read, post, reply, like.
 *
 * @summary A conversation: comment list with compose box, replies, likes and live updates.
 *
 * @attr {string} vf-container-id - The container's public id. Default: the page's
 *   `vf:container_id` meta, else the page url.
 * @attr {number} limit - Top-level comments on the first page, 1–100 (10). Other values take the default.
 * @attr {number} reply-limit - Replies shown under each thread, 0–100 (2).
 * @attr {number} pagination-limit - Comments per "Load more comments", 1–100 (10).
 * @attr {number} pagination-reply-limit - Replies per "Load more replies", 1–100 (10).
 * @attr {string} sort - `newest` (default) | `oldest` | `num_likes_desc` | `num_replies_desc` |
 *   `featured` (opens on the Editor's picks tab, newest first). The reader can change it.
 * @attr {number} featured-tab-active-threshold - Picks needed before the "Editor's picks" tab
 *   shows, 0–100 (3).
 * @attr {number} first-promo-position - After which comment the first `promo-1` slot goes, 1–100
 *   (the site's `first_promo_position_conversations`, else 1). With ads on, an unfilled promo slot
 *   shows an ad of the site's general surface (docs/ads.md).
 * @attr {number} promo-interval - Comments between promo slots, first-promo-position–100
 *   (the site's `promo_interval_conversations`, else the larger of 6 and first-promo-position).
 * @attr {number} reply-interval - Replies between the promo slots `reply-promo-T-N` inside thread
 *   T (same range as promo-interval; the site's `promo_interval_replies_conversations`).
 * @attr {string} region-label - The region's accessible name (default "Comments").
 * @attr {string} loading-text - What the loading placeholder announces (default "Loading comments…").
 * @attr {string} deeplink - A comment uuid to show, scroll to and highlight; like `?deeplink=`
 *   in the page address it also loads the element at once.
 *
 * @slot promo-N - Empty until the publisher fills it: after comment first-promo-position, then
 *   every promo-interval comments (promo-1, promo-2, …).
 *
 * @fires {CustomEvent<{ comment: VfComment }>} vf-comment-posted - A comment or reply by the
 *   viewer was accepted by the server.
 * @fires {CustomEvent<{ contentUuid: string, liked: boolean }>} vf-comment-liked - The viewer
 *   liked or unliked a comment.
 * @fires {CustomEvent<{ contentUuid: string, disliked: boolean }>} vf-comment-disliked - The viewer
 *   disliked a comment or took it back (only where the site enables dislikes).
 * @fires {CustomEvent<{ user: { uuid: string, name: string }, isNew: boolean }>} vf-login-success -
 *   The viewer logged in or signed up through the element's dialog.
 *
 * @csspart base - The region wrapping everything.
 * @csspart heading - The "N comments" heading.
 * @csspart compose - The compose box.
 * @csspart editor - A compose form (textarea + submit).
 * @csspart reply-editor - The inline reply form.
 * @csspart list - A list of comments.
 * @csspart comment - One comment (replies also carry `reply`).
 * @csspart reply - A reply.
 * @csspart avatar - An author's picture or initials.
 * @csspart author - An author's name.
 * @csspart comment-text - A comment's text.
 * @csspart actions - A comment's Like / Reply row.
 * @csspart load-more - The "Load more comments" button.
 * @csspart toolbar - The tabs and the sort menu.
 * @csspart tab - A tab ("All comments", "Editor's picks"); the selected one also `tab-selected`.
 * @csspart sort - The sort menu (a select).
 * @csspart new-comments - The "Show N new comments" button.
 * @csspart deeplink - The linked comment's section.
 * @csspart held-notice - "Awaiting moderation" under the author's own held comment.
 * @csspart anonymous-name - A guest's name field (anonymous comments).
 * @csspart empty - The "Be the first to comment" state.
 * @csspart error - An error with its Retry button.
 * @csspart skeleton - The loading placeholder.
 * @csspart ad - An ad box ("Advertisement"): in an unfilled promo slot, and, with Taboola as the
 *   general surface's integration, "Above Comments Thumbnails" above the list (docs/ads.md).
 * @csspart login-dialog - The log in / sign up dialog.
 *
 * @cssprop [--vf-font-family=system-ui, …] - Font stack.
 * @cssprop [--vf-font-size=1rem] - Base font size.
 * @cssprop [--vf-color-text=#1f2328] - Text colour.
 * @cssprop [--vf-color-muted=#59636e] - Secondary text (times, counters).
 * @cssprop [--vf-color-background=#ffffff] - Field and dialog background.
 * @cssprop [--vf-color-surface=#f6f8fa] - Hover and subtle surfaces.
 * @cssprop [--vf-color-border=#d1d9e0] - Borders and separators.
 * @cssprop [--vf-color-accent=#0b5cad] - Buttons, links and focus rings.
 * @cssprop [--vf-color-accent-contrast=#ffffff] - Text on the accent colour.
 * @cssprop [--vf-color-danger=#b42318] - Error text.
 * @cssprop [--vf-color-liked=#c0264f] - A liked heart.
 * @cssprop [--vf-radius=8px] - Corner radius.
 * @cssprop [--vf-space=0.5rem] - Spacing unit.
 * @cssprop [--vf-max-width=46rem] - Maximum width of the conversation.
 */
export const conversationsElement: ElementDefinition<ConversationsProps> = {
  component: Conversations,
  props: {
    vfContainerId: 'string',
    limit: 'number',
    replyLimit: 'number',
    paginationLimit: 'number',
    paginationReplyLimit: 'number',
    sort: 'string',
    featuredTabActiveThreshold: 'number',
    firstPromoPosition: 'number',
    promoInterval: 'number',
    replyInterval: 'number',
    regionLabel: 'string',
    loadingText: 'string',
    deeplink: 'string',
  },
  css,
  bundle: 'conversations',
  firstPage: loadFirstPage,
};
