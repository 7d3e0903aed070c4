// Chunk entry for <vf-conversations>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { conversationsElement } from './element.ts';
import type { ConversationsProps } from './Conversations.tsx';

defineElement('vf-conversations', conversationsElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-conversations': HTMLElement & ConversationsProps;
  }
}
