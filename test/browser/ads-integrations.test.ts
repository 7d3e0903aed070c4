/** core/ads against the local vendor stand-ins: each integration's creative through its vendor API, and each §8 failure reason word for word. */
import { expect } from '@open-wc/testing';
import type { AdRequest } from '../../core/ads/decide.ts';
import { serveAd } from '../../core/ads/serve.ts';
import { AD_FAILURE_REASONS } from '../../core/ads/failure.ts';
import { AD_FORMATS } from '../../core/ads/format.ts';
import type { AdIntegration } from '../../core/settings/ads.ts';
import { bootCore } from './support/boot.ts';
import { adRequest, clearAdState, removeTestSlots, creativeIn, failures, slotInPage } from './support/ads.ts';

const widget = { widget: 'vf-ad', widgetId: 'w-test', containerId: 'story-1' };

const request = (slot: HTMLElement, integration: AdIntegration, extra: Partial<AdRequest> = {}, settings: Record<string, unknown> = {}): AdRequest =>
  adRequest(slot.id, 'standalone', { standalone_site_ad_id: '/1234/vf-test', ...settings }, { integration, widget, retry: { retries: 0, delayMs: 0 }, ...extra });

describe('core/ads integrations (stand-in vendor scripts)', () => {
  before(() => bootCore());
  beforeEach(() => clearAdState());
  afterEach(() => removeTestSlots());

  describe('each integration renders its creative through the vendor API', () => {
    for (const integration of ['custom', 'gtag', 'm32', 'taboola', 'exco', 'vi', 'aniview'] as const) {
      it(integration, async () => {
        const video = ['exco', 'vi', 'aniview'].includes(integration);
        const slot = video ? slotInPage(640, 360) : slotInPage();
        const outcome = await serveAd(request(slot, integration, video ? { size: AD_FORMATS.video } : {}));
        expect(outcome.status).to.equal('shown');
        const creative = creativeIn(slot)!;
        expect(creative.dataset['vendor']).to.equal(integration);
        expect(creative.textContent).to.contain(`${integration} stand-in`);
        expect(failures()).to.deep.equal([]);
      });
    }

    it('taboola: the slot is asked for with its §9 placement', async () => {
      const slot = slotInPage();
      await serveAd(request(slot, 'taboola', { placement: 'Mid Comments Thumbnails 2' }));
      expect(creativeIn(slot)!.textContent).to.contain('(Mid Comments Thumbnails 2)');
    });

    it('outbrain: the recommendation is a 300 × 250 card whose title is cut at 70 characters with an ellipsis', async () => {
      const slot = slotInPage();
      const outcome = await serveAd(request(slot, 'outbrain'));
      expect(outcome.status).to.equal('shown');
      const card = creativeIn(slot) as HTMLAnchorElement;
      const title = card.querySelector('.vf-ad-card__title')!.textContent!;
      expect(Array.from(title.replace('…', '').trimEnd()).length).to.be.at.most(70);
      expect(title.endsWith('…')).to.equal(true);
      expect(card.querySelector('.vf-ad-card__source')!.textContent).to.equal('Outbrain stand-in');
      const box = card.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([300, 250]);
      expect(card.rel).to.contain('sponsored');
    });
  });

  describe('failures are recorded with the §8 reason, word for word, and never throw', () => {
    const failed = (integration: AdIntegration, failureReason: string) => ({
      status: 'failure', widget: 'vf-ad', containerId: 'story-1', ad_integration: integration, failureReason,
    });

    it('gtag: a slot that is not in the page', async () => {
      const outcome = await serveAd({ ...request(slotInPage(), 'gtag'), slotId: 'no-such-slot' });
      expect(outcome).to.deep.include({ status: 'failed', reason: 'gtag slot not found during generateAd()' });
      expect(failures()).to.deep.equal([failed('gtag', AD_FAILURE_REASONS.gtagSlotNotFound)]);
    });

    it('m32: its script is missing', async () => {
      const slot = slotInPage();
      await serveAd(request(slot, 'm32', {}, { ad_script_url_m32: '/demo/vendors/missing-m32.js' }));
      expect(failures()).to.deep.equal([failed('m32', 'm32 gpt or custom file is not ready during loadScript()')]);
      expect(slot.childElementCount).to.equal(0);
    });

    it('custom: the publisher’s file does not define window.__generate_viafoura_tag', async () => {
      delete (window as unknown as Record<string, unknown>)['__generate_viafoura_tag'];
      await serveAd(request(slotInPage(), 'custom', {}, { ad_script_url_custom: '/demo/vendors/outbrain.js' }));
      expect(failures()).to.deep.equal([failed('custom', 'window.__generate_viafoura_tag is not present during generateAd')]);
    });

    it('any: the vendor renders nothing', async () => {
      await serveAd(request(slotInPage(), 'gtag', {}, { standalone_site_ad_id: '/1234/empty' }));
      expect(failures()).to.deep.equal([failed('gtag', 'ad render failure during generateAd()')]);
    });

    for (const integration of ['exco', 'vi', 'aniview'] as const) {
      it(`${integration}: the video player cannot load`, async () => {
        await serveAd(request(slotInPage(640, 360), integration, {}, { standalone_site_ad_id: 'fail-player' }));
        expect(failures()).to.deep.equal([failed(integration, 'exco, vi or AniView called but was unable to load')]);
      });
    }
  });
});
