/** core/ads rules (content.md §4, §5, §9): slot retry 5 × 1 s, one video ad per page with fallback, viewability, opt-out, consent, page meta. */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import type { AdOutcome, AdRequest } from '../../core/ads/decide.ts';
import { serveAd } from '../../core/ads/serve.ts';
import { AD_FORMATS } from '../../core/ads/format.ts';
import { videoOwner } from '../../core/ads/video.ts';
import { adData, resetAdTally } from '../../core/analytics/adTally.ts';
import { bootCore } from './support/boot.ts';
import { adRequest, clearAdState, removeTestSlots, creativeIn, failures, recorded, slotInPage, standInCmp } from './support/ads.ts';

const widget = { widget: 'vf-ad', widgetId: 'w-policy' };

const request = (slotId: string, extra: Partial<AdRequest> = {}, settings: Record<string, unknown> = {}): AdRequest =>
  adRequest(slotId, 'liveblog', { liveblog_ad_integration: 'gtag', liveblog_site_ad_id: '/1234/live', ...settings }, { widget, ...extra });

describe('core/ads rules', () => {
  before(() => bootCore());
  beforeEach(() => clearAdState());
  afterEach(() => removeTestSlots());

  describe('slot retry (5 × 1 s)', () => {
    it('a slot that appears within the retries is used', async () => {
      setTimeout(() => {
        const late = slotInPage();
        late.id = 'late-slot';
      }, 2200);
      const started = performance.now();
      const outcome = await serveAd(request('late-slot'));
      expect(outcome.status).to.equal('shown');
      expect(performance.now() - started).to.be.greaterThan(2900); // found at the third retry, 1 s apart
      expect(creativeIn(document.getElementById('late-slot')!)).to.not.equal(null);
    });

    it('a slot never found is rejected after 5 retries 1 s apart, as a recorded failure', async () => {
      const waits: number[] = [];
      const outcome = await serveAd(request('never-there', { retry: { retries: 5, delayMs: 1000, sleep: async (ms) => void waits.push(ms) } }));
      expect(waits).to.deep.equal([1000, 1000, 1000, 1000, 1000]);
      expect(outcome).to.deep.include({ status: 'failed', reason: 'gtag slot not found during generateAd()' });
      expect(failures()).to.have.length(1);
    });
  });

  describe('one video ad per page', () => {
    const video = { liveblog_ad_integration: 'exco', liveblog_ad_alt_integration: 'gtag', liveblog_site_ad_id: 'demo-player' };

    it('a second video slot gets the surface’s alternative instead, and no failure is recorded', async () => {
      const first = slotInPage(640, 360);
      const second = slotInPage(640, 360);
      const a = await serveAd(request(first.id, { size: AD_FORMATS.video }, video));
      const b = await serveAd(request(second.id, { size: AD_FORMATS.video }, { ...video, liveblog_site_ad_id: '/1234/alt' }));
      expect(a).to.deep.include({ status: 'shown', integration: 'exco' });
      expect(b).to.deep.include({ status: 'shown', integration: 'gtag' });
      expect(videoOwner()).to.equal(first.id);
      expect(creativeIn(second)!.dataset['vendor']).to.equal('gtag');
      expect(failures(), 'the page already plays a video: no vendor failed').to.deep.equal([]);
    });

    it('a video that fails falls back to the alternative, and the failure is recorded', async () => {
      const slot = slotInPage(640, 360);
      const outcome = (await serveAd(request(slot.id, { size: AD_FORMATS.video }, { ...video, liveblog_ad_alt_integration: 'gtag', liveblog_site_ad_id: 'fail-player' }))) as AdOutcome;
      expect(outcome).to.deep.include({ status: 'shown', integration: 'gtag' });
      expect(failures().map((f) => f!['failureReason'])).to.deep.equal(['exco, vi or AniView called but was unable to load']);
      expect(videoOwner()).to.equal(null, 'the failed video gave the page’s video slot back');
      expect(creativeIn(slot)!.dataset['vendor']).to.equal('gtag');
    });
  });

  describe('viewability (50 % for 1000 ms)', () => {
    it('an ad in view for a second is viewed once; one out of view is not', async () => {
      const seen = slotInPage();
      const hidden = slotInPage();
      hidden.style.cssText += ';position:absolute;top:5000px';
      const viewedAt: number[] = [];
      const started = performance.now();
      await serveAd(request(seen.id, { onViewed: () => viewedAt.push(performance.now() - started) }));
      await serveAd(request(hidden.id, { widget: { widget: 'vf-ad', widgetId: 'w-hidden' } }));
      await waitUntil(() => viewedAt.length === 1, 'viewed', { timeout: 4000 });
      expect(viewedAt[0]).to.be.greaterThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      const views = recorded.filter((e) => e.event_type === 'ad_view');
      expect(views.map((e) => e.w!.widgetId)).to.deep.equal(['w-policy']);
      expect(views[0]!.data).to.deep.equal({ ad_integration: 'gtag' });
    });

    it("the page's ad figures for analytics: creatives shown, ads that came into view, ads viewed", async () => {
      resetAdTally();
      expect(adData(), 'no ad yet: no adData').to.equal(undefined);
      const seen = slotInPage();
      const below = slotInPage();
      below.style.cssText += ';position:absolute;top:5000px';
      let viewed = false;
      await serveAd(request(seen.id, { onViewed: () => (viewed = true) }));
      await serveAd(request(below.id, { widget: { widget: 'vf-ad', widgetId: 'w-below' } }));
      await waitUntil(() => viewed, 'viewed', { timeout: 4000 });
      expect(adData()).to.deep.equal({ adIframes: 2, viewableAds: 1, viewedAds: 1 });
    });

    it('an ad scrolled away before 1000 ms is not viewed until it is back for a full second', async () => {
      const slot = slotInPage();
      let viewed = false;
      await serveAd(request(slot.id, { onViewed: () => (viewed = true) }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      slot.style.cssText += ';transform:translateY(-10000px)';
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(viewed).to.equal(false);
      slot.style.transform = '';
      await waitUntil(() => viewed, 'viewed after coming back', { timeout: 4000 });
    });
  });

  describe('when no ad is asked for', () => {
    it('the reader opted out (localStorage vf.analytics.adOptOut = "true")', async () => {
      localStorage.setItem('vf.analytics.adOptOut', 'true');
      const slot = slotInPage();
      expect(await serveAd(request(slot.id))).to.deep.equal({ status: 'off', why: 'opt-out' });
      expect(slot.childElementCount).to.equal(0);
      localStorage.setItem('vf.analytics.adOptOut', 'false');
      expect((await serveAd(request(slot.id))).status).to.equal('shown');
    });

    it('the page’s CMP says consent is required and not given; given, the ad shows', async () => {
      standInCmp(false);
      const slot = slotInPage();
      expect(await serveAd(request(slot.id))).to.deep.equal({ status: 'off', why: 'consent' });
      expect(slot.childElementCount).to.equal(0);
      standInCmp(true);
      expect((await serveAd(request(slot.id))).status).to.equal('shown');
    });

    it('the page disables ads (vf:ads_disabled), or the surface’s integration is none', async () => {
      const slot = slotInPage();
      expect(await serveAd(request(slot.id, { pageAdsDisabled: true }))).to.deep.equal({ status: 'off', why: 'page' });
      expect(await serveAd(request(slot.id, {}, { liveblog_ad_integration: 'none' }))).to.deep.equal({ status: 'off', why: 'none' });
      expect(await serveAd(request(slot.id, {}, { liveblog_ad_integration: 'adsense' }))).to.deep.equal({ status: 'off', why: 'none' });
      expect(slot.childElementCount).to.equal(0);
      expect(failures()).to.deep.equal([]);
    });
  });
});
