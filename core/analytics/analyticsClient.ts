/**
 * The analytics client (content.md §3, §4, §9): its own chunk, started by boot in idle time once
 * the page is ready (core/analytics/lazy.ts) and stopped by teardown / reset. It asks for consent
 * once; without it (required and not granted) it sets no cookie and sends nothing. Otherwise it
 * writes the visit cookies, reports the page view (no duplicates), ticks engagement every 333 ms,
 * reports widgets seen, comments read, logins, recirculation clicks and what other parts recorded
 * (record.ts), and sends the queue. Any failure is swallowed (§8).
 */
import type { PageIdentity } from '../page/identity.ts';
import { getConfig } from '../config.ts';
import { tapPublished } from '../global-api/bus.ts';
import { mountedWidgets, type MountedWidget } from '../mount/registry.ts';
import { storage } from '../session/storage.ts';
import { getStore } from '../store/index.ts';
import { selectRegionInView } from '../visibility/slice.ts';
import { adData, resetAdTally } from './adTally.ts';
import { readConsent, type ConsentResult } from './consent.ts';
import { ACTIVE_WINDOW_MS, ENGAGE_INTERVAL_MS, ENGAGEMENT_TICK_MS, EngagementMeter, type WidgetSample } from './engagement.ts';
import { applyVisit, factsOf, forgetVisit, makeEvent, writeVisit, type EventInput } from './pageVisit.ts';
import { takeEvents } from './record.ts';
import { createPageViews } from './requestId.ts';
import { createSender } from './sender.ts';
import { consentEvent, loginEvent, recirculationOf } from './signals.ts';
import { browserTransport, eventsUrl } from './transport.ts';
import { newId } from './visitorId.ts';
import type { WidgetRef } from './eventTypes.ts';

/** One per page load: it remembers the current URL across reset and SPA navigation. */
const pageViews = createPageViews(storage('sessionStorage'), Date.now, newId);
let stopRunning: (() => void) | null = null;
let generation = 0;

/** How events name a mounted widget. */
const refOf = ({ kind, widgetId, containerId }: MountedWidget): WidgetRef => ({ widget: kind, widgetId, ...(containerId ? { containerId } : {}) });

const ACTIVITY_EVENTS = ['scroll', 'pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

export async function startAnalytics(page: PageIdentity): Promise<void> {
  stopAnalytics();
  const mine = ++generation;
  try {
    const consent = await readConsent();
    if (mine !== generation) return;
    if (consent.required && !consent.granted) return forgetVisit(document, storage('localStorage'));
    run(page, consent);
  } catch {
    // analytics is off for this page
  }
}

export function stopAnalytics(): void {
  generation++;
  const stop = stopRunning;
  stopRunning = null;
  try {
    stop?.();
  } catch {
    // swallowed
  }
}

function run(page: PageIdentity, consent: ConsentResult): void {
  const facts = factsOf(page);
  const fresh = pageViews.viewFor(facts.url);
  const current = pageViews.current();
  if (!current) return;
  // The URL that is current already (reset, loadNewPage to the same address): no new view.
  const view = fresh ?? { rq: current.rq, isNew: false };
  const visit = applyVisit(document, facts, view.isNew);
  const local = storage('localStorage');
  const sender = createSender({ storage: local, url: () => eventsUrl(getConfig().analyticsUrl, facts.domain), transport: browserTransport() });
  const meter = new EngagementMeter();
  const add = (input: EventInput) => sender.add(makeEvent(facts, visit, view.rq, input));

  if (view.isNew) add({ event_type: 'page_view' });
  const consentSent = consentEvent(consent, local);
  if (consentSent) add(consentSent);
  takeEvents((recorded) => add(recorded));

  let lastActive = Date.now();
  let lastTick = Date.now();
  const samples = (): WidgetSample[] => {
    const state = getStore().getState();
    return mountedWidgets().map((widget) => ({ ...refOf(widget), inView: selectRegionInView(state, widget.widgetId) }));
  };
  const tick = () => {
    const now = Date.now();
    // A throttled timer (background tab) does not turn into engaged time.
    const dt = Math.min(now - lastTick, ENGAGEMENT_TICK_MS * 3);
    lastTick = now;
    const hidden = document.visibilityState === 'hidden';
    const engaged = !hidden && (document.hasFocus() || now - lastActive < ACTIVE_WINDOW_MS);
    const { becameVisible, commentRead } = meter.tick({ dt, hidden, engaged, widgets: samples() });
    for (const w of becameVisible) add({ event_type: 'widget_visible', w });
    for (const w of commentRead) add({ event_type: 'comment_read', w, wStats: meter.widgetStats().filter((s) => s.widgetId === w.widgetId) });
  };
  const reportEngage = () => {
    const engage = meter.takeEngage();
    if (engage) add({ event_type: 'engage', engage, wStats: meter.widgetStats(), adData: adData() });
  };
  const leaving = () => {
    reportEngage();
    sender.flushByBeacon();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') leaving();
  };
  const onActivity = () => {
    lastActive = Date.now();
  };
  const onFocus = () => meter.focused();
  const onClick = (event: Event) => {
    const found = recirculationOf(event);
    if (!found) return;
    const widget = mountedWidgets().find((w) => w.element === found.element);
    const w = widget ? refOf(widget) : undefined;
    visit.session.outgoing += 1;
    writeVisit(document, visit);
    add({ event_type: 'recirculation_click', ...(w ? { w } : {}), data: { medium: found.medium } });
    leaving();
  };
  const untap = tapPublished((channel, name, payload) => {
    if (channel !== 'authentication' || name !== 'login') return;
    const event = loginEvent(payload);
    if (event) add(event);
  });

  const ticker = setInterval(tick, ENGAGEMENT_TICK_MS);
  const engageTimer = setInterval(reportEngage, ENGAGE_INTERVAL_MS);
  const opts = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) addEventListener(type, onActivity, opts);
  addEventListener('focus', onFocus);
  addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', onVisibility);
  document.addEventListener('click', onClick, true);

  stopRunning = () => {
    clearInterval(ticker);
    clearInterval(engageTimer);
    for (const type of ACTIVITY_EVENTS) removeEventListener(type, onActivity, opts);
    removeEventListener('focus', onFocus);
    removeEventListener('pagehide', leaving);
    document.removeEventListener('visibilitychange', onVisibility);
    document.removeEventListener('click', onClick, true);
    untap();
    takeEvents(null);
    leaving();
    resetAdTally();
    sender.stop();
  };
}
