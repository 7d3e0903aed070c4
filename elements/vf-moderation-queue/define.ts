// Chunk entry for <vf-moderation-queue>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { moderationQueueElement } from './element.ts';
import type { ModerationQueueProps } from './ModerationQueue.tsx';

defineElement('vf-moderation-queue', moderationQueueElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-moderation-queue': HTMLElement & ModerationQueueProps;
  }
}
