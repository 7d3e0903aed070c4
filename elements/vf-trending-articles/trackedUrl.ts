/**
 * A trending link carries its tracking medium (content.md §9) as `vf_medium`, the URL parameter
 * the analytics referrer reads ("referrer medium … from URL parameters", content.md §3).
 */
import { REFERRER_PARAMS } from '../../core/analytics/referrerParams.ts';
import type { TrackingMedium } from '../../core/settings/clamp.ts';

export function trackedUrl(url: string, medium: TrackingMedium): string {
  try {
    const tracked = new URL(url);
    tracked.searchParams.set(REFERRER_PARAMS.medium, medium);
    return tracked.toString();
  } catch {
    return url; // not an absolute address: left as the page gave it
  }
}
