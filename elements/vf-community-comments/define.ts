// Chunk entry for <vf-community-comments>: the only side effect is the registration.
import type { ComponentProps } from 'react';
import type { CommunityComments } from '../community/CommunityViews.tsx';
import { defineElement } from '../ui/defineElement.ts';
import { communityCommentsElement } from './element.ts';

defineElement('vf-community-comments', communityCommentsElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-community-comments': HTMLElement & ComponentProps<typeof CommunityComments>;
  }
}
