// Chunk entry for <vf-svod-reset-password>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { resetPasswordElement } from './element.ts';

defineElement('vf-svod-reset-password', resetPasswordElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-svod-reset-password': HTMLElement;
  }
}
