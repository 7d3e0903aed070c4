// Chunk entry for <vf-conversations-count>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { conversationsCountElement } from './element.ts';
import type { ConversationsCountProps } from './ConversationsCount.tsx';

defineElement('vf-conversations-count', conversationsCountElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-conversations-count': HTMLElement & ConversationsCountProps;
  }
}
