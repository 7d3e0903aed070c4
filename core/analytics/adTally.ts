/**
 * The page's ad figures for the event payload's `adData` (content.md §3): creatives shown
 * (`adIframes`), ads that came into view (`viewableAds`) and ads viewed, 50 % for 1000 ms
 * (`viewedAds`). core/ads counts; the analytics client sends them with each engage event.
 */
import type { AdData } from './eventTypes.ts';

const tally: AdData = { adIframes: 0, viewableAds: 0, viewedAds: 0 };

export function countAd(what: keyof AdData): void {
  tally[what]++;
}

/** The figures so far, or nothing while the page has shown no ad. */
export function adData(): AdData | undefined {
  return tally.adIframes + tally.viewableAds + tally.viewedAds > 0 ? { ...tally } : undefined;
}

/** A new page (analytics restarts): count afresh. */
export function resetAdTally(): void {
  tally.adIframes = tally.viewableAds = tally.viewedAds = 0;
}
