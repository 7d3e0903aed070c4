/**
 * The analytics client in Chromium: the three cookies and their attributes, one page view per URL,
 * the queue's first send 3 s after start, the transports' fallback order, recirculation clicks
 * and logins (content.md §3, §4, §7, §9).
 */
import { expect } from '@open-wc/testing';
import { publish } from '../../core/global-api/bus.ts';
import { REQUEST_ID_KEY } from '../../core/analytics/requestId.ts';
import { QUEUE_KEY } from '../../core/analytics/queue.ts';
import { bootCore } from './support/boot.ts';
import { waitFor } from './support/dom.ts';
import {
  beaconMode, clearAnalyticsState, COOKIES, dashboardShows, imageRequests, leavePage, restartAnalytics, sent, sentEvents, testPage,
} from './support/analyticsClient.ts';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires: number | null;
  secure: boolean;
  sameSite: string;
}
const cookieStore = (window as unknown as { cookieStore: { get(name: string): Promise<StoredCookie | null> } }).cookieStore;
const DAY = 86_400_000;

describe('analytics client', () => {
  before(() => bootCore());
  beforeEach(() => clearAnalyticsState());
  afterEach(() => leavePage());

  it('sets the session (30 min), referrer (6 months) and visitor (1 year) cookies, Lax on path /', async () => {
    await restartAnalytics();
    const now = Date.now();
    const [session, referrer, visitor] = await Promise.all(COOKIES.map((name) => cookieStore.get(name)));
    for (const cookie of [session, referrer, visitor]) {
      expect(cookie?.path).to.equal('/');
      expect(cookie?.sameSite).to.equal('lax');
      expect(cookie?.secure).to.equal(false, 'Secure only on https; the test page is http');
    }
    expect(session!.expires! - now).to.be.within(29 * 60_000, 30 * 60_000 + 5000);
    expect(referrer!.expires! - now).to.be.within(180 * DAY, 185 * DAY);
    expect(visitor!.expires! - now).to.be.within(364 * DAY, 366 * DAY);
    const visitorValue = JSON.parse(decodeURIComponent(visitor!.value)) as { uniqueId: string; visitCount: number };
    expect(visitorValue.uniqueId).to.equal(localStorage.getItem('vf.unique_id'));
    expect(visitorValue.visitCount).to.equal(1);
  });

  it('garbled cookies are replaced by a fresh visit, without an error', async () => {
    for (const name of COOKIES) document.cookie = `${name}=%E0%A4%A{garbage; Path=/`;
    await restartAnalytics();
    leavePage();
    const [view] = sentEvents('page_view');
    expect(view?.view.visitCount).to.equal(1);
    expect(view?.view.pageViews).to.equal(1);
    expect(view?.rs).to.deep.equal({ medium: 'direct' });
  });

  it('one page_view per URL: a restart on the same URL sends none; another URL and coming back each send one, with new request ids', async () => {
    const a = testPage();
    await restartAnalytics(a);
    await restartAnalytics(a); // vf.context.reset / loadNewPage to the same address
    await restartAnalytics(testPage());
    await restartAnalytics(a);
    leavePage();
    const views = sentEvents('page_view');
    expect(views.map((e) => e.meta.url)).to.deep.equal([a.url, views[1]!.meta.url, a.url]);
    expect(new Set(views.map((e) => e.rq)).size).to.equal(3);
    expect(views.map((e) => e.view.pageViews)).to.deep.equal([1, 2, 3]);
    const saved = JSON.parse(sessionStorage.getItem(REQUEST_ID_KEY)!) as { url: string; rq: string };
    expect(saved).to.include({ url: a.url, rq: views[2]!.rq });
  });

  it('the queue is first sent 3 s after start, by beacon as text, to the URL with {DOMAIN} replaced', async () => {
    await restartAnalytics();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sent).to.have.length(0);
    await waitFor(() => sent.length > 0, 'first send', 4000);
    expect(sent[0]!.via).to.equal('beacon');
    expect(sent[0]!.url).to.match(/\/api\/analytics\/events\?domain=localhost$/);
    expect(sent[0]!.batch.events[0]!.event_type).to.equal('page_view');
    expect(JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]')).to.deep.equal([]);
  });

  it('falls back from a refused beacon to a POST, and from a failed POST to the image GET', async () => {
    beaconMode.refuse = true;
    await restartAnalytics();
    await waitFor(() => sent.some((s) => s.via === 'fetch'), 'POST', 5000);
    expect(sent.every((s) => s.via === 'fetch')).to.equal(true);
    sent.length = 0;
    beaconMode.fetchDown = true;
    const before = imageRequests().length;
    await restartAnalytics();
    await waitFor(() => imageRequests().length > before, 'image GET', 5000);
    const src = new URL(imageRequests().at(-1)!);
    expect(src.searchParams.get('domain')).to.equal('localhost');
    const batch = JSON.parse(src.searchParams.get('batch')!) as { events: { event_type: string }[] };
    expect(batch.events.map((e) => e.event_type)).to.include('page_view');
    expect(sent).to.have.length(0);
  });

  it('a failed send keeps the events queued for the next try; nothing reaches the page', async () => {
    beaconMode.missing = true;
    beaconMode.fetchDown = true;
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => errors.push(e);
    addEventListener('error', onError);
    addEventListener('unhandledrejection', onError);
    const page = await restartAnalytics();
    // The image GET fails too when the page's address is not a vf server's.
    (window as unknown as { vfConfig: Record<string, string> }).vfConfig.analyticsUrl = 'http://127.0.0.1:9/api/analytics/events?domain={DOMAIN}';
    await new Promise((resolve) => setTimeout(resolve, 3800));
    delete (window as unknown as { vfConfig: Record<string, string> }).vfConfig.analyticsUrl;
    const queued = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as { meta: { url: string } }[];
    expect(queued.some((e) => e.meta.url === page.url)).to.equal(true);
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onError);
    expect(errors).to.deep.equal([]);
  });

  it('a click on a vf link with vf_medium sends recirculation_click at once, by beacon', async () => {
    await restartAnalytics();
    const host = document.createElement('vf-test-widget');
    host.attachShadow({ mode: 'open' }).innerHTML = `<a href="${location.origin}/other?vf_medium=trending_top">Other story</a>`;
    document.body.append(host);
    const link = host.shadowRoot!.querySelector('a')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    host.remove();
    const click = sentEvents('recirculation_click');
    expect(click).to.have.length(1);
    expect(click[0]!.data).to.deep.equal({ medium: 'trending_top' });
    const session = JSON.parse(decodeURIComponent((document.cookie.match(/vf_session=([^;]+)/) ?? [])[1]!)) as { outgoing: number };
    expect(session.outgoing).to.equal(1);
  });

  it('login_success once per email on the page, without the email', async () => {
    await restartAnalytics();
    publish('authentication', 'login', { user: { email: 'ada@news.example' }, is_new: false, type: 'email' });
    publish('authentication', 'login', { user: { email: 'ADA@news.example' }, is_new: false, type: 'cookie' });
    publish('authentication', 'login', { user: { email: 'bob@news.example' }, is_new: true, type: 'signup' });
    leavePage();
    const logins = sentEvents('login_success');
    expect(logins.map((e) => e.data)).to.deep.equal([{ type: 'email', is_new: false }, { type: 'signup', is_new: true }]);
    expect(JSON.stringify(sent)).not.to.contain('news.example');
  });

  it('what the browser sends arrives at the server: the page view, its medium and a recirculation click show in the dashboard', async () => {
    const medium = `test_medium_${Date.now().toString(36)}`;
    history.replaceState(null, '', `${location.pathname}${location.search}&utm_medium=${medium}`);
    const page = await restartAnalytics();
    history.replaceState(null, '', location.href.replace(`&utm_medium=${medium}`, ''));
    const host = document.createElement('vf-test-widget');
    host.innerHTML = `<a href="${location.origin}/next?vf_medium=${medium}_click">Next</a>`;
    document.body.append(host);
    host.querySelector('a')!.addEventListener('click', (e) => e.preventDefault());
    host.querySelector('a')!.click();
    host.remove();
    const answer = await dashboardShows(
      (d) => d.top_pages.some((p) => p.url === page.url) || d.referrer_mediums.some((m) => m.medium === medium),
      'the page view',
    );
    expect(answer.referrer_mediums.find((m) => m.medium === medium)?.page_views).to.equal(1);
    await dashboardShows((d) => d.recirculation.some((r) => r.medium === `${medium}_click` && r.clicks === 1), 'the click');
  });
});
