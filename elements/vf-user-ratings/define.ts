// Chunk entry for <vf-user-ratings>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { userRatingsElement } from './element.ts';
import type { UserRatingsProps } from './UserRatings.tsx';

defineElement('vf-user-ratings', userRatingsElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-user-ratings': HTMLElement & UserRatingsProps;
  }
}
