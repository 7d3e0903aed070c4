import { TrayTrigger, type TrayTriggerProps } from './TrayTrigger.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * A bell button that opens and closes the page's `<vf-tray>`. vf adds a floating one to
 * `<body>` with the tray when the page has no trigger and no conversations or reviews widget.
 *
 * @summary Tray trigger: a bell button (class `vf-js-tray-activator`) toggling the tray.
 *
 * @attr {boolean} floating - Pinned to the window's bottom corner instead of sitting in the flow.
 *
 * @fires tray/toggle - `window.vf.$subscribe('tray', 'toggle', fn)`: `{ open, view }`.
 *
 * @csspart button - The bell button.
 * @csspart badge - The signed-in reader's unread (new) notification count, live; absent at 0.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - The floating button's background.
 * @cssprop [--vf-color-accent-contrast=#ffffff] - The floating button's bell.
 * @cssprop [--vf-tray-trigger-offset=1.25rem] - Distance of the floating button from the corner.
 * @cssprop [--vf-tray-badge-background=var(--vf-color-danger)] - The unread badge's background.
 * @cssprop [--vf-tray-badge-color=#fff] - The unread badge's number.
 */
export const trayTriggerElement: ElementDefinition<TrayTriggerProps> = {
  component: TrayTrigger,
  props: { floating: 'boolean' },
  css: () => import('./styles.css'),
  reserve: reserves['vf-tray-trigger'],
  placeholder: 'none',
};
