import { ShareBar, type ShareBarProps } from './ShareBar.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * Share buttons for a page. Where the browser has the Web Share API, a Share button opens the
 * system share sheet, and the links are behind a "More ways to share" disclosure button;
 * elsewhere the links show at once. Links open the network in a new window (`noopener
 * noreferrer`); Email opens a `mailto:` message; Copy link copies the address (Clipboard API,
 * else `execCommand('copy')`) and says "Link copied" in a polite live region. Each share of the
 * current page is recorded (`POST /api/v2/pages/{page}/shares`), the sharer too when signed in,
 * and the shared address carries `vf_medium=share`, `vf_source=<network>` and `vf_sharer=<user
 * uuid>` for analytics' referrer (docs/api.md "shares"). With the site's `enable_sharebar` switch
 * off (docs/settings.md) it renders nothing.
 *
 * @summary Share bar: Web Share, network links, email and copy link (content.md §2 "share bar").
 *
 * @attr {string} url - The address to share (http or https only). Default: the page's canonical
 *   address. Another page's address is shared but not counted.
 * @attr {string} share-title - The title shared with the link (`title` is a global attribute: it
 *   would show as a tooltip). Default: the page's title.
 * @attr {string} share-text - A line of text the share sheet, WhatsApp and the email add.
 * @attr {string} networks - Comma-separated, in order, from `facebook`, `x` (or `twitter`),
 *   `linkedin`, `whatsapp`, `reddit`, `email`, `copy`; unknown names are ignored. Default:
 *   `facebook,x,linkedin,whatsapp,email,copy`.
 * @attr {boolean} show-total - Shows the page's share count after the buttons.
 *
 * @fires {CustomEvent<{ network: 'native' | 'facebook' | 'x' | 'linkedin' | 'whatsapp' | 'reddit' | 'email' | 'copy', url: string }>} vf-share - `{ network, url }` when the reader shared (`network` is `native` for the share
 *   sheet; `url` the shared address); also published on the bus.
 *
 * @csspart base - The group of buttons, count and notices.
 * @csspart share-button - The Share button (Web Share API only).
 * @csspart more-button - "More ways to share", which shows the links (Web Share API only).
 * @csspart links - The list of links.
 * @csspart link - Each link or button in the list; also named by its network (`facebook`, `x`,
 *   `linkedin`, `whatsapp`, `reddit`, `email`, `copy`).
 * @csspart total - The share count (`show-total`).
 * @csspart status - The polite live region: "Link copied", or the address when copying failed.
 * @csspart empty - The page has no http(s) address to share.
 * @csspart error - Loading the count failed: message and Retry.
 * @csspart offline - The offline notices.
 * @csspart skeleton - The count while it loads.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - The Share button's background.
 * @cssprop [--vf-color-count=inherit] - Text colour of the count.
 */
export const shareBarElement: ElementDefinition<ShareBarProps> = {
  component: ShareBar,
  props: { url: 'string', shareTitle: 'string', shareText: 'string', networks: 'string', showTotal: 'boolean' },
  css: () => import('./styles.css'),
  reserve: reserves['vf-share-bar'],
  placeholder: 'none',
};
