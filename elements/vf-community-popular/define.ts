// Chunk entry for <vf-community-popular>: the only side effect is the registration.
import type { ComponentProps } from 'react';
import type { CommunityPopular } from '../community/CommunityViews.tsx';
import { defineElement } from '../ui/defineElement.ts';
import { communityPopularElement } from './element.ts';

defineElement('vf-community-popular', communityPopularElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-community-popular': HTMLElement & ComponentProps<typeof CommunityPopular>;
  }
}
