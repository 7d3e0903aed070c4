import { TrendingArticles, type TrendingArticlesProps } from './TrendingArticles.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * The site's most discussed articles, or with `content-recirculation` the ones recommended for
 * this reader. Hidden until it enters the viewport; its code and its list load once it is in
 * view, the viewport being watched from 5000 ms after the page started (content.md §2). Its height
 * is known from its attributes: /vf.css keeps it from the page's first paint (reserve.css).
 *
 * @summary Trending articles / content recirculation (content.md §2, §5, §7): a list, grid or
 *   carousel of links to trending articles, each with its comment count and, if asked, its picture.
 *
 * @attr {string} widget-title - The heading (the spec's `title`; `title` itself is the global
 *   HTML tooltip attribute). Default: "Trending now", or "Recommended for you" with
 *   `content-recirculation`.
 * @attr {string} limit - How many articles, an integer 1–100 (5); anything else gives 5.
 * @attr {string} days-published - Articles opened within this many days, 1–30 or `all` (= 30); default 7.
 * @attr {string} trend-window - Counted are articles with a comment within this many hours, 1–48 (3).
 * @attr {string} sort - `trending` (most comments first, the default) or `newest`; anything else is `trending`.
 * @attr {string} view - `list` (default), `grid` or `carousel`.
 * @attr {string} thumbnail - Shows each article's picture only when exactly `true`.
 * @attr {string} thumbnail-position - `left` (default), `right` or `top` (list and grid).
 * @attr {string} tracking-medium - The medium each link carries as `vf_medium`: one of
 *   `standalone_content_recirculation_with_ads`, `standalone_content_recirculation_with_ads_rs`,
 *   `standalone_top_pages`, `standalone_top_pages_condensed`, `tray_top_pages`,
 *   `tray_notification`, `conversations_top_pages`. Default: the first with
 *   `content-recirculation`, else `standalone_top_pages`.
 * @attr {boolean} hide-on-empty - With nothing to show, the element shows nothing (no message).
 * @attr {boolean} content-recirculation - Recommended for this reader (trendingrecommended): leaves
 *   out what they read or commented in and puts topics they follow first; records this article as read.
 * @attr {string} vf-container-id - The current article's container id, never listed. Default: the
 *   page's `vf:container_id`, else its url.
 * @attr {string} data-id - The same as `vf-container-id` (wins over it, as for every vf widget).
 *
 * @fires {CustomEvent<{ url: string, containerId: string, position: number, medium: string }>} vf-trending-click -
 *   The reader opened an article (`position` from 1; `url` with `vf_medium`). Also on the bus:
 *   `vf.$subscribe('vf-trending-articles', 'vf-trending-click', cb)`.
 *
 * @csspart base - The whole block.
 * @csspart title - The heading.
 * @csspart list - The list or grid (`<ol>`).
 * @csspart item - One article (list item, or carousel slide).
 * @csspart link - An article's link.
 * @csspart image - Its picture (16:9), or the neutral block that takes its place (`placeholder`).
 * @csspart placeholder - The block shown for an article without a picture.
 * @csspart headline - The article's title.
 * @csspart count - "12 comments".
 * @csspart carousel - The carousel region.
 * @csspart controls - The Previous / Next buttons' row.
 * @csspart previous - The Previous button.
 * @csspart next - The Next button.
 * @csspart track - The carousel's scrolling row.
 * @csspart slide - A carousel slide (`current` too on the current one).
 * @csspart empty - "No trending articles right now."
 * @csspart error - The error with its Retry button.
 * @csspart offline - The offline notice.
 * @csspart skeleton - The loading placeholder.
 * @csspart ad-item - The ad card of the site's `trending` surface after the second article (a list
 *   item, or a box between the carousel's slides; docs/ads.md "Surfaces").
 * @csspart ad - The ad box in it ("Advertisement"); `ad-label`, `ad-space` inside.
 *
 * @cssprop [--vf-trending-columns-min=14rem] - Grid view: the narrowest column.
 * @cssprop [--vf-trending-slide-width=16rem] - Carousel view: a slide's width.
 * @cssprop [--vf-trending-thumbnail-width=7.5rem] - List view: a left or right picture's width.
 * @cssprop [--vf-trending-headline-lines=3] - The lines every headline's box takes (a longer one
 *   ends in "…"), so every card has one height and /vf.css reserves the block's (reserve.css).
 * @cssprop [--vf-color-text=#1f2328] - Text colour.
 * @cssprop [--vf-color-muted=#59636e] - The comment count.
 * @cssprop [--vf-color-surface=#f6f8fa] - The picture placeholder.
 * @cssprop [--vf-color-accent=#0b5cad] - Links' focus ring.
 */
export const trendingArticlesElement: ElementDefinition<TrendingArticlesProps> = {
  component: TrendingArticles,
  props: {
    vfContainerId: 'string', dataId: 'string', widgetTitle: 'string', limit: 'string', daysPublished: 'string', trendWindow: 'string',
    sort: 'string', view: 'string', thumbnail: 'string', thumbnailPosition: 'string', trackingMedium: 'string',
    hideOnEmpty: 'boolean', contentRecirculation: 'boolean',
  },
  css: () => import('./styles.css'),
  bundle: 'trending_articles',
};
