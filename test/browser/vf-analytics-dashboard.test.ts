/**
 * <vf-analytics-dashboard> against the real server: who may see it, the figures a reader's visit
 * and comments make, the period chooser and table toggles by keyboard, its states, axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-analytics-dashboard/define.ts';
import { analyticsApi } from '../../core/api/analytics.ts';
import { presetPeriod } from '../../elements/vf-analytics-dashboard/period.ts';
import { getStore } from '../../core/store/index.ts';
import { wentOnline } from '../../core/network/slice.ts';
import { getContainer, newReader, postComment, unique } from './support/api.ts';
import { dashboardAnswer, sendEvents, visitEvents } from './support/analytics.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut } from './support/login.ts';
import { tabTo } from './support/keys.ts';
import { throttleFetch } from './support/network.ts';

const ADMIN = { email: 'admin@vf.local', password: 'admin-demo-1' };

async function mount(attrs = ''): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
  wrapper.insertAdjacentHTML('beforeend', `<vf-analytics-dashboard ${attrs}></vf-analytics-dashboard>`);
  return wrapper.querySelector('vf-analytics-dashboard') as HTMLElement;
}

const figures = (el: Element) => $$(el, 'figure');
const total = (el: Element, metric: string) => $(el, `[data-metric="${metric}"] dd`)?.textContent ?? null;
const showing = (el: Element) => $(el, '[part="showing"]')?.textContent ?? '';
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;


describe('<vf-analytics-dashboard>', () => {
  before(() => bootCore());
  afterEach(async () => {
    getStore().dispatch(wentOnline());
    if (getStore().getState().session.user?.user_privilege !== 'guest' && getStore().getState().session.user) await logOut();
  });

  describe('who sees it', () => {
    it('a guest is asked to log in as an administrator; Log in asks for the login; axe finds nothing', async () => {
      const el = await mount();
      const prompt = await waitFor(() => $(el, '[part="guest"]'), 'guest prompt');
      expect(prompt.textContent).to.contain("Log in as an administrator to see the site's analytics.");
      expect($(el, 'figure')).to.equal(null);
      await expect(el).to.be.accessible();
      published.length = 0;
      $<HTMLButtonElement>(el, '[part~="login"]')!.click();
      await waitFor(() => $(el, 'dialog[open]'), 'login dialog open');
      const auth = published.filter((p) => p.channel === 'authentication').map((p) => [p.name, p.payload]);
      expect(auth).to.deep.include.members([['needed', { action: 'analytics.dashboard' }]]);
    });

    it('a signed-in reader who is not an admin is told only administrators see it; axe finds nothing', async () => {
      const reader = await newReader('Curious Reader');
      await logIn(reader);
      const el = await mount();
      const note = await waitFor(() => $(el, '[part="forbidden"]'), 'forbidden note');
      expect(note.textContent).to.equal("Only administrators can see the site's analytics.");
      expect($(el, '[part="period"]')).to.equal(null);
      await expect(el).to.be.accessible();
    });
  });

  describe('figures', () => {
    it("a reader's visit and comments show up: totals, six charts with captions, hidden drawings and tables; axe finds nothing", async () => {
      const period = presetPeriod(30);
      const before = await dashboardAnswer(period.from, period.to);
      const url = `http://127.0.0.1/demo/${unique('story')}.html`;
      await sendEvents([...visitEvents(url, 'Dashboard test story', { engagedMs: 120_000 }), ...visitEvents(url, 'Dashboard test story', { medium: 'trending' })]);
      const reader = await newReader('Counted Reader');
      const container = await getContainer(unique('dash'));
      const root = await postComment(reader, container.content_container_uuid, 'Counted comment');
      await postComment(reader, container.content_container_uuid, 'Counted reply', root.content_uuid);
      await logIn(ADMIN);
      const answer = await dashboardAnswer(period.from, period.to);
      expect(answer.totals.page_views - before.totals.page_views).to.equal(2);
      expect(answer.totals.comments - before.totals.comments).to.equal(1);
      expect(answer.totals.replies - before.totals.replies).to.equal(1);

      const el = await mount();
      await waitFor(() => figures(el).length === 6, 'charts');
      expect(total(el, 'pageViews')).to.equal(answer.totals.page_views.toLocaleString('en-US'));
      expect(total(el, 'comments')).to.equal(answer.totals.comments.toLocaleString('en-US'));
      expect(total(el, 'replies')).to.equal(answer.totals.replies.toLocaleString('en-US'));
      expect(total(el, 'activeCommenters')).to.equal(answer.totals.active_commenters.toLocaleString('en-US'));
      expect(figures(el).map((f) => f.querySelector('figcaption')!.textContent)).to.deep.equal([
        'Page views and visitors per day', 'Engaged time per day', 'Comments and replies per day',
        'Page views by referrer medium', 'Recirculation clicks by medium', 'Top pages',
      ]);
      for (const figure of figures(el)) {
        expect(figure.getAttribute('aria-labelledby')).to.equal(figure.querySelector('figcaption')!.id);
        for (const svg of figure.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).to.equal('true');
        expect(figure.querySelector('table')).to.not.equal(null);
      }
      // The per-day table has every day of the period; today's row counts the comment and the reply.
      const conversation = figures(el)[2]!.querySelector('table')!;
      const rows = [...conversation.querySelectorAll('tbody tr')];
      expect(rows.length).to.equal(30);
      const today = answer.days.at(-1)!;
      expect([...rows.at(-1)!.querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal([String(today.comments), String(today.replies)]);
      // The top pages' titles link to them, most viewed first.
      const links = $$<HTMLAnchorElement>(el, 'a[part="page-link"]').map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).to.deep.equal(answer.top_pages.map((page) => [page.title, page.url]));
      expect(showing(el)).to.contain('Showing');
      await expect(el).to.be.accessible();
    });
  });

  describe('keyboard', () => {
    it('the period is chosen with the keyboard: arrow keys move between presets, custom dates are checked, then shown', async () => {
      await logIn(ADMIN);
      const el = await mount('preset="7"');
      await waitFor(() => figures(el).length === 6, 'charts');
      const changes: unknown[] = [];
      el.addEventListener('vf-analytics-period', (e) => changes.push((e as CustomEvent).detail));
      const before = showing(el);

      (el.parentElement!.querySelector('#before') as HTMLButtonElement).focus();
      await sendKeys({ press: 'Tab' });
      expect((focused(el) as HTMLInputElement).value).to.equal('7');
      await sendKeys({ press: 'ArrowRight' }); // 30 days
      await waitUntil(() => showing(el) !== before, 'period changed');
      expect(changes).to.deep.equal([presetPeriod(30)]);
      await waitFor(() => figures(el).length === 6 && figures(el)[0]!.querySelectorAll('tbody tr').length === 30, '30 days drawn');

      await sendKeys({ press: 'ArrowRight' }); // 90 days
      await sendKeys({ press: 'ArrowRight' }); // custom
      await waitFor(() => $(el, '[part="custom-period"]'), 'custom fields');
      const [from, to] = $$<HTMLInputElement>(el, 'input[type="date"]');
      typeInto(from!, '2001-01-10');
      typeInto(to!, '2001-01-01');
      await tabTo(el, (f) => f.matches('[part~="apply"]'));
      await sendKeys({ press: 'Enter' });
      const problem = await waitFor(() => $(el, '[part="period-error"]'), 'refused');
      expect(problem.textContent).to.equal('The start date must be on or before the end date.');
      expect(problem.getAttribute('role')).to.equal('alert');
      expect(from!.getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();

      // A period long ago: nothing happened then.
      typeInto(to!, '2001-01-31');
      await tabTo(el, (f) => f.matches('[part~="apply"]'));
      await sendKeys({ press: 'Enter' });
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty period');
      expect(empty.textContent).to.equal('No activity in this period.');
      expect(showing(el)).to.equal('Showing Jan 10, 2001 to Jan 31, 2001 (UTC days)');
      expect(changes.at(-1)).to.deep.equal({ from: '2001-01-10', to: '2001-01-31' });
      await expect(el).to.be.accessible();
    });

    it('"Show as table" is a toggle button that shows the numbers on screen; the top pages link with the keyboard', async () => {
      await sendEvents(visitEvents(`http://127.0.0.1/demo/${unique('linked')}.html`, 'Linked story'));
      await logIn(ADMIN);
      const el = await mount();
      await waitFor(() => figures(el).length === 6, 'charts');
      const toggle = await tabTo(el, (f) => f.matches('[part~="table-toggle"]'));
      const table = shadow(el).getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');
      expect(table.getBoundingClientRect().height).to.be.below(2); // visually hidden, still read
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => toggle.getAttribute('aria-pressed') === 'true', 'pressed');
      expect(table.getBoundingClientRect().height).to.be.above(100);
      await expect(el).to.be.accessible();
      await sendKeys({ press: ' ' });
      await waitUntil(() => toggle.getAttribute('aria-pressed') === 'false', 'unpressed');

      const link = await tabTo(el, (f) => f.matches('a[part="page-link"]'), 80);
      expect(link.getAttribute('href')).to.match(/^http:\/\/127\.0\.0\.1[:/].*\/demo\//);
    });
  });

  describe('states', () => {
    // Each state starts from nothing cached, as on a fresh page.
    beforeEach(() => void getStore().dispatch(analyticsApi.util.resetApiState()));

    it('loading: a labelled skeleton while the figures are on their way; axe finds nothing', async () => {
      await logIn(ADMIN);
      const held = throttleFetch({ pattern: /\/api\/analytics\/.*\/dashboard/ });
      await expectLoadingState(() => mount(), held, 'Loading analytics…', (el) => figures(el).length === 6);
    });

    it('error: "The analytics couldn\'t be loaded." with Retry, which loads them', async () => {
      await logIn(ADMIN);
      const failing = throttleFetch({ failures: 1, pattern: /\/api\/analytics\/.*\/dashboard/ });
      await expectErrorState(() => mount('preset="90"'), failing, "The analytics couldn't be loaded.", (el) => figures(el).length === 6);
    });

    it('offline: a notice while the page is offline; the figures stay', async () => {
      await logIn(ADMIN);
      const el = await mount();
      await waitFor(() => figures(el).length === 6, 'charts');
      await expectOfflineState(el);
      expect(figures(el).length).to.equal(6);
      expect(buttonByText(el, 'Retry')).to.equal(null);
    });
  });
});
