// Chunk entry for <vf-pull-quote>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { pullQuoteElement } from './element.ts';
import type { PullQuoteProps } from './PullQuote.tsx';

defineElement('vf-pull-quote', pullQuoteElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-pull-quote': HTMLElement & PullQuoteProps;
  }
}
