/**
 * Pure ad rules (content.md §5, §9): sizes, the Outbrain title cut, Taboola placement names,
 * the slot retry policy, the viewability thresholds.
 */
import { VIDEO_INTEGRATIONS, type AdIntegration } from '../settings/ads.ts';

export interface AdSize {
  width: number;
  height: number;
}

/** The formats a slot may reserve space for; Outbrain's card is 300 × 250 (§9). */
export const AD_FORMATS = {
  rectangle: { width: 300, height: 250 },
  leaderboard: { width: 728, height: 90 },
  banner: { width: 320, height: 50 },
  video: { width: 640, height: 360 },
} as const satisfies Record<string, AdSize>;
export type AdFormat = keyof typeof AD_FORMATS;

/** The format an integration reserves unless one is named: a video integration's, else the rectangle. */
export function integrationFormat(integration: AdIntegration | undefined): AdFormat {
  return integration && VIDEO_INTEGRATIONS.includes(integration) ? 'video' : 'rectangle';
}

export function adFormat(value: unknown): AdFormat {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return text in AD_FORMATS ? (text as AdFormat) : 'rectangle';
}

/** §9: an Outbrain recommendation's title is cut at 70 characters with an ellipsis. */
const OUTBRAIN_TITLE_MAX = 70;

export function cutTitle(title: string, max = OUTBRAIN_TITLE_MAX): string {
  const chars = Array.from(title.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** §9 Taboola placements. */
export const TABOOLA_ABOVE = 'Above Comments Thumbnails';
const TABOOLA_MID = 'Mid Comments Thumbnails';
export const TABOOLA_ARTICLE = 'Mid-Article Thumbnails';

/**
 * The placement of a Taboola slot: above the comments; the n-th slot among the comments
 * ("Mid Comments Thumbnails", then "… 2", "… 3"); or inside the article (standalone).
 */
export function taboolaPlacement(where: 'above' | 'mid' | 'article', index = 1): string {
  if (where === 'above') return TABOOLA_ABOVE;
  if (where === 'article') return TABOOLA_ARTICLE;
  return index <= 1 ? TABOOLA_MID : `${TABOOLA_MID} ${index}`;
}

/** §4: a slot that is not in the page is looked for 5 more times, 1 s apart, then rejected. */
export const SLOT_RETRIES = 5;
export const SLOT_RETRY_MS = 1000;

/** §9 "Ad viewing": half the ad in view for 1000 ms, checked from 100 ms after it shows. */
export const AD_VIEW_THRESHOLD = 0.5;
export const AD_VIEW_MS = 1000;
export const AD_VIEW_START_DELAY_MS = 100;
/** §5: an ad counts as visible with 50 % of its height and 40 px of its width in view. */
const AD_VISIBLE_MIN_WIDTH_PX = 40;

export function adIsVisible(entry: { intersectionRatio: number; intersectionRect: { width: number; height: number }; boundingClientRect: { height: number } }): boolean {
  const { intersectionRect, boundingClientRect } = entry;
  if (boundingClientRect.height <= 0) return false;
  return intersectionRect.height / boundingClientRect.height >= AD_VIEW_THRESHOLD && intersectionRect.width >= AD_VISIBLE_MIN_WIDTH_PX;
}

/** §5: the reader opted out of ads on this browser. */
export const AD_OPT_OUT_KEY = 'vf.analytics.adOptOut';

export function adOptedOut(storage: Pick<Storage, 'getItem'> | null | undefined): boolean {
  try {
    return storage?.getItem(AD_OPT_OUT_KEY) === 'true';
  } catch {
    return false;
  }
}

let midPlacements = 0;
/** The page's next "Mid Comments Thumbnails" placement: auto-numbered in the order slots are made (§9). */
export function nextMidCommentsPlacement(): string {
  return taboolaPlacement('mid', ++midPlacements);
}
