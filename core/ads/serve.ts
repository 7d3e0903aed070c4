/**
 * Serving one ad (docs/ads.md): decide whether the page may show ads (decide.ts), find the slot
 * (5 × 1 s), load the vendor, render, watch viewability. A video integration takes the page's one
 * video slot; a failed one falls back to the surface's alternative integration. Every failure is
 * recorded with its §8 reason; nothing here throws into the page. Its own chunk: an element loads
 * it once the page has settled and its slot nears the viewport (elements/ui/useAdSlot.ts).
 */
import { surfaceAdSettings, vendorScriptUrl, VIDEO_INTEGRATIONS, type AdIntegration } from '../settings/ads.ts';
import { adapterFor, type AdContext } from './adapter.ts';
import './adapters/display.ts';
import './adapters/recommendation.ts';
import './adapters/video.ts';
import { countAd } from '../analytics/adTally.ts';
import { AD_FAILURE_REASONS, failureReasonOf, recordAdFailure } from './failure.ts';
import { adsOff, type AdOutcome, type AdRequest } from './decide.ts';
import { AD_FORMATS, integrationFormat, taboolaPlacement } from './format.ts';
import { findSlot } from './slot.ts';
import { allowVendorScript } from './script.ts';
import { claimVideo, releaseVideo } from './video.ts';
import { watchViewability } from './viewability.ts';

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
