/**
 * One ad of a surface inside an element (docs/ads.md "Surfaces"): the live blog, trending, the
 * conversation starter, above the comments. The surface's integration decides the size (a video
 * integration 640 × 360, anything else a 300 × 250 rectangle, Outbrain's card included), reserved
 * from the first render — the server's first paint too — whenever what is known at once allows an
 * ad, so neither the creative's arrival nor the browser's takeover moves the page. With ads off
 * it draws nothing and makes no slot.
 */
import type { ReactElement } from 'react';
import { AD_FORMATS, integrationFormat, TABOOLA_ARTICLE } from '../../core/ads/format.ts';
import { selectSettings } from '../../core/session/slice.ts';
import { surfaceAdSettings, type AdIntegration, type AdSurface } from '../../core/settings/ads.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { AdFrame } from './AdFrame.tsx';
import { useHost } from './hostEvents.ts';
import { useAdSlot } from './useAdSlot.ts';

export interface SurfaceAdProps {
  surface: AdSurface;
  /** The shadow `<slot>` name (unique in the element) the vendor's light-DOM div shows through. */
  slotName: string;
  /** Taboola's placement name (docs/ads.md; default "Mid-Article Thumbnails"). */
  placement?: string;
  /** Only this integration may fill the slot (e.g. Taboola's "Above Comments Thumbnails"). */
  only?: AdIntegration;
  /** Wraps the ad box (a list item, a slide); nothing is drawn, wrapper included, with ads off. */
  wrap?: (ad: ReactElement) => ReactElement;
}

export function SurfaceAd({ surface, slotName, placement = TABOOLA_ARTICLE, only, wrap }: SurfaceAdProps) {
  const host = useHost();
  const integration = surfaceAdSettings(useAppSelector(selectSettings), surface).integration;
  const size = AD_FORMATS[integrationFormat(integration)];
  // An integration other than the one this slot takes: 'none' rules the ad out at once.
  const chosen = only && integration !== only ? 'none' : undefined;
  const state = useAdSlot({ host, slotName, surface, size, placement, integration: chosen });
  if (state === 'off') return null;
  const ad = <AdFrame state={state} size={size} slotName={slotName} />;
  return wrap ? wrap(ad) : ad;
}
