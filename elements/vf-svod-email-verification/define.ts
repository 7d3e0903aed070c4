// Chunk entry for <vf-svod-email-verification>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { emailVerificationElement } from './element.ts';

defineElement('vf-svod-email-verification', emailVerificationElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-svod-email-verification': HTMLElement;
  }
}
