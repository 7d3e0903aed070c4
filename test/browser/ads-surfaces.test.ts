/**
 * Ads on the element surfaces (docs/ads.md "Surfaces") against the real server with the demo
 * site's settings (every vendor a local stand-in): the live blog (EX.CO video, custom as its
 * alternative), trending (Outbrain), the conversation starter (custom) and above the comments
 * (Taboola "Above Comments Thumbnails"). Each reserves its box from the first render, is off
 * when ads are off, records a failure with the spec's reason, passes axe and traps no focus.
 */
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitUntil } from './support/wait.ts';
import '../../elements/vf-liveblog/define.ts';
import '../../elements/vf-trending-articles/define.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, waitFor } from './support/dom.ts';
import { clearAdState, creativeIn, failures, standInCmp } from './support/ads.ts';
import { siteSettingsFor, tabsThrough } from './support/adSurfaces.ts';
import { liveEvent, mountLive, publish, seedLiveblog, unmountLive } from './support/liveblog.ts';
import { startMockFeed } from './support/realtime.ts';
import { newReader, unique } from './support/api.ts';
import { article } from './support/trending.ts';

const feed = startMockFeed(); // before boot: core must open the socket on the mock
before(() => bootCore());
beforeEach(() => clearAdState());
afterEach(unmountLive);

const frames = (el: Element) => $$(el, '[part="ad"]');
const shown = (el: Element) => [...el.querySelectorAll<HTMLElement>(':scope > [slot]')].map((d) => creativeIn(d)).filter((c) => c !== null);
/** The text of the post an ad box follows. */
const postBefore = (frame: Element) => frame.closest('li')!.querySelector('.vf-post .vf-rich-text')!.textContent;

describe('the live blog’s ads', () => {
  it('an ad follows the first post, in a box reserved with the posts; it stays with that post as new ones arrive; axe finds nothing', async () => {
    const id = unique('lb-ads');
    const { container } = await seedLiveblog(id, ['Kick-off', 'Early chance']);
    const el = await mountLive('vf-liveblog', id, '', '<button id="after-lb">After</button>');
    const frame = await waitFor(() => frames(el)[0], 'the ad box');
    // Reserved as the posts are drawn, before any creative: the video's 640 × 360.
    expect(postBefore(frame)).to.equal('Early chance');
    expect(frame.querySelector<HTMLElement>('[part="ad-space"]')!.style.height).to.equal('360px');
    expect(frame.getAttribute('aria-label')).to.equal('Advertisement');
    await waitUntil(() => shown(el).length === 1, 'the video ad', { timeout: 10000 });
    expect(shown(el)[0]!.dataset['vendor']).to.equal('exco');
    const slotDiv = el.querySelector(':scope > [slot]')!;
    await expect(el).to.be.accessible();

    const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
    feed.send(sub, await liveEvent('created', await publish(container.content_container_uuid, 'Goal!')));
    await waitUntil(() => $$(el, '[part="list"] > li').length === 3, 'the new post');
    expect(frames(el)).to.have.length(1, 'no new ad for one new post');
    expect(postBefore(frames(el)[0]!)).to.equal('Early chance', 'the ad stays with its post');
    expect(el.querySelector(':scope > [slot]')).to.equal(slotDiv, 'the same creative, not a new request');
    expect(failures()).to.deep.equal([]);
  });

  it('keyboard: Tab goes past the ad to what follows the live blog', async () => {
    const id = unique('lb-ads-keys');
    await seedLiveblog(id, ['Only post']);
    const el = await mountLive('vf-liveblog', id, '', '<button id="after-lb">After</button>');
    await waitUntil(() => shown(el).length === 1, 'the ad', { timeout: 10000 });
    const like = $(el, '.vf-like')!;
    await tabsThrough(like, document.getElementById('after-lb')!);
  });

  it('a video that fails records the spec’s reason and the alternative (here gtag) fills the same box', async () => {
    const restore = siteSettingsFor({ liveblog_site_ad_id: 'fail-player', liveblog_ad_alt_integration: 'gtag' });
    try {
      const id = unique('lb-ads-fail');
      await seedLiveblog(id, ['Rain delay']);
      const el = await mountLive('vf-liveblog', id);
      await waitUntil(() => shown(el).length === 1, 'the alternative', { timeout: 10000 });
      expect(shown(el)[0]!.dataset['vendor']).to.equal('gtag');
      expect(failures().map((f) => f!['failureReason'])).to.deep.equal(['exco, vi or AniView called but was unable to load']);
      expect(failures()[0]).to.include({ widget: 'vf-liveblog', ad_integration: 'exco' });
    } finally {
      restore();
    }
  });

  it('off: the reader opted out, or consent refused — no box, no slot', async () => {
    localStorage.setItem('vf.analytics.adOptOut', 'true');
    const id = unique('lb-ads-off');
    await seedLiveblog(id, ['Quiet']);
    const el = await mountLive('vf-liveblog', id);
    await waitUntil(() => $$(el, '[part="list"] > li').length === 1, 'the post');
    expect(frames(el)).to.have.length(0);
    localStorage.removeItem('vf.analytics.adOptOut');
    standInCmp(false);
    const other = await mountLive('vf-liveblog', id);
    await waitUntil(() => $$(other, '[part="list"] > li').length === 1, 'the post');
    await waitUntil(() => frames(other).length === 0, 'consent refused takes the box away');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.querySelectorAll(':scope > [slot]')).to.have.length(0);
  });
});

