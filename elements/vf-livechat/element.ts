import { Livechat, type LivechatProps } from './Livechat.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import contentCss from '../../styles/content.css';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * A live chat (docs/api.md "chat"): short messages, newest at the bottom, arriving live; readers
 * send (Enter; Shift+Enter for a new line), reply, like and report; moderators disable messages,
 * ban from posting, close and reopen the chat and set slow mode, from here. Loads lazily once in
 * view and fetches 10 s later (content.md §2); keeps at most 200 messages in the page however
 * many arrive.
 *
 * @summary A live chat: messages arriving live at the bottom, replies, likes, typing and presence; moderation in place.
 *
 * @attr {string} vf-container-id - The chat's public id. Default: the page's `vf:container_id`
 *   meta, else the page url. Made on first use.
 * @attr {number} limit - Messages in the first read and in each history page, 1–100 (30). Other
 *   values take the default.
 * @attr {string} region-label - The region's accessible name (default "Live chat").
 *
 * @fires {CustomEvent<{ message: VfComment }>} vf-chat-message-sent - The viewer's message was
 *   accepted by the server (it may still await review under premoderation: `message.state`).
 * @fires {CustomEvent<{ contentUuid: string, liked: boolean }>} vf-comment-liked - The viewer
 *   liked or unliked a message.
 * @fires {CustomEvent<{ user: { uuid: string, name: string }, isNew: boolean }>} vf-login-success -
 *   The viewer logged in or signed up through the element's dialog.
 *
 * @csspart base - The region wrapping everything.
 * @csspart header - Presence and, for moderators, their tools.
 * @csspart presence - "N people here".
 * @csspart moderator-tools - Moderators only: close / reopen and slow mode.
 * @csspart close-button - "Close the chat" / "Reopen the chat".
 * @csspart slow-mode-setting - The slow-mode choice (off, 5, 10, 30, 60 s).
 * @csspart offline - The offline notice.
 * @csspart live-paused - "Live updates are paused" with Retry.
 * @csspart scroller - The scrolling box of messages.
 * @csspart load-older - "Load older messages".
 * @csspart list - The messages.
 * @csspart message - One message (the reader's own on its way also `outgoing` and `sending` or `failed`).
 * @csspart author - An author's name.
 * @csspart avatar - An author's picture or initials.
 * @csspart quote - The message a reply answers.
 * @csspart comment-text - A message's text.
 * @csspart comment-link - A link in a message.
 * @csspart actions - A message's buttons.
 * @csspart comment-menu-button - A message's "More actions" button.
 * @csspart comment-menu - Its menu (Report; for moderators Disable / Approve, Ban from posting).
 * @csspart ban-dialog - The ban dialog.
 * @csspart badge - A moderator's badge on a held or disabled message.
 * @csspart held-notice - Under the reader's own message while it awaits review.
 * @csspart new-messages - The "N new messages" / "Back to the latest messages" button.
 * @csspart announcer - The polite live region announcing new messages in batches (visually hidden).
 * @csspart typing - "Someone is typing…" / "N people are typing…".
 * @csspart compose - The compose box.
 * @csspart replying - In the compose box: the message being answered, with Cancel.
 * @csspart slow-mode - Slow mode's rule or the countdown to the next message.
 * @csspart closed - "This chat is closed." instead of the compose box.
 * @csspart compose-refused - A banned or muted reader's notice instead of the compose box.
 * @csspart empty - "No messages yet. Say hello!"
 * @csspart error - An error with its Retry button.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssprop [--vf-chat-height=28rem] - Height of the scrolling box of messages.
 * @cssprop [--vf-color-accent=#0b5cad] - Buttons, links and focus rings.
 * @cssprop [--vf-color-liked=#c0264f] - A liked heart.
 * @cssprop [--vf-max-width=46rem] - Maximum width of the chat.
 */
export const livechatElement: ElementDefinition<LivechatProps> = {
  component: Livechat,
  props: {
    vfContainerId: 'string',
    limit: 'number',
    regionLabel: 'string',
  },
  css: `${contentCss}\n${css}`,
  bundle: 'conversations',
  firstPage: loadFirstPage,
};
