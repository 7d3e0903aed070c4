/**
 * Mounted widgets in a page booted like the loader boots it: widget ids and mount events, the
 * tray and trigger vf adds to <body>, page classes, the legacy (light DOM) rendering path and
 * a stylesheet chunk that fails.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { createElement } from 'react';
import { bootCore, published } from './support/boot.ts';
import { newReader } from './support/api.ts';
import { logIn } from './support/login.ts';
import { $, buttonByText, shadow, waitFor } from './support/dom.ts';
import '../../elements/vf-tray/define.ts';
import '../../elements/vf-tray-trigger/define.ts';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { getStore } from '../../core/store/index.ts';
import { getTrayState, trayActions } from '../../core/mount/tray.ts';
import { WIDGET_ID_ATTR } from '../../core/mount/scan.ts';

const events = (channel: string) => published.filter((p) => p.channel === channel);

/** The element that has focus, inside shadow roots too. */
function focused(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

before(async () => {
  await bootCore();
});

afterEach(() => trayActions.close());

describe('mounted widgets', () => {
  it('each gets a widget id and its mount and unmount are published with kind and id', async () => {
    const probe = await fixture<HTMLElement>(html`<vf-tray-trigger></vf-tray-trigger>`);
    const id = probe.getAttribute(WIDGET_ID_ATTR);
    expect(id).to.match(/^vfw-/);
    const mount = await waitFor(
      () => events('widgets').find((p) => p.name === 'mount' && (p.payload as { widget_id: string }).widget_id === id),
      'mount published',
    );
    expect(mount.payload).to.include({ kind: 'vf-tray-trigger', widget_id: id });
    probe.remove();
    const unmount = events('widgets').find((p) => p.name === 'unmount' && (p.payload as { widget_id: string }).widget_id === id);
    expect(unmount?.payload).to.include({ kind: 'vf-tray-trigger' });
  });

  it('each widget\'s region is tracked in the store as in view or out of view, and forgotten on removal', async () => {
    const page = await fixture<HTMLElement>(html`<div><div style="height: 3000px"></div>
      <vf-tray-trigger style="display: block; height: 100px"></vf-tray-trigger></div>`);
    const widget = page.querySelector('vf-tray-trigger')!;
    const id = widget.getAttribute(WIDGET_ID_ATTR)!;
    const region = () => getStore().getState().visibility.regions[id];
    await waitUntil(() => region()?.inView === false, 'out of view far below the fold');
    widget.scrollIntoView();
    await waitUntil(() => region()?.inView === true, 'in view once scrolled to');
    window.scrollTo(0, 0);
    await waitUntil(() => region()?.inView === false, 'out of view again');
    widget.remove();
    await waitUntil(() => region() === undefined, 'forgotten');
  });

  it('widgets carry vf-mobile on a mobile device in a window narrower than 765 px', async () => {
    const el = await fixture<HTMLElement>(html`<vf-tray-trigger></vf-tray-trigger>`);
    expect(el.classList.contains('vf-mobile')).to.equal(false);
    Object.defineProperty(navigator, 'userAgentData', { value: { mobile: true }, configurable: true });
    Object.defineProperty(window, 'innerWidth', { value: 500, configurable: true });
    try {
      window.dispatchEvent(new Event('resize'));
      expect(el.classList.contains('vf-mobile')).to.equal(true);
      Object.defineProperty(window, 'innerWidth', { value: 800, configurable: true });
      window.dispatchEvent(new Event('resize'));
      expect(el.classList.contains('vf-mobile')).to.equal(false);
    } finally {
      delete (navigator as { userAgentData?: unknown }).userAgentData;
      delete (window as { innerWidth?: number }).innerWidth;
      window.dispatchEvent(new Event('resize'));
    }
  });

  it('the page carries the logged-out class for a guest, logged-in once someone logs in', async () => {
    await waitUntil(() => document.documentElement.classList.contains('vf-logged-out'), 'vf-logged-out');
    expect(document.documentElement.classList.contains('vf-logged-in')).to.equal(false);
  });
});

describe('<vf-tray> and <vf-tray-trigger> added to the page', () => {
  const tray = () => document.querySelector<HTMLElement>('body > vf-tray')!;
  const trigger = () => document.querySelector<HTMLElement>('body > vf-tray-trigger')!;
  const dialog = () => $<HTMLDialogElement>(tray(), 'dialog.vf-tray')!;
  const bell = () => $<HTMLButtonElement>(trigger(), 'button.vf-js-tray-activator')!;

  before(async () => {
    await waitFor(() => tray()?.shadowRoot?.querySelector('dialog'), 'tray rendered');
    await waitFor(() => trigger()?.shadowRoot?.querySelector('button'), 'trigger rendered');
  });

  it('adds one tray and one floating trigger to <body>', () => {
    expect(document.querySelectorAll('vf-tray').length).to.equal(1);
    expect(trigger().hasAttribute('floating')).to.equal(true);
    expect(getComputedStyle(bell()).position).to.equal('fixed');
  });

  it('the bell toggles the tray; it opens on the feed with focus on its tab; Escape closes it and focus returns', async () => {
    published.length = 0;
    bell().focus();
    bell().click();
    await waitUntil(() => dialog().open, 'tray open');
    expect(bell().getAttribute('aria-expanded')).to.equal('true');
    expect(focused()?.id).to.equal('vf-feed-tab');
    // A guest's feed asks them to log in (the feed is a signed-in reader's notifications).
    await waitUntil(() => shadow(tray()).querySelector('#vf-feed')!.textContent === 'Log in to see your notifications.Log in', 'guest feed');
    expect(events('tray').map((p) => p.name)).to.deep.equal(['toggle', 'open']);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog().open, 'closed by Escape');
    expect(events('tray').map((p) => p.name)).to.include('close');
    await waitUntil(() => focused() === bell(), 'focus back on the bell');
  });

  it('arrow keys move between views; a guest\'s profile offers Log in, which opens the login dialog', async () => {
    published.length = 0;
    trayActions.open('feed');
    await waitUntil(() => dialog().open, 'open');
    $<HTMLButtonElement>(tray(), '#vf-feed-tab')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(getTrayState().view).to.equal('profile');
    expect(events('tray').map((p) => p.name)).to.include.members(['change_tab', 'show_profile']);
    const login = await waitFor(() => buttonByText(tray(), 'Log in'), 'Log in button');
    login.click();
    await waitUntil(() => $<HTMLDialogElement>(tray(), 'dialog.vf-dialog')?.open, 'login dialog open');
    expect(events('tray').map((p) => p.name)).to.include('login_required');
    $<HTMLDialogElement>(tray(), 'dialog.vf-dialog')!.close();
  });

  it('shows the signed-in reader with a Log out button, and the page classes follow', async () => {
    const reader = await newReader('Tray Reader');
    // A real login (tokens stored): the profile view's follow lists call the server as the reader.
    await logIn(reader);
    trayActions.showProfile();
    await waitUntil(() => $(tray(), '[part="profile-name"]')?.textContent === 'Tray Reader', 'name shown');
    expect(document.documentElement.classList.contains('vf-logged-in')).to.equal(true);
    buttonByText(tray(), 'Log out')!.click();
    await waitFor(() => buttonByText(tray(), 'Log in'), 'logged out');
    await waitUntil(() => document.documentElement.classList.contains('vf-logged-out'), 'vf-logged-out again');
  });

  it('a second <vf-tray> stays empty: one tray per page', async () => {
    const second = await fixture<HTMLElement>(html`<vf-tray></vf-tray>`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second.shadowRoot!.querySelector('dialog')).to.equal(null);
  });
});

