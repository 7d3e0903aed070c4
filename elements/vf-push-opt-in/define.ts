// Chunk entry for <vf-push-opt-in>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { pushOptInElement } from './element.ts';
import type { PushOptInProps } from './PushOptIn.tsx';

defineElement('vf-push-opt-in', pushOptInElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-push-opt-in': HTMLElement & PushOptInProps;
  }
}
