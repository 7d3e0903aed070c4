// Chunk entry for <vf-average-rating>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { averageRatingElement } from './element.ts';
import type { AverageRatingProps } from './AverageRating.tsx';

defineElement('vf-average-rating', averageRatingElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-average-rating': HTMLElement & AverageRatingProps;
  }
}