function Probe() {
  return createElement('p', { className: 'probe' }, 'probe');
}

describe('legacy rendering (?forceLegacy=1)', () => {
  it('renders in the light DOM with its sheets injected once, scoped, so page CSS applies', async () => {
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}?forceLegacy=1`);
    try {
      defineElement('vf-legacy-probe', { component: Probe, props: {}, css: '.probe{color:rgb(1, 2, 3)}', placeholder: 'none' });
    } finally {
      history.replaceState(null, '', before);
    }
    const page = await fixture<HTMLElement>(html`<div><style>.probe { text-decoration: underline; }</style>
      <vf-legacy-probe></vf-legacy-probe><p class="probe" id="outside">outside</p></div>`);
    const el = page.querySelector('vf-legacy-probe')!;
    const probe = await waitFor(() => el.querySelector<HTMLElement>('.probe'), 'rendered in the light DOM');
    expect(el.shadowRoot).to.equal(null);
    expect(getComputedStyle(probe).textDecorationLine).to.equal('underline');
    expect(getComputedStyle(probe).color).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(page.querySelector('#outside')!).color).not.to.equal('rgb(1, 2, 3)', 'scoped to the tag');
    const ownSheets = document.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith('vf-legacy-probe')));
    expect(ownSheets.length).to.equal(1, 'adopted once (no <style> element, which a strict Content-Security-Policy refuses)');
  });
});

describe('a stylesheet chunk that fails', () => {
  it('shows a message with Retry; Retry loads it and the widget renders', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      defineElement('vf-css-probe', {
        component: Probe,
        props: {},
        placeholder: 'none',
        css: () => (++attempts === 1 ? Promise.reject(new TypeError('offline')) : Promise.resolve({ default: '.probe{color:rgb(4, 5, 6)}' })),
      });
      const el = await fixture<HTMLElement>(html`<vf-css-probe></vf-css-probe>`);
      const retry = await waitFor(() => buttonByText(el, 'Retry'), 'Retry shown');
      expect($(el, '[role="alert"]')!.textContent).to.contain("This part of the page didn't load.");
      expect(errors.some((e) => (e as { code?: string }).code === 'CSS_CHUNK_LOAD_FAILED')).to.equal(true);
      retry.click();
      const probe = await waitFor(() => $(el, '.probe'), 'rendered after retry');
      expect(getComputedStyle(probe).color).to.equal('rgb(4, 5, 6)');
    } finally {
      console.error = original;
    }
  });
});
