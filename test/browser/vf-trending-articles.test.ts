/** <vf-trending-articles> against the real server: views, tracked clicks, recirculation, states, keyboard, axe. */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-trending-articles/define.ts';
import type { TrendingContainer } from '../../core/api/types.ts';
import { VISITOR_ID_KEY } from '../../core/analytics/visitorId.ts';
import { newReader, testConfig, type Reader } from './support/api.ts';
import { article } from './support/trending.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, shadow, waitFor } from './support/dom.ts';
import { expectErrorState, expectOfflineState } from './support/elementStates.ts';
import { throttleFetch } from './support/network.ts';

const TRENDING = /\/api\/comments\/[^/]+\/trending(recommended)?\?/;
const headlines = (el: Element) => $$(el, '[part="headline"]').map((h) => h.textContent);
const links = (el: Element) => $$<HTMLAnchorElement>(el, '[part~="link"]');

async function mount(attrs: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<vf-trending-articles ${attrs}></vf-trending-articles>`;
  return wrapper.firstElementChild as HTMLElement;
}

/** What the server itself answers for the element's call with this limit (articles with a page, 7 days, 3 hours). */
async function serverList(limit: number): Promise<TrendingContainer[]> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/trending?limit=${limit}&with_page=true`);
  return ((await res.json()) as { result: { contents: TrendingContainer[] } }).result.contents;
}

/** The page's trending calls go to the real server, for a window in 2001: nothing trended then. */
function askAboutLongAgo(): () => void {
  const real = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    return real(TRENDING.test(url) ? `${url}&date_time=978307200000` : input, init);
  };
  return () => void (window.fetch = real);
}

