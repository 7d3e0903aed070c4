// Chunk entry for <vf-share-total>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { shareTotalElement } from './element.ts';
import type { ShareTotalProps } from './ShareTotal.tsx';

defineElement('vf-share-total', shareTotalElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-share-total': HTMLElement & ShareTotalProps;
  }
}
