// Chunk entry for <vf-review-form>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { reviewFormElement } from './element.ts';
import type { ReviewFormProps } from './ReviewForm.tsx';

defineElement('vf-review-form', reviewFormElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-review-form': HTMLElement & ReviewFormProps;
  }
}
