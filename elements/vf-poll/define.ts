// Chunk entry for <vf-poll>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { pollElement } from './element.ts';
import type { PollProps } from './Poll.tsx';

defineElement('vf-poll', pollElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-poll': HTMLElement & PollProps;
  }
}
