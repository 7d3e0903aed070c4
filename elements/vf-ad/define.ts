// Chunk entry for <vf-ad>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { adElement } from './element.ts';
import type { AdProps } from './Ad.tsx';

defineElement('vf-ad', adElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-ad': HTMLElement & AdProps;
  }
}
