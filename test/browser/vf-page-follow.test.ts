/** <vf-page-follow> against the real server: guest prompt, follow round trip, data-path / data-url, states, keyboard, axe. */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-page-follow/define.ts';
import { CONFLICT_MESSAGE, pageTarget } from '../../elements/vf-page-follow/pageTarget.ts';
import { getStore } from '../../core/store/index.ts';
import { wentOnline } from '../../core/network/slice.ts';
import { newReader, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, shadow, transitionsDone, waitFor } from './support/dom.ts';
import { expectErrorState, expectOfflineState } from './support/elementStates.ts';
import { pagesOf } from './support/follows.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';

const toggle = (el: Element) => $<HTMLButtonElement>(el, '[part~="button"]');
const pressed = (el: Element) => toggle(el)?.getAttribute('aria-pressed') ?? null;
const pageUuid = () => getStore().getState().page.stored!.id;
/** The state call for this page (not the list, not another page). */
const stateCall = () => new RegExp(`/subscriptions/[^/]+/pages/${pageUuid()}(\\?|$)`);

async function mount(attrs = ''): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<vf-page-follow ${attrs}></vf-page-follow>`;
  return wrapper.firstElementChild as HTMLElement;
}

async function signedIn(): Promise<Reader> {
  const reader = await newReader('Page Reader');
  await logIn(reader);
  return reader;
}

/** Swaps a console method for a recorder while `run` runs. */
async function recording(method: 'warn' | 'error', run: (calls: unknown[][]) => Promise<void>): Promise<void> {
  const real = console[method];
  const calls: unknown[][] = [];
  console[method] = (...args: unknown[]) => void calls.push(args);
  try {
    await run(calls);
  } finally {
    console[method] = real;
  }
}

describe('<vf-page-follow>', () => {
  before(async () => {
    await bootCore();
    await waitUntil(() => getStore().getState().page.stored, 'the page is stored');
  });

  afterEach(async () => {
    getStore().dispatch(wentOnline());
    if (getStore().getState().session.user?.user_privilege === 'user') await logOut();
  });

  it('a guest sees Follow this page; pressing it asks to log in and sends nothing; axe finds nothing', async () => {
    const el = await mount();
    await waitFor(() => toggle(el), 'button');
    expect(toggle(el)!.textContent).to.equal('Follow this page');
    expect(pressed(el)).to.equal('false');
    await expect(el).to.be.accessible();
    published.length = 0;
    const watch = throttleFetch({ pattern: /\/subscriptions\//, failures: 1 });
    try {
      toggle(el)!.click();
      await waitFor(() => $(el, 'dialog[open]'), 'login dialog');
      expect(watch.calls()).to.equal(0);
    } finally {
      watch.restore();
    }
    const auth = published.filter((p) => p.channel === 'authentication').map((p) => [p.name, p.payload]);
    expect(auth).to.deep.include.members([['required', { action: 'page.follow' }], ['needed', { action: 'page.follow' }]]);
  });

  it('follows and unfollows the current page: the state, the events and the server agree', async () => {
    const reader = await signedIn();
    const el = await mount();
    await waitFor(() => toggle(el), 'button');
    const events: string[] = [];
    el.addEventListener('vf-page-followed', (event) => events.push(`followed ${(event as CustomEvent<{ pageUuid: string }>).detail.pageUuid}`));
    el.addEventListener('vf-page-unfollowed', () => events.push('unfollowed'));
    toggle(el)!.click();
    await waitUntil(() => pressed(el) === 'true', 'following');
    expect(toggle(el)!.textContent).to.equal('Following this page');
    expect(events).to.deep.equal([`followed ${pageUuid()}`]);
    const followed = await pagesOf(reader);
    expect(followed.map((page) => page.page_uuid)).to.deep.equal([pageUuid()]);
    await transitionsDone(el);
    await expect(el).to.be.accessible();

    toggle(el)!.click();
    await waitUntil(() => pressed(el) === 'false', 'not following');
    expect(events.at(-1)).to.equal('unfollowed');
    expect(await pagesOf(reader)).to.deep.equal([]);
  });

  describe('data-path and data-url', () => {
    it('the current path or address is the current page', async () => {
      await signedIn();
      for (const attrs of [`data-path="${location.pathname}"`, `data-url="${location.href}"`]) {
        const el = await mount(attrs);
        await waitFor(() => toggle(el), `button for ${attrs}`);
        expect(pressed(el)).to.equal('false');
      }
    });

    it('both at once: the error is shown and logged, and nothing is sent', async () => {
      await recording('error', async (errors) => {
        const watch = throttleFetch({ pattern: /\/subscriptions\//, failures: 99 });
        try {
          const el = await mount(`data-path="${location.pathname}" data-url="${location.href}"`);
          const error = await waitFor(() => $(el, '[part="error"]'), 'error shown');
          expect(error.getAttribute('role')).to.equal('alert');
          expect(error.textContent).to.equal('Only one of data-path or data-url is supported.');
          expect(toggle(el)).to.equal(null);
          await waitUntil(() => errors.some((args) => String(args[0]).includes(CONFLICT_MESSAGE)), 'logged');
          await expect(el).to.be.accessible();
          expect(watch.calls()).to.equal(0);
        } finally {
          watch.restore();
        }
      });
    });

    it('another page shows nothing and warns (pages are found by id only)', async () => {
      await recording('warn', async (warnings) => {
        const el = await mount('data-path="/some/other/story.html"');
        await waitUntil(() => warnings.some((args) => String(args[0]).includes('vf-page-follow')), 'warned');
        expect(shadow(el).textContent).to.equal('');
      });
    });

    it('resolves as content.md §5 says', () => {
      const href = 'https://news.example/2026/story.html?x=1#top';
      expect(pageTarget(undefined, undefined, href)).to.equal('current');
      expect(pageTarget('/2026/story.html', undefined, href)).to.equal('current');
      expect(pageTarget('/2026/other.html', undefined, href)).to.equal('other');
      expect(pageTarget(undefined, 'https://news.example/2026/story.html?x=1', href)).to.equal('current');
      expect(pageTarget(undefined, 'https://news.example/canonical', href, 'https://news.example/canonical')).to.equal('current');
      expect(pageTarget(undefined, 'https://elsewhere.example/2026/story.html?x=1', href)).to.equal('other');
      expect(pageTarget('/2026/story.html', href, href)).to.equal('conflict');
      expect(pageTarget(' ', '', href)).to.equal('current');
    });
  });

  describe('states', () => {
    it('loading: a labelled status skeleton while the follow state loads', async () => {
      await signedIn();
      const held = throttleFetch({ pattern: stateCall() });
      try {
        const el = await mount();
        const skeleton = await waitFor(() => $(el, '[part="skeleton"][aria-label="Loading…"]'), 'skeleton');
        expect(skeleton.getAttribute('role')).to.equal('status');
        await expect(el).to.be.accessible();
        held.release();
        await waitFor(() => toggle(el), 'button once loaded');
      } finally {
        held.restore();
      }
    });

    it('error: an alert with Retry, which loads the state', async () => {
      await signedIn();
      const failing = throttleFetch({ pattern: stateCall(), failures: 1 });
      await expectErrorState(() => mount(), failing, 'Couldn’t load what you follow.', (el) => !!toggle(el));
    });

    it('offline: a status notice and a disabled button', async () => {
      await signedIn();
      const el = await mount();
      await waitFor(() => toggle(el), 'button');
      await expectOfflineState(el);
      expect(toggle(el)!.disabled).to.equal(false);
    });
  });

  it('keyboard: reached with Tab, toggled with Enter and Space', async () => {
    await signedIn();
    const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button><vf-page-follow></vf-page-follow></div>`);
    const el = wrapper.querySelector('vf-page-follow') as HTMLElement;
    await waitFor(() => toggle(el), 'button');
    wrapper.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement).to.equal(toggle(el));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => pressed(el) === 'true', 'followed with Enter');
    await waitUntil(() => !toggle(el)!.hasAttribute('aria-busy'), 'saved');
    await sendKeys({ press: ' ' });
    await waitUntil(() => pressed(el) === 'false', 'unfollowed with Space');
  });
});
