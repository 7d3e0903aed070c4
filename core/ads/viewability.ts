/**
 * Ad viewability (content.md §5, §9): from 100 ms after the creative shows, an ad that stays
 * visible (half its height and 40 px of its width in view) for 1000 ms without a break is viewed:
 * one `ad_view` event. Returns a stop function.
 */
import { countAd } from '../analytics/adTally.ts';
import { recordEvent } from '../analytics/record.ts';
import type { WidgetRef } from '../analytics/eventTypes.ts';
import type { AdIntegration } from '../settings/ads.ts';
import { adIsVisible, AD_VIEW_MS, AD_VIEW_START_DELAY_MS, AD_VIEW_THRESHOLD } from './format.ts';

export function watchViewability(slot: HTMLElement, widget: WidgetRef, integration: AdIntegration, onViewed?: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  let observer: IntersectionObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(start);
    clearTimeout(timer);
    observer?.disconnect();
    observer = null;
  };
  let seen = false;
  const viewed = () => {
    stop();
    try {
      countAd('viewedAds');
      recordEvent({ event_type: 'ad_view', w: widget, data: { ad_integration: integration } });
      onViewed?.();
    } catch {
      /* analytics failures are swallowed */
    }
  };
  const start = setTimeout(() => {
    observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]!;
        clearTimeout(timer);
        if (!adIsVisible(entry)) return;
        if (!seen) countAd('viewableAds');
        seen = true;
        timer = setTimeout(viewed, AD_VIEW_MS);
      },
      { threshold: [0, AD_VIEW_THRESHOLD, 0.75, 1] },
    );
    observer.observe(slot);
  }, AD_VIEW_START_DELAY_MS);
  return stop;
}
