/**
 * Serving one ad (docs/ads.md): decide whether the page may show ads (page meta, opt-out,
 * consent, the surface's integration), find the slot (5 × 1 s), load the vendor, render, watch
 * viewability. A video integration takes the page's one video slot; a failed one falls back to
 * the surface's alternative integration. Every failure is recorded with its §8 reason; nothing
 * here throws into the page.
 */
import type { WidgetRef } from '../analytics/eventTypes.ts';
import { readConsent } from '../analytics/consent.ts';
import { storage } from '../session/storage.ts';
import { surfaceAdSettings, vendorScriptUrl, VIDEO_INTEGRATIONS, type AdIntegration, type AdSettingValues, type AdSurface } from '../settings/ads.ts';
import { adapterFor, type AdContext } from './adapter.ts';
import './adapters/display.ts';
import './adapters/recommendation.ts';
import './adapters/video.ts';
import { countAd } from '../analytics/adTally.ts';
import { AD_FAILURE_REASONS, failureReasonOf, recordAdFailure, type AdFailureReason } from './failure.ts';
import { adOptedOut, AD_FORMATS, integrationFormat, taboolaPlacement, type AdSize } from './format.ts';
import { findSlot, type RetryPolicy } from './slot.ts';
import { allowVendorScript } from './script.ts';
import { claimVideo, releaseVideo } from './video.ts';
import { watchViewability } from './viewability.ts';

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

async function attempt(request: AdRequest, integration: AdIntegration, slot: HTMLElement): Promise<AdOutcome> {
  const adapter = adapterFor(integration);
  if (!adapter || integration === 'none') return { status: 'off', why: 'none' };
  const video = adapter.kind === 'video';
  if (video && !claimVideo(request.slotId)) return { status: 'failed', integration, reason: AD_FAILURE_REASONS.videoUnavailable, videoTaken: true };
  const surface = surfaceAdSettings(request.settings, request.surface);
  const scriptUrl = vendorScriptUrl(request.settings, integration as Exclude<AdIntegration, 'none'>);
  allowVendorScript(scriptUrl);
  const ctx: AdContext = {
    slot,
    slotId: request.slotId,
    siteAdIds: surface.siteAdIds,
    size: request.size ?? AD_FORMATS[integrationFormat(integration)],
    placement: (typeof request.placement === 'function' ? (integration === 'taboola' ? request.placement() : undefined) : request.placement) ?? taboolaPlacement(request.surface === 'standalone' ? 'article' : 'above'),
    scriptUrl,
    pageUrl: location.href,
  };
  try {
    await adapter.load(ctx);
    await adapter.render(ctx);
  } catch (error) {
    if (video) releaseVideo(request.slotId);
    slot.replaceChildren();
    return { status: 'failed', integration, reason: failureReasonOf(error) };
  }
  countAd('adIframes');
  return { status: 'shown', integration, stop: watchViewability(slot, request.widget, integration, request.onViewed) };
}

/** Shows an ad in the slot with id `slotId`; resolves with what happened, never rejects. */
export async function serveAd(request: AdRequest): Promise<AdOutcome> {
  try {
    const off = await adsOff(request);
    if (off) return off;
    const integration = request.integration ?? surfaceAdSettings(request.settings, request.surface).integration;
    const slot = await findSlot(() => document.getElementById(request.slotId), request.retry);
    if (!slot) {
      const reason = integration === 'gtag' ? AD_FAILURE_REASONS.gtagSlotNotFound : AD_FAILURE_REASONS.renderFailure;
      recordAdFailure(request.widget, integration, reason);
      return { status: 'failed', integration, reason };
    }
    const first = await attempt(request, integration, slot);
    if (first.status !== 'failed') return first;
    // Another slot has the page's one video: no vendor failed, this slot just takes the alternative.
    if (!first.videoTaken) recordAdFailure(request.widget, integration, first.reason);
    // A video ad that failed (or found the page's video slot taken) falls back to the alternative.
    const alternative = surfaceAdSettings(request.settings, request.surface).alternative;
    if (!VIDEO_INTEGRATIONS.includes(integration) || alternative === 'none' || alternative === integration) return first;
    const second = await attempt(request, alternative, slot);
    if (second.status === 'failed') recordAdFailure(request.widget, alternative, second.reason);
    return second;
  } catch {
    return { status: 'failed', integration: request.integration ?? 'none', reason: AD_FAILURE_REASONS.renderFailure };
  }
}
