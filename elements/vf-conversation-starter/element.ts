import { ConversationStarter, type ConversationStarterProps } from './ConversationStarter.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * A prompt card that invites readers into the page's conversation. Invisible until it enters
 * the viewport; its code and its container load when it comes within 500 px of the viewport,
 * or after 10000 ms.
 *
 * @summary Conversation starter: title, description, the comment count and a "Join the
 *   conversation" button that scrolls to the target `<vf-conversations>` and focuses its
 *   compose box. Shown once the conversation has at least `minimum-comment-count` comments.
 *
 * @attr {string} target - Id or CSS selector of the `<vf-conversations>` to invite to. Default:
 *   the page's first `<vf-conversations>`; without one the button is not shown.
 * @attr {string} title - The prompt. Default: "What do you think?".
 * @attr {string} description - A line under the prompt (plain text). Default: none.
 * @attr {string} minimum-comment-count - Shown only once the conversation has at least this many
 *   comments, an integer 0–2147483647 (5). A value that is not an integer gives 5.
 * @attr {string} vf-container-id - The container's public id. Default: the target
 *   conversation's, else the page's `vf:container_id` meta, else the page url.
 *
 * @fires {CustomEvent<{ found: boolean }>} vf-conversation-starter-activated - The reader chose
 *   "Join the conversation" (`found`: the target was on the page).
 *
 * @csspart base - The card.
 * @csspart title - The prompt.
 * @csspart description - The description.
 * @csspart count - "12 comments".
 * @csspart button - "Join the conversation".
 * @csspart ad - With ads on, the site's `conversation_starter` ad below the prompt, labelled
 *   "Advertisement" (docs/ads.md "Surfaces"); `ad-label`, `ad-space` inside it.
 * @csspart error - The error with its Retry button.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssprop [--vf-font-family=system-ui, …] - Font stack.
 * @cssprop [--vf-color-text=#1f2328] - Text colour.
 * @cssprop [--vf-color-muted=#59636e] - The description and the count.
 * @cssprop [--vf-color-surface=#f6f8fa] - The card's background.
 * @cssprop [--vf-color-border=#d1d9e0] - The card's border.
 * @cssprop [--vf-color-accent=#0b5cad] - The button.
 * @cssprop [--vf-radius=8px] - Corner radius.
 */
export const conversationStarterElement: ElementDefinition<ConversationStarterProps> = {
  component: ConversationStarter,
  props: { target: 'string', title: 'string', description: 'string', minimumCommentCount: 'string', vfContainerId: 'string' },
  css,
  bundle: 'conversations',
  firstPage: loadFirstPage,
};
