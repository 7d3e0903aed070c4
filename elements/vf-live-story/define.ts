// Chunk entry for <vf-live-story>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { liveStoryElement } from './element.ts';
import type { LiveStoryProps } from './LiveStory.tsx';

defineElement('vf-live-story', liveStoryElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-live-story': HTMLElement & LiveStoryProps;
  }
}
