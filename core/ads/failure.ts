/**
 * Ad failures (content.md §3 "Ad failure record", §8): the five reasons word for word, and the
 * record that goes to analytics through `recordEvent`, one per widget that lost its ad
 * opportunity. Recording never throws: an ad that fails leaves the page as it was.
 */
import { recordEvent } from '../analytics/record.ts';
import type { WidgetRef } from '../analytics/eventTypes.ts';
import type { AdIntegration } from '../settings/ads.ts';

/** content.md §8, exactly. */
export const AD_FAILURE_REASONS = {
  gtagSlotNotFound: 'gtag slot not found during generateAd()',
  m32NotReady: 'm32 gpt or custom file is not ready during loadScript()',
  customTagMissing: 'window.__generate_viafoura_tag is not present during generateAd',
  renderFailure: 'ad render failure during generateAd()',
  videoUnavailable: 'exco, vi or AniView called but was unable to load',
} as const;
export type AdFailureReason = (typeof AD_FAILURE_REASONS)[keyof typeof AD_FAILURE_REASONS];

/** Thrown by an adapter; anything else it throws counts as a render failure. */
export class AdFailure extends Error {
  constructor(readonly reason: AdFailureReason) {
    super(reason);
  }
}

export function failureReasonOf(error: unknown): AdFailureReason {
  return error instanceof AdFailure ? error.reason : AD_FAILURE_REASONS.renderFailure;
}

export interface AdFailureRecord {
  status: 'failure';
  widget: string;
  containerId: string | null;
  ad_integration: AdIntegration;
  failureReason: AdFailureReason;
}

export function adFailureRecord(widget: WidgetRef, integration: AdIntegration, reason: AdFailureReason): AdFailureRecord {
  return { status: 'failure', widget: widget.widget, containerId: widget.containerId ?? null, ad_integration: integration, failureReason: reason };
}

export function recordAdFailure(widget: WidgetRef, integration: AdIntegration, reason: AdFailureReason): void {
  try {
    recordEvent({ event_type: 'ad_failure', w: widget, data: { ...adFailureRecord(widget, integration, reason) } });
  } catch {
    /* analytics failures are swallowed (content.md §8) */
  }
}
