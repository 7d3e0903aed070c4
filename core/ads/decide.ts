/**
 * Whether an ad may be asked for (docs/ads.md): the page meta, the opt-out key and the surface's
 * integration, known at once; then consent. Light, so an element decides at its first render
 * (and reserves the ad's box) without the ad code, which is its own chunk (serve.ts).
 */
import type { WidgetRef } from '../analytics/eventTypes.ts';
import { readConsent } from '../analytics/consent.ts';
import { storage } from '../session/storage.ts';
import { surfaceAdSettings, type AdIntegration, type AdSettingValues, type AdSurface } from '../settings/ads.ts';
import type { AdFailureReason } from './failure.ts';
import { adOptedOut, type AdSize } from './format.ts';
import type { RetryPolicy } from './slot.ts';

export interface AdRequest {
  slotId: string;
  surface: AdSurface;
  settings: Partial<AdSettingValues> | null | undefined;
  widget: WidgetRef;
  /** The page's `vf:ads_disabled`. */
  pageAdsDisabled?: boolean;
  /** The publisher's choice for this slot, instead of the surface's integration. */
  integration?: AdIntegration;
  size?: AdSize;
  /** Taboola's placement name; a function is asked only when Taboola fills the slot (numbered placements). */
  placement?: string | (() => string);
  retry?: RetryPolicy;
  /** Called once the ad was viewable (50 % for 1000 ms). */
  onViewed?: () => void;
}

export type AdOutcome =
  | { status: 'shown'; integration: AdIntegration; stop: () => void }
  | { status: 'off'; why: 'page' | 'opt-out' | 'consent' | 'none' }
  | { status: 'failed'; integration: AdIntegration; reason: AdFailureReason; videoTaken?: true };

/** What can be known without waiting: the page meta, the opt-out key, the integration. */
export function adsOffNow(request: Pick<AdRequest, 'surface' | 'settings' | 'pageAdsDisabled' | 'integration'>): AdOutcome | null {
  if (request.pageAdsDisabled) return { status: 'off', why: 'page' };
  if (adOptedOut(storage())) return { status: 'off', why: 'opt-out' };
  const integration = request.integration ?? surfaceAdSettings(request.settings, request.surface).integration;
  if (integration === 'none') return { status: 'off', why: 'none' };
  return null;
}

/** Everything: adsOffNow, then consent (no ads when required and not granted). */
export async function adsOff(request: Pick<AdRequest, 'surface' | 'settings' | 'pageAdsDisabled' | 'integration'>): Promise<AdOutcome | null> {
  const now = adsOffNow(request);
  if (now) return now;
  try {
    const consent = await readConsent();
    return consent.required && !consent.granted ? { status: 'off', why: 'consent' } : null;
  } catch {
    return { status: 'off', why: 'consent' };
  }
}

