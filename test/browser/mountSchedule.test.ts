/**
 * Finding widgets and the per-widget loading rules (spec §2 "Mounting", "Per-widget loading
 * behaviour"), tested on the scheduler module directly — also for kinds whose chunks do not
 * exist yet — with hand-driven timers and a page that really scrolls.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { createChunkScheduler, FETCH_ATTR, LOAD_RULES } from '../../core/loader/schedule.ts';
import { scanWidgets, WIDGET_ID_ATTR } from '../../core/mount/scan.ts';
import { manualTimers } from '../support/manualTimers.ts';


/** One frame or two: IntersectionObserver reports after layout. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** A page 4000 px tall with `tag` at 3000 px; the window is scrolled to the top. */
async function farBelow(tag: string): Promise<HTMLElement> {
  const page = await fixture<HTMLElement>(html`<div><div style="height:3000px"></div><div class="slot"></div><div style="height:1000px"></div></div>`);
  const el = document.createElement(tag);
  el.style.display = 'block';
  el.style.height = '50px';
  page.querySelector('.slot')!.append(el);
  window.scrollTo(0, 0);
  await frames();
  return el;
}

/** Scrolls so `el` is `gap` px below the bottom of the viewport. */
async function scrollToGap(el: HTMLElement, gap: number): Promise<void> {
  const top = el.getBoundingClientRect().top + window.scrollY;
  window.scrollTo(0, top - window.innerHeight - gap);
  await frames();
}

function schedulerFor(rules = LOAD_RULES, when?: (c: string) => Promise<unknown>) {
  const timers = manualTimers();
  const loaded: string[] = [];
  const schedule = createChunkScheduler({ load: (kind) => loaded.push(kind), timers, rules, when });
  return { timers, loaded, schedule };
}

afterEach(() => window.scrollTo(0, 0));