describe('the trending surface’s ad card', () => {
  before(async () => {
    const author = await newReader('Ad Surfaces Author');
    for (const [title, comments] of [['Ad story one', 5], ['Ad story two', 4], ['Ad story three', 3]] as const) await article(author, title, comments);
  });

  const hosts: HTMLElement[] = [];
  afterEach(() => hosts.splice(0).forEach((host) => host.remove()));

  async function mountTrending(attrs: string, font = ''): Promise<HTMLElement> {
    const host = document.createElement('div');
    host.style.cssText = font;
    document.body.append(host);
    host.innerHTML = `<vf-trending-articles limit="3" ${attrs}></vf-trending-articles><button id="after-tr">After</button>`;
    hosts.push(host);
    return host.firstElementChild as HTMLElement;
  }
  const items = (el: Element) => $$(el, '[part="list"] > li').map((li) => li.getAttribute('part'));

  it('list: an Outbrain card after the second article, a list item reserved with the articles; links keep their medium; axe finds nothing', async () => {
    const el = await mountTrending('');
    await waitUntil(() => $$(el, '[part="headline"]').length === 3, 'three articles');
    expect(items(el)).to.deep.equal(['item', 'item', 'ad-item', 'item'], 'the box is there with the articles');
    await waitUntil(() => shown(el).length === 1, 'the recommendation', { timeout: 10000 });
    expect(el.querySelector('.vf-ad-card')).to.not.equal(null, 'Outbrain’s card');
    expect($$<HTMLAnchorElement>(el, '[part~="link"]').every((a) => new URL(a.href).searchParams.get('vf_medium') === 'standalone_top_pages')).to.equal(true);
    expect(failures()).to.deep.equal([]);
    await expect(el).to.be.accessible();
    await tabsThrough($$(el, '[part~="link"]')[0]!, document.getElementById('after-tr')!);
  });

  it('carousel: the card sits between the slides without being one — "n of 3" and the arrow keys count articles', async () => {
    const el = await mountTrending('view="carousel"');
    await waitUntil(() => $$(el, '.vf-trending__slide').length === 3, 'three slides');
    const track = $(el, '[part="track"]')!;
    expect([...track.children].map((c) => c.className)).to.deep.equal(['vf-trending__slide', 'vf-trending__slide', 'vf-trending__ad-slide', 'vf-trending__slide']);
    expect($$(el, '.vf-trending__slide').map((s) => s.getAttribute('aria-label'))).to.deep.equal(['1 of 3', '2 of 3', '3 of 3']);
    await waitUntil(() => shown(el).length === 1, 'the recommendation', { timeout: 10000 });
    await expect(el).to.be.accessible();
  });

  // The demo's stand-in title is cut at 70 characters (§9), still three lines of a 300 px card.
  for (const font of ['', '--vf-font-size: 18px; --vf-line-height: 1.7']) {
    it(`at 1280 px the card's long title stays inside its card, clamped, its source under it (${font || 'default font'})`, async () => {
      await setViewport({ width: 1280, height: 800 });
      try {
        const el = await mountTrending('view="grid" thumbnail="true" thumbnail-position="top" limit="2"', font);
        await waitUntil(() => shown(el).length === 1, 'the recommendation', { timeout: 10000 });
        const card = el.querySelector<HTMLElement>('.vf-ad-card')!;
        const title = card.querySelector<HTMLElement>('.vf-ad-card__title')!;
        expect(title.textContent).to.have.length(71, 'cut at 70 characters and an ellipsis');
        const box = card.getBoundingClientRect();
        for (const part of [title, card.querySelector<HTMLElement>('.vf-ad-card__source')!]) {
          const { bottom, right } = part.getBoundingClientRect();
          expect(bottom, `${part.className}'s bottom`).to.be.at.most(box.bottom);
          expect(right, `${part.className}'s right`).to.be.at.most(box.right);
        }
        // Whole lines only: two shown, the rest clamped (its scrollHeight still counts them).
        expect(title.clientHeight / parseFloat(getComputedStyle(title).lineHeight), "the title's lines").to.equal(2);
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }

  it('a vendor that renders nothing records "ad render failure during generateAd()" and keeps its box; a reader who opted out gets no card', async () => {
    const restore = siteSettingsFor({ trending_site_ad_id: 'fail-widget' });
    try {
      const el = await mountTrending('');
      await waitUntil(() => failures().length === 1, 'the failure', { timeout: 10000 });
      expect(failures()[0]).to.include({ widget: 'vf-trending-articles', ad_integration: 'outbrain', failureReason: 'ad render failure during generateAd()' });
      expect(items(el)).to.include('ad-item');
    } finally {
      restore();
    }
    localStorage.setItem('vf.analytics.adOptOut', 'true');
    const off = await mountTrending('');
    await waitUntil(() => $$(off, '[part="headline"]').length === 3, 'three articles');
    expect(items(off)).to.deep.equal(['item', 'item', 'item']);
  });
});
