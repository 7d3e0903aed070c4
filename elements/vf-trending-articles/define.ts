// Chunk entry for <vf-trending-articles>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { trendingArticlesElement } from './element.ts';
import type { TrendingArticlesProps } from './TrendingArticles.tsx';

defineElement('vf-trending-articles', trendingArticlesElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-trending-articles': HTMLElement & TrendingArticlesProps;
  }
}
