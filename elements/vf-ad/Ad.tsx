/**
 * <vf-ad>: a standalone ad (content.md §2 "standalone ad"; docs/ads.md). The surface's
 * integration (or the one the publisher names) fills a box of the format's size, reserved before
 * the creative arrives; nothing shows when ads are off for the page, the reader opted out, consent
 * is required and not given, or the integration is `none`.
 */
import { adFormat, AD_FORMATS, integrationFormat } from '../../core/ads/format.ts';
import { selectSettings } from '../../core/session/slice.ts';
import { AD_SURFACES, isAdIntegration, surfaceAdSettings } from '../../core/settings/ads.ts';
import { allowedValue } from '../../core/settings/clamp.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { AdFrame } from '../ui/AdFrame.tsx';
import { useHost } from '../ui/hostEvents.ts';
import { useHostState } from '../ui/useHostState.ts';
import { useAdSlot, type AdSlotState } from '../ui/useAdSlot.ts';

export interface AdProps {
  /** `surface`: whose ad settings apply (default standalone). */
  surface?: string;
  /** `format`: rectangle (300 × 250, default), leaderboard, banner, or video (640 × 360; the default for a video integration). */
  format?: string;
  /** `integration`: this slot's integration instead of the surface's. */
  integration?: string;
}

const SLOT = 'creative';
const HOST_STATE: Record<AdSlotState, 'loading' | 'ready' | 'empty' | 'error'> = {
  deciding: 'loading',
  loading: 'loading',
  shown: 'ready',
  off: 'empty',
  failed: 'error',
};

export function Ad({ surface, format, integration }: AdProps) {
  const host = useHost();
  const chosen = isAdIntegration(integration) ? integration : undefined;
  const where = allowedValue(surface ?? 'standalone', ['standalone', ...AD_SURFACES]);
  // Without a format, the integration's (this slot's, else the surface's): as vf.css reserves it
  // (reserve.css, and siteReserve.ts for the surface's).
  const surfaceIntegration = surfaceAdSettings(useAppSelector(selectSettings), where).integration;
  const size = AD_FORMATS[format ? adFormat(format) : integrationFormat(chosen ?? surfaceIntegration)];
  const state = useAdSlot({ host, slotName: SLOT, surface: where, integration: chosen, size });
  useHostState(HOST_STATE[state]);
  return <AdFrame state={state} size={size} slotName={SLOT} />;
}
