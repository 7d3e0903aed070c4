import { PushOptIn, type PushOptInProps } from './PushOptIn.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';

/**
 * Lets the signed-in reader turn browser push notifications on or off (docs/push.md). Shown
 * only when the site's `enable_push_notifications` setting is on; a guest is asked to log in.
 * The page must be secure (https, or localhost) and the site must serve `vf_sw.js`.
 *
 * @summary Push opt-in: subscribe this browser to vf's push notifications, or unsubscribe it.
 *
 * @attr {string} worker-url - Where the site serves vf's service worker. Default `/vf_sw.js`.
 *
 * @fires push/subscribe_error - `window.vf.$subscribe('push', 'subscribe_error', fn)`: `{ message }`
 *   when subscribing or unsubscribing fails for a reason other than a blocked permission.
 *
 * @csspart base - The element's box.
 * @csspart heading - Its title, "Browser notifications".
 * @csspart state - The current state's text.
 * @csspart toggle - The Turn on / Turn off button.
 * @csspart login - A guest's Log in button.
 * @csspart loading - The "checking" status.
 * @csspart error - A failure with Try again.
 * @csspart offline - The offline notice.
 * @csspart denied - The note shown when the browser blocks notifications for the site.
 * @csspart unsupported - The note shown when this browser or page cannot do push.
 *
 * @cssprop [--vf-font-family=system-ui, …] - Font stack.
 * @cssprop [--vf-color-accent=#0b5cad] - The Turn on button.
 */
export const pushOptInElement: ElementDefinition<PushOptInProps> = {
  component: PushOptIn,
  props: { workerUrl: 'string' },
  css: () => import('./styles.css'),
  placeholder: 'none',
};
