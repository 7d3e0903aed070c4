// Chunk entry for <vf-reviews>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { reviewsElement } from './element.ts';
import type { ReviewsProps } from './Reviews.tsx';

defineElement('vf-reviews', reviewsElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-reviews': HTMLElement & ReviewsProps;
  }
}
