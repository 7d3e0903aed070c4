// Chunk entry for <vf-conversation-starter>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { conversationStarterElement } from './element.ts';
import type { ConversationStarterProps } from './ConversationStarter.tsx';

defineElement('vf-conversation-starter', conversationStarterElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-conversation-starter': HTMLElement & ConversationStarterProps;
  }
}
