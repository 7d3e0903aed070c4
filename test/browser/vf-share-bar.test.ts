/**
 * <vf-share-bar> and <vf-share-total> against the real server: network links and the Web Share
 * path, copy link with its live region, each share recorded and counted, the sharer carried in
 * the shared address; the count's states; keyboard; axe. `navigator.share` and the clipboard
 * are replaced at the edge (the browser API) to observe what is handed to them.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-share-bar/define.ts';
import '../../elements/vf-share-total/define.ts';
import { getStore } from '../../core/store/index.ts';
import type { ShareDetail } from '../../elements/vf-share-bar/ShareBar.tsx';
import { newReader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';
import { newPage, replaceNavigator, shareElsewhere, shareTotals } from './support/shares.ts';

const pageUuid = () => getStore().getState().page.stored!.id;
const totalText = (el: Element) => $(el, '[part~="total"]')?.textContent ?? null;
const shares = (n: number) => `${n} ${n === 1 ? 'share' : 'shares'}`;

async function mount(markup: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = markup;
  return wrapper.firstElementChild as HTMLElement;
}

/** The `vf-share` events `el` dispatches; links are not followed (no new windows in the test). */
function sharesOf(el: HTMLElement): ShareDetail[] {
  const seen: ShareDetail[] = [];
  el.addEventListener('vf-share', (event) => seen.push((event as CustomEvent<ShareDetail>).detail));
  el.addEventListener('click', (event) => event.preventDefault());
  return seen;
}