describe('mounting: finding widgets', () => {
  it('turns legacy containers into current elements with their attributes copied', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <div class="viafoura" data-widget="comments" unique_id="legacy-42" limit="5" sort="oldest"></div>
      <div class="viafoura"><div data-widget="counter" data-id="legacy-43"></div></div>
      <vf-conversations-count vf-container-id="x"></vf-conversations-count>
    </div>`);
    const found = scanWidgets(root, ['vf-conversations', 'vf-conversations-count'], new Set());
    const conversations = root.querySelector('vf-conversations')!;
    expect(conversations.getAttribute('vf-container-id')).to.equal('legacy-42');
    expect(conversations.getAttribute('limit')).to.equal('5');
    expect(conversations.getAttribute('sort')).to.equal('oldest');
    expect(conversations.parentElement!.getAttribute('data-widget')).to.equal('comments');
    const converted = root.querySelector('[data-widget="counter"] > vf-conversations-count')!;
    expect(converted.getAttribute('vf-container-id')).to.equal('legacy-43');
    expect(found.map((el) => el.localName).sort()).to.deep.equal(['vf-conversations', 'vf-conversations-count', 'vf-conversations-count']);
    const ids = found.map((el) => el.getAttribute(WIDGET_ID_ATTR));
    expect(new Set(ids).size).to.equal(3);
    expect(scanWidgets(root, ['vf-conversations', 'vf-conversations-count'], new Set())).to.deep.equal([], 'a widget is found once');
  });

  it('an unknown kind logs one warning and nothing else', async () => {
    const root = await fixture<HTMLElement>(html`<div class="viafoura"><div data-widget="hologram"></div><div data-widget="hologram"></div></div>`);
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const warned = new Set<string>();
      expect(scanWidgets(root, ['vf-conversations'], warned)).to.deep.equal([]);
      scanWidgets(root, ['vf-conversations'], warned);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.deep.equal(['vf: unknown widget loader hologram']);
    expect(root.querySelectorAll('[data-widget] > *').length).to.equal(0);
  });
});

describe('mounting: loading rules', () => {
  it('loads kinds without a rule (counts, tray, trigger) at once', async () => {
    const { loaded, schedule } = schedulerFor();
    const el = await farBelow('vf-tray-trigger');
    schedule([el]);
    expect(loaded).to.deep.equal(['vf-tray-trigger']);
    expect(el.getAttribute(FETCH_ATTR)).to.equal('ready');
  });

  it('conversations: within 500 px of the viewport', async () => {
    const { loaded, schedule } = schedulerFor();
    const el = await farBelow('vf-conversations');
    schedule([el]);
    await frames();
    expect(loaded).to.deep.equal([]);
    await scrollToGap(el, 450);
    await waitUntil(() => loaded.length === 1, 'loaded within 500 px');
  });

  it('conversations: after 10 s when never in view', async () => {
    const { loaded, schedule, timers } = schedulerFor();
    schedule([await farBelow('vf-conversations')]);
    timers.tick(9999);
    expect(loaded).to.deep.equal([]);
    timers.tick(1);
    expect(loaded).to.deep.equal(['vf-conversations']);
  });

  it('live chat: once in view, and may fetch 10 s later', async () => {
    const { loaded, schedule, timers } = schedulerFor();
    const el = await farBelow('vf-livechat');
    schedule([el]);
    timers.tick(60000);
    await scrollToGap(el, 300);
    expect(loaded).to.deep.equal([], 'not within 300 px: only in view');
    el.scrollIntoView();
    await waitUntil(() => loaded.length === 1, 'loaded in view');
    expect(el.hasAttribute(FETCH_ATTR)).to.equal(false);
    timers.tick(9999);
    expect(el.hasAttribute(FETCH_ATTR)).to.equal(false);
    timers.tick(1);
    expect(el.getAttribute(FETCH_ATTR)).to.equal('ready');
  });

  it('conversation starter: hidden until in view, fetches within 500 px or after 10000 ms', async () => {
    const { loaded, schedule, timers } = schedulerFor();
    const el = await farBelow('vf-conversation-starter');
    schedule([el]);
    expect(el.style.visibility).to.equal('hidden');
    await scrollToGap(el, 400);
    await waitUntil(() => loaded.length === 1, 'fetched within 500 px');
    expect(el.getAttribute(FETCH_ATTR)).to.equal('ready');
    expect(el.style.visibility).to.equal('hidden', 'still hidden: not in view yet');
    el.scrollIntoView();
    await waitUntil(() => el.style.visibility === '', 'shown in view');

    const other = schedulerFor();
    const far = await farBelow('vf-conversation-starter');
    other.schedule([far]);
    other.timers.tick(10000);
    expect(other.loaded).to.deep.equal(['vf-conversation-starter']);
    expect(far.getAttribute(FETCH_ATTR)).to.equal('ready');
    expect(timers).to.exist;
  });

  it('pull quote: after 5 s', async () => {
    const { loaded, schedule, timers } = schedulerFor();
    const el = await farBelow('vf-pull-quote');
    el.scrollIntoView();
    schedule([el]);
    await frames();
    timers.tick(4999);
    expect(loaded).to.deep.equal([], 'being in view does not matter');
    timers.tick(1);
    expect(loaded).to.deep.equal(['vf-pull-quote']);
  });

  it('trending articles: the viewport is watched after 5000 ms; shown only once in view', async () => {
    const { loaded, schedule, timers } = schedulerFor();
    const el = await farBelow('vf-trending-articles');
    el.scrollIntoView();
    schedule([el]);
    await waitUntil(() => el.style.visibility === '', 'shown once in view');
    await frames();
    expect(loaded).to.deep.equal([], 'in view, but the watch has not started');
    timers.tick(5000);
    await waitUntil(() => loaded.length === 1, 'fetched after the watch delay');

    const hidden = schedulerFor();
    const below = await farBelow('vf-trending-articles');
    hidden.schedule([below]);
    hidden.timers.tick(20000);
    await frames();
    expect(hidden.loaded).to.deep.equal([], 'never in view: never loaded');
    expect(below.style.visibility).to.equal('hidden');
  });

  it('review form: only when the page uuid, media and language are ready', async () => {
    const waiting = new Map<string, () => void>();
    const when = (condition: string) => new Promise<void>((resolve) => waiting.set(condition, resolve));
    const { loaded, schedule } = schedulerFor(LOAD_RULES, when);
    schedule([await farBelow('vf-review-form')]);
    expect([...waiting.keys()].sort()).to.deep.equal(['language', 'media', 'page_uuid']);
    waiting.get('page_uuid')!();
    waiting.get('media')!();
    await frames();
    expect(loaded).to.deep.equal([]);
    waiting.get('language')!();
    await waitUntil(() => loaded.length === 1, 'loaded once all three hold');
  });

  it('imports a kind once for many elements', async () => {
    const { loaded, schedule } = schedulerFor();
    schedule([document.createElement('vf-conversations-count'), document.createElement('vf-conversations-count')]);
    expect(loaded).to.deep.equal(['vf-conversations-count']);
  });
});
