/**
 * Ad tests' helpers: settings that point every vendor at the local stand-ins (never an ad
 * network), a slot in the page, the analytics events core/ads records, and a stand-in CMP
 * speaking the IAB TCF v2 `__tcfapi`.
 */
import { waitUntil } from './wait.ts';
import { stopAnalytics } from '../../../core/analytics/lazy.ts';
import { takeEvents, type RecordedEvent } from '../../../core/analytics/record.ts';
import { resetConsent } from '../../../core/analytics/consent.ts';
import { releaseVideo } from '../../../core/ads/video.ts';
import type { AdRequest } from '../../../core/ads/decide.ts';
import { $$ } from './dom.ts';
import { AD_INTEGRATIONS, vendorUrlKey, type AdSettingValues, type AdSurface } from '../../../core/settings/ads.ts';

export const recorded: RecordedEvent[] = [];
const record = (event: RecordedEvent) => recorded.push(event);

/** Stand-in addresses for every vendor, plus `overrides`. */
export function standInSettings(overrides: Partial<Record<keyof AdSettingValues, unknown>> = {}): Partial<AdSettingValues> {
  const urls = Object.fromEntries(AD_INTEGRATIONS.filter((i) => i !== 'none').map((i) => [vendorUrlKey(i), `/demo/vendors/${i}.js`]));
  return { ...urls, ...overrides } as Partial<AdSettingValues>;
}

/** A request for `slotId` on `surface`, with the stand-ins and `settings`. */
export function adRequest(slotId: string, surface: AdSurface, settings: Record<string, unknown>, extra: Partial<AdRequest> & Pick<AdRequest, 'widget'>): AdRequest {
  return { slotId, surface, settings: standInSettings(settings), ...extra };
}

let slots = 0;
/** A fresh slot div in the page (vendors find slots by id in `document`). */
export function slotInPage(width = 300, height = 250): HTMLDivElement {
  const div = document.createElement('div');
  div.id = `test-ad-slot-${++slots}`;
  div.dataset['testAdSlot'] = '';
  div.style.cssText = `width:${width}px;height:${height}px`;
  document.body.appendChild(div);
  return div;
}

export const creativeIn = (el: Element) => el.querySelector<HTMLElement>('.vf-standin-creative, .vf-ad-card');
export const failures = () => recorded.filter((e) => e.event_type === 'ad_failure').map((e) => e.data);

/** A CMP whose reader gave (or refused) consent to vf's vendors; `undefined` removes it. */
export function standInCmp(granted: boolean | undefined): void {
  resetConsent();
  const win = window as unknown as { __tcfapi?: unknown };
  if (granted === undefined) {
    delete win.__tcfapi;
    return;
  }
  win.__tcfapi = (command: string, _version: number, callback: (data: unknown, success: boolean) => void) => {
    if (command !== 'addEventListener') return;
    setTimeout(() => callback({ gdprApplies: true, eventStatus: 'tcloaded', tcString: 'CO-test', listenerId: 1, vendor: { consents: { 1138: granted } } }, true), 10);
  };
}

/** Removes the slots a test made, giving back the page's video ad if one held it. */
export function removeTestSlots(): void {
  document.querySelectorAll<HTMLElement>('[data-test-ad-slot]').forEach((el) => {
    releaseVideo(el.id);
    el.remove();
  });
}

/** Forgets what ads recorded and what they set; the events go to `recorded`, not to the analytics
 * client that booting starts (stopped here, a start still waiting included). */
export function clearAdState(): void {
  stopAnalytics();
  takeEvents(record);
  recorded.length = 0;
  localStorage.removeItem('vf.analytics.adOptOut');
  standInCmp(undefined);
}

/**
 * An element's ad code is asked for once an ad's box nears the viewport (elements/ui/useAdSlot.ts):
 * waits for `count` ad boxes in `el`, then brings each into view in turn, as a reader scrolling by.
 */
export async function scrollThroughAds(el: Element, count: number): Promise<void> {
  await waitUntil(() => $$(el, '[part="ad"]').length >= count, `${count} ad boxes`, { timeout: 10000 });
  for (const frame of $$(el, '[part="ad"]')) {
    frame.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }
}
