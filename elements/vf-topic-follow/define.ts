// Chunk entry for <vf-topic-follow>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { topicFollowElement } from './element.ts';
import type { TopicFollowProps } from './TopicFollow.tsx';

defineElement('vf-topic-follow', topicFollowElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-topic-follow': HTMLElement & TopicFollowProps;
  }
}
