/**
 * The elements the server can paint first, by tag: the element's own definition (the browser's
 * component, attributes and stylesheet) and its structured data. Adding one: give its
 * definition a `firstPage` loader (elements/ui/firstPaint.ts) and list it here.
 */
import type { ElementDefinition } from '../../elements/ui/defineElement.ts';
import { conversationsElement } from '../../elements/vf-conversations/element.ts';
import { conversationsCountElement } from '../../elements/vf-conversations-count/element.ts';
import { conversationStarterElement } from '../../elements/vf-conversation-starter/element.ts';
import { pullQuoteElement } from '../../elements/vf-pull-quote/element.ts';
import { liveblogElement } from '../../elements/vf-liveblog/element.ts';
import { livechatElement } from '../../elements/vf-livechat/element.ts';
import { reviewsElement } from '../../elements/vf-reviews/element.ts';
import { liveStoryElement } from '../../elements/vf-live-story/element.ts';
import type { Comment, CommentPage, Container, LiveblogPage } from '../../core/api/types.ts';
import { discussionForumPosting, liveBlogPosting } from './structuredData.ts';

export interface FirstPaintElement {
  definition: ElementDefinition<any>;
  /** From the first page's values (as the element's `firstPage` returned them). */
  structuredData(values: unknown[]): object | null;
}

type InfinitePages = { pages: CommentPage[] };

export const FIRST_PAINT_ELEMENTS: Record<string, FirstPaintElement> = {
  'vf-conversations': {
    definition: conversationsElement,
    structuredData: ([container, all]) => {
      const pages = (all as InfinitePages).pages;
      const contents: Comment[] = pages.flatMap((page) => page.contents);
      return discussionForumPosting(container as Container, { ...pages[0]!, contents });
    },
  },
  'vf-conversations-count': { definition: conversationsCountElement, structuredData: () => null },
  // A quoted comment is already in the conversation's DiscussionForumPosting.
  'vf-pull-quote': { definition: pullQuoteElement, structuredData: () => null },
  'vf-conversation-starter': { definition: conversationStarterElement, structuredData: () => null },
  'vf-liveblog': {
    definition: liveblogElement,
    structuredData: ([container, posts]) => {
      const pages = (posts as { pages: LiveblogPage[] }).pages;
      return liveBlogPosting(container as Container, [...(pages[0]?.pinned ?? []), ...pages.flatMap((page) => page.contents)]);
    },
  },
  // The messages, oldest first (pages[0] holds the latest); a reply quotes its parent, it does not nest under it.
  'vf-livechat': {
    definition: livechatElement,
    structuredData: ([container, messages]) => {
      const pages = (messages as InfinitePages).pages;
      const contents: Comment[] = [...pages].reverse().flatMap((page) => page.contents);
      return discussionForumPosting(container as Container, { ...pages[0]!, contents });
    },
  },
  // The reviews' structured data names the page's title and address, which the browser knows:
  // the element writes it into the page's head itself (elements/vf-reviews/useStructuredData.ts).
  'vf-reviews': { definition: reviewsElement, structuredData: () => null },
  // A summary of a live blog on another page: that page carries the LiveBlogPosting.
  'vf-live-story': { definition: liveStoryElement, structuredData: () => null },
};