describe('<vf-trending-articles>', () => {
  let author: Reader;
  let busy: string;
  let quiet: string;

  before(async () => {
    await bootCore();
    author = await newReader('Trending Author');
    busy = await article(author, 'Busy story', 4, { url: `${location.origin}/demo/liveblog-bridge.png`, alt: 'A bridge at dusk' });
    quiet = await article(author, 'Quiet story', 3);
  });

  describe('list view', () => {
    it('shows the server’s trending articles in its order without the current one; links carry the medium; axe', async () => {
      const current = await article(author, 'The article being read', 5);
      const el = await mount(`vf-container-id="${current}" limit="100"`);
      await waitUntil(() => headlines(el).includes('Busy story'), 'articles shown');
      const expected = (await serverList(100)).filter((item) => item.container_id !== current).map((item) => item.page!.title);
      expect(headlines(el)).to.deep.equal(expected.slice(0, 100));
      expect(headlines(el)).not.to.include('The article being read');
      expect($(el, '[part="title"]')!.textContent).to.equal('Trending now');
      const link = links(el).find((a) => a.textContent!.startsWith('Busy story'))!;
      expect(new URL(link.href).searchParams.get('vf_medium')).to.equal('standalone_top_pages');
      expect(link.textContent).to.contain('4 comments');
      expect(el.getAttribute('data-vf-state')).to.equal('ready');
      await expect(el).to.be.accessible();
    });

    it('limit, widget-title, tracking-medium and sort="newest" shape the list; a bad value takes the default', async () => {
      const el = await mount('limit="2" widget-title="Most discussed" tracking-medium="tray_top_pages" sort="newest"');
      await waitUntil(() => headlines(el).length === 2, 'two articles');
      expect($(el, '[part="title"]')!.textContent).to.equal('Most discussed');
      expect(links(el).every((a) => new URL(a.href).searchParams.get('vf_medium') === 'tray_top_pages')).to.equal(true);
      el.setAttribute('limit', '500'); // out of range: the default, 5
      el.setAttribute('tracking-medium', 'billboard'); // not a medium: the default
      await waitUntil(() => links(el).length > 2 && links(el).every((a) => new URL(a.href).searchParams.get('vf_medium') === 'standalone_top_pages'), 'defaults');
      expect(headlines(el).length).to.be.within(3, 5);
    });

    it('a click announces vf-trending-click with the url, container id, position and medium, and on the bus', async () => {
      const el = await mount('limit="100" tracking-medium="conversations_top_pages"');
      await waitUntil(() => headlines(el).includes('Quiet story'), 'shown');
      const seen: CustomEvent[] = [];
      document.addEventListener('vf-trending-click', (e) => seen.push(e as CustomEvent), { once: true });
      el.parentElement!.addEventListener('click', (e) => e.preventDefault(), { once: true }); // stay on the test page
      published.length = 0;
      const index = links(el).findIndex((a) => a.textContent!.startsWith('Quiet story'));
      links(el)[index]!.click();
      await waitUntil(() => seen.length === 1, 'host event');
      const detail = { url: links(el)[index]!.href, containerId: quiet, position: index + 1, medium: 'conversations_top_pages' };
      expect(seen[0]!.detail).to.deep.equal(detail);
      expect(seen[0]!.bubbles && seen[0]!.composed).to.equal(true);
      expect(published.find((p) => p.name === 'vf-trending-click')?.payload).to.deep.equal(detail);
    });
  });

  describe('views and pictures', () => {
    it('grid with pictures on top: sized, lazy, described images and a placeholder for none; axe', async () => {
      const el = await mount('view="grid" thumbnail="true" thumbnail-position="top" limit="100"');
      await waitUntil(() => headlines(el).includes('Quiet story'), 'shown');
      expect($(el, '.vf-trending--grid.vf-trending--image-top')).to.not.equal(null);
      const img = links(el).find((a) => a.textContent!.startsWith('Busy story'))!.querySelector('img')!;
      expect([img.getAttribute('width'), img.getAttribute('height'), img.loading, img.alt]).to.deep.equal(['320', '180', 'lazy', 'A bridge at dusk']);
      expect(getComputedStyle(img).aspectRatio).to.equal('16 / 9');
      const none = links(el).find((a) => a.textContent!.startsWith('Quiet story'))!.querySelector('[part~="placeholder"]')!;
      expect(none.getAttribute('aria-hidden')).to.equal('true');
      await expect(el).to.be.accessible();
    });

    it('thumbnail other than "true" shows no pictures', async () => {
      const el = await mount('thumbnail="yes"');
      await waitUntil(() => headlines(el).length > 0, 'shown');
      expect($(el, '[part~="image"]')).to.equal(null);
    });

    it('carousel: a labelled region of "n of N" slides, moved by Previous / Next and the arrow keys; axe', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
      wrapper.insertAdjacentHTML('beforeend', '<vf-trending-articles view="carousel" limit="3" thumbnail="true"></vf-trending-articles>');
      const el = wrapper.lastElementChild as HTMLElement;
      await waitUntil(() => headlines(el).length === 3, 'three slides');
      const region = $(el, '[part="carousel"]')!;
      expect(region.getAttribute('aria-roledescription')).to.equal('carousel');
      const slides = $$(el, '[part~="slide"]');
      expect(slides.map((s) => s.getAttribute('aria-label'))).to.deep.equal(['1 of 3', '2 of 3', '3 of 3']);
      expect(slides.every((s) => s.getAttribute('role') === 'group' && s.getAttribute('aria-roledescription') === 'slide')).to.equal(true);
      await expect(el).to.be.accessible();

      const previous = $<HTMLButtonElement>(el, '[part="previous"]')!;
      expect(previous.getAttribute('aria-disabled')).to.equal('true');
      $<HTMLButtonElement>(el, '[part="next"]')!.click();
      await waitUntil(() => $(el, '[part~="current"]') === slides[1], 'second slide current');
      expect(previous.getAttribute('aria-disabled')).to.equal('false');

      wrapper.querySelector<HTMLButtonElement>('#before')!.focus();
      await sendKeys({ press: 'Tab' }); // Previous
      await sendKeys({ press: 'Tab' }); // Next
      await sendKeys({ press: 'Tab' }); // the first slide's link
      expect(shadow(el).activeElement).to.equal(links(el)[0]);
      await sendKeys({ press: 'ArrowRight' });
      expect(shadow(el).activeElement).to.equal(links(el)[1]);
      await sendKeys({ press: 'End' });
      expect(shadow(el).activeElement).to.equal(links(el)[2]);
      expect($(el, '[part="next"]')!.getAttribute('aria-disabled')).to.equal('true');
      await sendKeys({ press: 'ArrowLeft' });
      expect(shadow(el).activeElement).to.equal(links(el)[1]);
    });
  });

  describe('content-recirculation', () => {
    it('records the current article as read, asks for this reader and never lists what they read', async () => {
      localStorage.removeItem(VISITOR_ID_KEY);
      const el = await mount(`content-recirculation vf-container-id="${busy}" limit="100"`);
      await waitUntil(() => headlines(el).includes('Quiet story'), 'recommended shown');
      expect($(el, '[part="title"]')!.textContent).to.equal('Recommended for you');
      expect(new URL(links(el)[0]!.href).searchParams.get('vf_medium')).to.equal('standalone_content_recirculation_with_ads');
      const visitor = localStorage.getItem(VISITOR_ID_KEY)!;
      expect(visitor).to.match(/^[0-9a-f]{32}$/);

      // On another article, the busy story (read above) is left out; the plain list still has it.
      const { commentsBase, siteUuid } = testConfig();
      await waitUntil(async () => {
        const res = await fetch(`${commentsBase}/${siteUuid}/trendingrecommended?limit=100`, { headers: { 'X-Unique-Id': visitor } });
        return !((await res.json()) as { result: { contents: TrendingContainer[] } }).result.contents.some((c) => c.container_id === busy);
      }, 'the read is recorded');
      const next = await mount(`content-recirculation vf-container-id="${quiet}" limit="100"`);
      await waitUntil(() => headlines(next).length > 0, 'shown');
      expect(headlines(next)).not.to.include('Busy story');
      expect(headlines(next)).not.to.include('Quiet story');
      expect((await serverList(100)).some((c) => c.container_id === busy)).to.equal(true);
      await expect(next).to.be.accessible();
    });
  });

  describe('states', () => {
    it('loading: a labelled status skeleton while the list loads', async () => {
      const held = throttleFetch({ pattern: TRENDING });
      try {
        const el = await mount('limit="8"'); // a list no earlier test has in the cache
        const skeleton = await waitFor(() => $(el, '[part="skeleton"][aria-label="Loading trending articles…"]'), 'skeleton');
        expect(skeleton.getAttribute('role')).to.equal('status');
        expect(el.getAttribute('data-vf-state')).to.equal('loading');
        await expect(el).to.be.accessible();
        held.release();
        await waitUntil(() => headlines(el).length > 0, 'loaded');
      } finally {
        held.restore();
      }
    });

    it('error: an alert with Retry, which loads the list', async () => {
      const failing = throttleFetch({ pattern: TRENDING, failures: 1 });
      const el = await expectErrorState(() => mount('limit="4"'), failing, 'Trending articles couldn\'t be loaded.', (el) => headlines(el).length > 0);
      expect(el.getAttribute('data-vf-state')).to.equal('ready');
    });

    it('offline: a status notice, gone once online', async () => {
      const el = await mount('');
      await waitUntil(() => headlines(el).length > 0, 'shown');
      await expectOfflineState(el);
    });

    it('empty: says so, or with hide-on-empty shows nothing at all', async () => {
      const restore = askAboutLongAgo();
      try {
        const el = await mount('days-published="all" trend-window="48" limit="7"');
        const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty state');
        expect(empty.textContent).to.equal('No trending articles right now.');
        expect(el.getAttribute('data-vf-state')).to.equal('empty');
        await expect(el).to.be.accessible();
        const hidden = await mount('hide-on-empty limit="6" trend-window="47"');
        await waitUntil(() => hidden.getAttribute('data-vf-state') === 'empty', 'empty');
        expect(shadow(hidden).textContent).to.equal('');
        expect(hidden.getBoundingClientRect().height).to.equal(0);
      } finally {
        restore();
      }
    });
  });
});
