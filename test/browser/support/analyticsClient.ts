/**
 * Analytics in browser tests: start the client afresh on a page identity of the test's own, and
 * watch what the browser sends — every beacon's batch (the real `navigator.sendBeacon` still
 * sends it), the fetch POSTs and the image GETs (resource timing).
 */
import { startAnalytics, stopAnalytics as stopClient } from '../../../core/analytics/analyticsClient.ts';
import { resetConsent } from '../../../core/analytics/consent.ts';
import { REFERRER_COOKIE, SESSION_COOKIE, VISITOR_COOKIE } from '../../../core/analytics/cookies.ts';
import type { AnalyticsBatch, AnalyticsEvent } from '../../../core/analytics/eventTypes.ts';
import { stopAnalytics } from '../../../core/analytics/lazy.ts';
import { QUEUE_KEY } from '../../../core/analytics/queue.ts';
import { readPageIdentity, type PageIdentity } from '../../../core/page/identity.ts';
import type { AnalyticsDashboard } from '../../../core/api/analyticsTypes.ts';
import { unique } from './api.ts';
import { dashboardAnswer } from './analytics.ts';

export const COOKIES = [SESSION_COOKIE, REFERRER_COOKIE, VISITOR_COOKIE] as const;

export interface Sent {
  via: 'beacon' | 'fetch';
  url: string;
  batch: AnalyticsBatch;
}

export const sent: Sent[] = [];
export const sentEvents = (type?: AnalyticsEvent['event_type']): AnalyticsEvent[] =>
  sent.flatMap((s) => s.batch.events).filter((e) => !type || e.event_type === type);

const realBeacon = navigator.sendBeacon.bind(navigator);
const realFetch = window.fetch.bind(window);
/** What the next beacons answer: the browser's own answer, or a refusal (over its quota). */
export const beaconMode = { refuse: false, missing: false, fetchDown: false };

Object.defineProperty(navigator, 'sendBeacon', {
  configurable: true,
  get() {
    if (beaconMode.missing) return undefined;
    return (url: string, data: string) => {
      if (beaconMode.refuse) return false;
      sent.push({ via: 'beacon', url, batch: JSON.parse(data) as AnalyticsBatch });
      return realBeacon(url, data);
    };
  },
});
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.includes('/api/analytics/events')) {
    if (beaconMode.fetchDown) return Promise.reject(new TypeError('Failed to fetch'));
    sent.push({ via: 'fetch', url, batch: JSON.parse(String(init?.body)) as AnalyticsBatch });
  }
  return realFetch(input, init);
};

/** The image GETs to events.gif so far (their URLs). */
export const imageRequests = (): string[] =>
  performance.getEntriesByType('resource').map((e) => e.name).filter((name) => name.includes('/api/analytics/events.gif'));

export function clearAnalyticsState(): void {
  for (const name of COOKIES) document.cookie = `${name}=; Max-Age=0; Path=/`;
  for (const key of Object.keys(localStorage)) if (key.startsWith('vf.analytics.')) localStorage.removeItem(key);
  sessionStorage.clear();
  localStorage.removeItem(QUEUE_KEY);
  sent.length = 0;
  Object.assign(beaconMode, { refuse: false, missing: false, fetchDown: false });
}

/** A page identity at a URL of this test's own (so it is a new page view). */
export function testPage(path = unique('story')): PageIdentity {
  return { ...readPageIdentity(document, location.href), url: `${location.origin}/${path}`, unique_id: null };
}

/** Stops whatever ran, forgets consent, and starts the client on `page`. */
export async function restartAnalytics(page: PageIdentity = testPage()): Promise<PageIdentity> {
  leavePage();
  resetConsent();
  await startAnalytics(page);
  return page;
}

/** Stops the client: what accumulated goes out by beacon, as when the page is left. */
export function leavePage(): void {
  // Boot's start (lazy.ts) may still be waiting; the tests' own start is the client's.
  stopAnalytics();
  stopClient();
}

/** The site's dashboard for today, as its admin sees it (the server's aggregates). */
function todaysDashboard(): Promise<AnalyticsDashboard> {
  const today = new Date().toISOString().slice(0, 10);
  return dashboardAnswer(today, today);
}

/** Polls the dashboard until `check` holds (beacons arrive a moment after they are sent). */
export async function dashboardShows(check: (d: AnalyticsDashboard) => boolean, what: string, timeout = 8000): Promise<AnalyticsDashboard> {
  const until = Date.now() + timeout;
  for (;;) {
    const answer = await todaysDashboard();
    if (check(answer)) return answer;
    if (Date.now() > until) throw new Error(`the dashboard never showed ${what}: ${JSON.stringify(answer).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
