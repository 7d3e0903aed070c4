// Chunk entry for <vf-tray>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { trayElement } from './element.ts';

defineElement('vf-tray', trayElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-tray': HTMLElement;
  }
}
