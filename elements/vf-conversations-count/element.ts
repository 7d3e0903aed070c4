import { ConversationsCount, type ConversationsCountProps } from './ConversationsCount.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * A container's comment count, e.g. "12 comments", kept live.
 *
 * @summary Comment count: shown only when it is a nonzero integer and the container is not
 *   hidden (moderators and admins also see hidden containers' counts).
 *
 * @attr {string} vf-container-id - The container's public id. Default: the page's
 *   `vf:container_id` meta, else the page url.
 *
 * @csspart count - The count text.
 *
 * @cssprop [--vf-font-family=system-ui, …] - Font stack.
 * @cssprop [--vf-color-count=inherit] - Text colour of the count.
 */
export const conversationsCountElement: ElementDefinition<ConversationsCountProps> = {
  component: ConversationsCount,
  props: { vfContainerId: 'string' },
  css,
  placeholder: 'none',
  firstPage: loadFirstPage,
};
