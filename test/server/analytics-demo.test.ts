/**
 * The demo's analytics history (server/demo/analytics.ts): on first start the dashboard shows 60
 * varied days for the demo pages; seeding again writes nothing; today is left to real events.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TRACKING_MEDIUMS } from '../../core/settings/clamp.ts';
import { DEMO_HISTORY_DAYS } from '../../server/demo/analytics.ts';
import { seed } from '../../server/demo/index.ts';
import { dayText, makeEvent, readDashboard, sendJson } from './analytics-calls.ts';
import { buildWithDemoContent, countRows, signupAs } from './helpers.ts';

test('the demo site has 60 days of analytics for its pages; a second seed adds nothing; today is real', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t);
  const admin = await signupAs(app, 'admin');
  const now = Date.now();
  const answer = await readDashboard(app, admin.access_token, { from: dayText(now - DEMO_HISTORY_DAYS * 86_400_000), to: dayText(now) });
  const history = answer.days.slice(0, -1);
  assert.equal(history.length, DEMO_HISTORY_DAYS);
  assert.ok(history.every((d) => d.page_views > 0 && d.visitors > 0 && d.visitors <= d.page_views && d.engaged_seconds > 0));
  assert.ok(new Set(history.map((d) => d.page_views)).size > 30, 'the days vary');
  assert.equal(answer.days.at(-1)!.page_views, 0);
  assert.ok(answer.totals.visitors > 0 && answer.totals.visitors < history.reduce((sum, d) => sum + d.visitors, 0), 'readers return');
  assert.equal(answer.top_pages[0]?.title, 'City plants 10,000 trees along its river');
  assert.ok(answer.top_pages.every((page) => page.url.startsWith('http://127.0.0.1:8080/demo/')));
  assert.deepEqual(answer.referrer_mediums.map((m) => m.medium).filter((m) => ['direct', 'search', 'social', 'referral'].includes(m)).sort(), ['direct', 'referral', 'search', 'social']);
  assert.ok(answer.recirculation.length > 0 && answer.recirculation.every((m) => (TRACKING_MEDIUMS as readonly string[]).includes(m.medium) && m.clicks > 0));
  assert.ok(answer.totals.recirculation_clicks > 0 && answer.totals.comments > 0, 'the demo conversation counts');

  const rows = await countRows(app, 'analytics_page_days');
  await seed(app, { demoContent: { dataDir } });
  assert.equal(await countRows(app, 'analytics_page_days'), rows);
  assert.equal((await sendJson(app, [makeEvent('page_view', { page: 'demo-article-river-trees' })])).statusCode, 204);
  const today = await readDashboard(app, admin.access_token, { from: dayText(now), to: dayText(now) });
  assert.equal(today.totals.page_views, 1);
});
