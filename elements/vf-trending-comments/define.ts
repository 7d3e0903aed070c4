// Chunk entry for <vf-trending-comments>: the only side effect is the registration.
import type { ComponentProps } from 'react';
import type { TrendingComments } from '../community/CommunityViews.tsx';
import { defineElement } from '../ui/defineElement.ts';
import { trendingCommentsElement } from './element.ts';

defineElement('vf-trending-comments', trendingCommentsElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-trending-comments': HTMLElement & ComponentProps<typeof TrendingComments>;
  }
}
