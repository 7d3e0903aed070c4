/**
 * One ad in an element (docs/ads.md): decides once, before anything is drawn, whether an ad will
 * be asked for (page meta, opt-out, consent, the surface's integration), then makes the slot the
 * vendor fills — a light-DOM `<div slot="…" id="…">` on the host, because vendors find slots by
 * id in `document` — and serves the ad into it. 'deciding' (what can be known at once allows an
 * ad: page meta, opt-out, integration) already reserves the space, the same on the server's first
 * paint and in the browser; only a refused consent or a publisher's own slot content then takes
 * it away. The creative's arrival never moves the page. The ad code itself (core/ads/serve.ts,
 * the vendors' adapters, viewability) is a chunk of its own, asked for once the page has settled
 * (core/mount/settled.ts) and the ad's box is within 500 px of the viewport.
 */
import { useEffect, useState } from 'react';
import type { WidgetRef } from '../../core/analytics/eventTypes.ts';
import { adsOff, adsOffNow, type AdOutcome, type AdRequest } from '../../core/ads/decide.ts';
import type { AdSize } from '../../core/ads/format.ts';
import { releaseVideo } from '../../core/ads/video.ts';
import { LAZY_MARGIN_PX, whenInView } from '../../core/loader/schedule.ts';
import { containerIdOf, ensureWidgetId } from '../../core/mount/scan.ts';
import { pageSettled } from '../../core/mount/settled.ts';
import { selectPage } from '../../core/page/slice.ts';
import { selectSettings } from '../../core/session/slice.ts';
import type { AdIntegration, AdSurface } from '../../core/settings/ads.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export type AdSlotState = 'deciding' | 'off' | 'loading' | 'shown' | 'failed';

export interface AdSlotOptions {
  /** The host element the slot div goes into (the vf element). */
  host: HTMLElement | null;
  /** The shadow `<slot name>` that shows it. */
  slotName: string;
  surface: AdSurface;
  integration?: AdIntegration;
  size: AdSize;
  placement?: AdRequest['placement'];
}

let slotCount = 0;

function widgetRef(host: HTMLElement): WidgetRef {
  const containerId = containerIdOf(host);
  return { widget: host.localName, widgetId: ensureWidgetId(host), ...(containerId && { containerId }) };
}

export function useAdSlot({ host, slotName, surface, integration, size, placement }: AdSlotOptions): AdSlotState {
  const settings = useAppSelector(selectSettings);
  const pageAdsDisabled = useAppSelector(selectPage)?.ads_disabled === true;
  const request = { surface, settings, pageAdsDisabled, integration };
  const [state, setState] = useState<AdSlotState>(() => (adsOffNow(request) ? 'off' : 'deciding'));

  useEffect(() => {
    if (!host || !settings) return;
    let live = true;
    let outcome: AdOutcome | null = null;
    let div: HTMLDivElement | null = null;
    let stopWatching = () => {};
    // The ad's box (AdFrame, drawn while deciding): watched for nearing the viewport.
    const root = host.shadowRoot ?? host;
    const frame = root.querySelector(`slot[name="${slotName}"]`)?.parentElement ?? host;
    const near = new Promise<void>((resolve) => (stopWatching = whenInView(frame, LAZY_MARGIN_PX, resolve)));
    void (async () => {
      if (await adsOff(request)) return live && setState('off');
      if (!live) return;
      // A publisher's own content in this slot wins.
      if (host.querySelector(`:scope > [slot="${slotName}"]`)) return setState('off');
      // The ad code is its own chunk, asked for once the page has settled and the slot is near.
      await Promise.all([pageSettled(), near]);
      const { serveAd } = await import('../../core/ads/serve.ts');
      if (!live) return;
      div = document.createElement('div');
      div.slot = slotName;
      div.id = `vf-ad-${ensureWidgetId(host)}-${++slotCount}`;
      div.className = 'vf-ad-creative';
      host.appendChild(div);
      setState('loading');
      outcome = await serveAd({ ...request, slotId: div.id, widget: widgetRef(host), size, placement });
      if (live) setState(outcome.status === 'shown' ? 'shown' : outcome.status === 'off' ? 'off' : 'failed');
      else {
        if (outcome.status === 'shown') outcome.stop();
        releaseVideo(div.id);
      }
    })().catch(() => live && setState('failed'));
    return () => {
      live = false;
      stopWatching();
      if (outcome?.status === 'shown') outcome.stop();
      // A slot that goes away gives back the page's one video ad (if it held it).
      if (div) releaseVideo(div.id);
      div?.remove();
    };
    // The request's parts are its inputs; `request` itself is rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host, settings, slotName, surface, integration, pageAdsDisabled, size.width, size.height, placement]);

  return state;
}
