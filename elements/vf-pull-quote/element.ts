import { PullQuote, type PullQuoteProps } from './PullQuote.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import css from './styles.css';
import { loadFirstPage } from './firstPage.ts';

/**
 * A comment from the page's conversation, quoted in the article. Loaded 5 s after the page.
 *
 * @summary Pull quote: the most liked comment, the most replied-to one, or the newest editor's
 *   pick, cut at `max-characters` on a word boundary, with its author and a button to the
 *   conversation. Shows nothing when no comment qualifies.
 *
 * @attr {string} type - `likes` (default) | `replies` | `editors_pick`. Other values: `likes`.
 * @attr {number} max-characters - Longest quote in characters, ellipsis included, 1–10000 (150).
 *   Other values take the default.
 * @attr {string} title - The heading. Default: the type's name ("Most liked comment").
 * @attr {string} vf-container-id - The container's public id. Default: the target
 *   conversation's, else the page's `vf:container_id` meta, else the page url.
 * @attr {string} target - Id or CSS selector of the `<vf-conversations>` the "Read the
 *   conversation" button scrolls to. Default: the page's first `<vf-conversations>`; without
 *   one the button is not shown.
 *
 * @fires {CustomEvent<{ contentUuid: string, found: boolean }>} vf-pull-quote-activated - The
 *   reader chose "Read the conversation".
 *
 * @csspart base - The region wrapping everything.
 * @csspart title - The heading.
 * @csspart quote - The quoted text.
 * @csspart author - "— Name".
 * @csspart link - The "Read the conversation" button.
 * @csspart error - The error with its Retry button.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssprop [--vf-font-family=system-ui, …] - Font stack.
 * @cssprop [--vf-color-text=#1f2328] - Text colour.
 * @cssprop [--vf-color-muted=#59636e] - The heading and the author.
 * @cssprop [--vf-color-accent=#0b5cad] - The rule beside the quote and the button.
 * @cssprop [--vf-quote-font-size=1.375rem] - Size of the quoted text.
 */
export const pullQuoteElement: ElementDefinition<PullQuoteProps> = {
  component: PullQuote,
  props: { type: 'string', maxCharacters: 'number', title: 'string', vfContainerId: 'string', target: 'string' },
  css,
  bundle: 'quote',
  firstPage: loadFirstPage,
};
