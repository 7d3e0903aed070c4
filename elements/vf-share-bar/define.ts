// Chunk entry for <vf-share-bar>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { shareBarElement } from './element.ts';
import type { ShareBarProps } from './ShareBar.tsx';

defineElement('vf-share-bar', shareBarElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-share-bar': HTMLElement & ShareBarProps;
  }
}
