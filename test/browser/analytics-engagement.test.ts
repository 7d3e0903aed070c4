/**
 * Engagement in Chromium (content.md §2, §4, §9): 333 ms ticks add up only while the page is shown
 * and the reader is there; a widget counts while it is in view by the engaged rule; widget_visible
 * once per widget; comment_read once a conversation had 3000 ms.
 */
import { expect } from '@open-wc/testing';
import '../../elements/vf-conversations/define.ts';
import { countAd } from '../../core/analytics/adTally.ts';
import type { AnalyticsEvent } from '../../core/analytics/eventTypes.ts';
import { mountedWidgets } from '../../core/mount/registry.ts';
import { getStore } from '../../core/store/index.ts';
import { selectRegionInView } from '../../core/visibility/slice.ts';
import { unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { waitFor } from './support/dom.ts';
import { clearAnalyticsState, leavePage, restartAnalytics, sentEvents } from './support/analyticsClient.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let poke: ReturnType<typeof setInterval> | undefined;
/** The reader moves the pointer now and then: "recently active". */
const stayActive = () => {
  dispatchEvent(new PointerEvent('pointermove'));
  poke = setInterval(() => dispatchEvent(new PointerEvent('pointermove')), 1000);
};

async function conversation(spacerPx: number): Promise<{ el: HTMLElement; containerId: string }> {
  const containerId = unique('engaged');
  const host = document.createElement('div');
  host.className = 'engagement-fixture';
  host.innerHTML = `<div style="height:${spacerPx}px"></div><vf-conversations vf-container-id="${containerId}" style="display:block;min-height:300px"></vf-conversations>`;
  document.body.append(host);
  const el = host.querySelector<HTMLElement>('vf-conversations')!;
  await waitFor(() => mountedWidgets().some((w) => w.element === el), 'registered');
  return { el, containerId };
}
const widgetIdOf = (el: HTMLElement) => mountedWidgets().find((w) => w.element === el)!.widgetId;
const inView = (el: HTMLElement) => selectRegionInView(getStore().getState(), widgetIdOf(el));
const engageTotals = (events: AnalyticsEvent[]) =>
  events.reduce((sum, e) => ({ time: sum.time + e.engage!.time, vftime: sum.vftime + e.engage!.vftime, hiddenTime: sum.hiddenTime + e.engage!.hiddenTime }), { time: 0, vftime: 0, hiddenTime: 0 });

describe('analytics engagement', () => {
  before(() => bootCore());
  beforeEach(() => {
    clearAnalyticsState();
    scrollTo(0, 0);
  });
  afterEach(() => {
    clearInterval(poke);
    leavePage();
    for (const el of document.querySelectorAll('.engagement-fixture')) el.remove();
  });

  it('a widget in view: its time and the page time add up per tick; widget_visible once; the page\'s ad figures ride along', async () => {
    const { el, containerId } = await conversation(0);
    await waitFor(() => inView(el), 'in view');
    stayActive();
    await restartAnalytics();
    countAd('adIframes'); // an ad showed on this page (core/ads counts it so)
    await wait(1400);
    leavePage();
    const visible = sentEvents('widget_visible');
    expect(visible.map((e) => e.w)).to.deep.equal([{ widget: 'vf-conversations', widgetId: widgetIdOf(el), containerId }]);
    const [engage] = sentEvents('engage');
    expect(engage!.engage!.time).to.be.within(999, 2000);
    expect(engage!.engage!.vftime).to.equal(engage!.engage!.time);
    expect(engage!.engage!.containerTime[containerId]).to.equal(engage!.engage!.time);
    const stat = engage!.wStats!.find((s) => s.widgetId === widgetIdOf(el))!;
    expect(stat).to.include({ widget: 'vf-conversations', isVisible: true });
    expect(stat.engagementTime).to.equal(engage!.engage!.time);
    expect(engage!.adData).to.deep.equal({ adIframes: 1, viewableAds: 0, viewedAds: 0 });
  });

  it('a widget below the fold counts nothing until it is scrolled into view (40 px, 25 %)', async () => {
    const { el } = await conversation(innerHeight + 400);
    stayActive();
    await restartAnalytics();
    await wait(1000);
    expect(inView(el)).to.equal(false);
    el.scrollIntoView();
    await waitFor(() => inView(el), 'scrolled into view');
    await wait(800);
    leavePage();
    const totals = engageTotals(sentEvents('engage'));
    expect(sentEvents('engage').every((e) => e.adData === undefined), 'a new page with no ad sends no adData').to.equal(true);
    expect(totals.time).to.be.above(totals.vftime + 600, 'page time before the widget was seen');
    expect(totals.vftime).to.be.above(0);
    expect(sentEvents('widget_visible')).to.have.length(1);
  });

  it('while the page is hidden only hidden time grows; hiding sends what accumulated at once', async () => {
    await conversation(0);
    stayActive();
    await restartAnalytics();
    await wait(700);
    const shown = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    const atHide = sentEvents('engage');
    expect(atHide).to.have.length(1, 'sent by beacon when the page was hidden');
    await wait(1000);
    delete (document as unknown as { visibilityState?: string }).visibilityState;
    expect(Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')).to.deep.equal(shown);
    leavePage();
    const later = sentEvents('engage').slice(1);
    const totals = engageTotals(later);
    expect(totals.time).to.equal(0);
    expect(totals.hiddenTime).to.be.within(600, 1400);
  });

  it('comment_read once, when a conversation had 3000 ms engaged', async () => {
    const { el } = await conversation(0);
    await waitFor(() => inView(el), 'in view');
    stayActive();
    await restartAnalytics();
    await wait(2500);
    expect(sentEvents('comment_read')).to.have.length(0);
    await wait(1500);
    await wait(500);
    leavePage();
    const read = sentEvents('comment_read');
    expect(read).to.have.length(1);
    expect(read[0]!.w?.widgetId).to.equal(widgetIdOf(el));
    expect(read[0]!.wStats![0]!.engagementTime).to.be.at.least(3000);
  });
});