describe('<vf-share-bar>', () => {
  let noWebShare: { restore(): void };
  before(async () => {
    await bootCore();
    await waitUntil(() => getStore().getState().page.stored, 'the page is stored');
  });
  beforeEach(() => (noWebShare = replaceNavigator('share', undefined)));
  afterEach(async () => {
    noWebShare.restore();
    if (getStore().getState().session.user?.user_privilege === 'user') await logOut();
  });

  it('without Web Share: a link per network with its name, in new windows; a click is recorded, announced and counted; axe finds nothing', async () => {
    const before = (await shareTotals(pageUuid())).total;
    const el = await mount('<vf-share-bar networks="linkedin, twitter, email, myspace, copy" show-total share-title="Bridge & river"></vf-share-bar>');
    const links = await waitFor(() => ($$(el, '[part~="link"]').length === 4 ? $$(el, '[part~="link"]') : null), 'links');
    expect(links.map((link) => link.getAttribute('aria-label') ?? link.textContent)).to.deep.equal(['Share on LinkedIn', 'Share on X', 'Share by email', 'Copy link']);
    expect($(el, '[part~="share-button"]')).to.equal(null);
    const x = new URL(links[1]!.getAttribute('href')!);
    expect(x.origin).to.equal('https://x.com');
    expect(x.searchParams.get('text')).to.equal('Bridge & river');
    const shared = new URL(x.searchParams.get('url')!);
    expect([shared.searchParams.get('vf_medium'), shared.searchParams.get('vf_source'), shared.searchParams.get('vf_sharer')]).to.deep.equal(['share', 'x', null]);
    expect([links[1]!.getAttribute('target'), links[1]!.getAttribute('rel')]).to.deep.equal(['_blank', 'noopener noreferrer']);
    expect(links[2]!.getAttribute('href')).to.match(/^mailto:\?subject=Bridge%20%26%20river&body=http/);
    await waitUntil(() => totalText(el) === shares(before), 'the count');
    await expect(el).to.be.accessible();

    const seen = sharesOf(el);
    links[0]!.click();
    expect(seen.map((s) => s.network)).to.deep.equal(['linkedin']);
    expect(published.some((p) => p.channel === 'vf-share-bar' && p.name === 'vf-share')).to.equal(true);
    await waitUntil(() => totalText(el) === shares(before + 1), 'counted at once');
    expect((await shareTotals(pageUuid())).by_network.linkedin).to.be.greaterThan(0);
  });

  it("with Web Share: Share hands the signed-in sharer's address to the share sheet and records it; a dismissed sheet records nothing; More shows the links", async () => {
    const reader = await newReader('Share Reader');
    await logIn(reader);
    const calls: ShareData[] = [];
    let dismiss = false;
    noWebShare.restore();
    noWebShare = replaceNavigator('share', async (data: ShareData) => {
      calls.push(data);
      if (dismiss) throw new DOMException('Share canceled', 'AbortError');
    });
    const el = await mount('<vf-share-bar></vf-share-bar>');
    const seen = sharesOf(el);
    const share = await waitFor(() => $<HTMLButtonElement>(el, '[part~="share-button"]'), 'Share');
    expect($(el, '[part~="links"]')!.hidden).to.equal(true);
    share.click();
    await waitUntil(() => seen.length === 1, 'shared');
    const url = new URL(calls[0]!.url!);
    expect([url.searchParams.get('vf_source'), url.searchParams.get('vf_sharer')]).to.deep.equal(['native', reader.auth.user.uuid]);
    expect(seen[0]).to.deep.equal({ network: 'native', url: calls[0]!.url });

    dismiss = true;
    share.click();
    await waitUntil(() => calls.length === 2, 'asked again');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(seen.length).to.equal(1);

    const more = $<HTMLButtonElement>(el, '[part~="more-button"]')!;
    more.click();
    await waitUntil(() => more.getAttribute('aria-expanded') === 'true' && !$(el, '[part~="links"]')!.hidden, 'links shown');
    expect($$(el, '[part~="link"]').length).to.equal(6);
    await expect(el).to.be.accessible();
  });

  it('keyboard: Tab to Copy link and Enter copies the shared address and says "Link copied" politely', async () => {
    const copied: string[] = [];
    const clipboard = replaceNavigator('clipboard', { writeText: async (text: string) => void copied.push(text) });
    try {
      const el = await mount('<vf-share-bar networks="copy"></vf-share-bar>');
      const copy = await waitFor(() => buttonByText(el, 'Copy link'), 'Copy link');
      const seen = sharesOf(el);
      copy.focus();
      await sendKeys({ press: 'Enter' });
      const status = await waitFor(() => ($(el, '[part="status"]')?.textContent ? $(el, '[part="status"]') : null), 'status');
      expect([status.textContent, status.getAttribute('role')]).to.deep.equal(['Link copied', 'status']);
      expect(new URL(copied[0]!).searchParams.get('vf_source')).to.equal('copy');
      expect(seen.map((s) => s.network)).to.deep.equal(['copy']);
      await expect(el).to.be.accessible();
    } finally {
      clipboard.restore();
    }
  });

  it('one row at every width (its reserve holds): on a phone the links scroll sideways and Tab brings each into view', async () => {
    const el = await mount('<vf-share-bar networks="facebook,x,linkedin,whatsapp,reddit,email,copy" show-total show-zero></vf-share-bar>');
    await waitFor(() => totalText(el), 'the count');
    const heights: number[] = [];
    for (const width of ['1280px', '412px', '320px']) {
      el.parentElement!.style.width = width;
      heights.push(el.getBoundingClientRect().height);
    }
    expect(heights[1], 'a phone').to.equal(heights[0]);
    expect(heights[2], 'a small phone').to.equal(heights[0]);
    const row = $(el, '[part~="links"]')!;
    expect(row.scrollWidth, 'the links overflow the 320 px row').to.be.greaterThan(row.clientWidth);
    const last = buttonByText(el, 'Copy link')!;
    last.focus();
    await waitUntil(() => last.getBoundingClientRect().right <= row.getBoundingClientRect().right + 1, 'scrolled into view');
    await expect(el).to.be.accessible();
  });

  it('a page without an http(s) address to share shows the empty state', async () => {
    const el = await mount('<vf-share-bar url="javascript:alert(1)"></vf-share-bar>');
    const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
    expect(empty.textContent).to.equal('This page has no web address to share.');
    expect($(el, 'a')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});

describe('<vf-share-total>', () => {
  before(() => bootCore());

  it('loading: a labelled skeleton; a count of 0 is empty (nothing shown) unless show-zero', async () => {
    const page = await newPage();
    await expectLoadingState(() => mount(`<vf-share-total page-uuid="${page.id}"></vf-share-total>`), throttleFetch({ pattern: /\/shares/ }), 'Loading the share count…');
    const zero = await mount(`<vf-share-total page-uuid="${page.id}" show-zero></vf-share-total>`);
    await waitUntil(() => totalText(zero) === '0 shares', '0 shown');
  });

  it('shows the count in compact notation, with its state on the host', async () => {
    const page = await newPage();
    for (let i = 0; i < 3; i++) await shareElsewhere(page.id, 'facebook');
    const el = await mount(`<vf-share-total page-uuid="${page.id}"></vf-share-total>`);
    await waitUntil(() => totalText(el) === '3 shares', 'the count');
    expect(el.getAttribute('data-vf-state')).to.equal('ready');
    expect($(el, '[part~="total"]')!.getAttribute('aria-live')).to.equal('polite');
    await expect(el).to.be.accessible();
  });

  it('error: an alert with Retry, which loads the count; offline: a status note', async () => {
    const page = await newPage();
    await shareElsewhere(page.id, 'email');
    const el = await expectErrorState(
      () => mount(`<vf-share-total page-uuid="${page.id}"></vf-share-total>`),
      throttleFetch({ failures: 1, pattern: /\/shares/ }),
      'Couldn’t load the share count.',
      (shown) => totalText(shown) === '1 share',
    );
    await expectOfflineState(el);
  });
});
