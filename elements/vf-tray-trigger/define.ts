// Chunk entry for <vf-tray-trigger>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { trayTriggerElement } from './element.ts';
import type { TrayTriggerProps } from './TrayTrigger.tsx';

defineElement('vf-tray-trigger', trayTriggerElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-tray-trigger': HTMLElement & TrayTriggerProps;
  }
}
