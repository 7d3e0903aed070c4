/**
 * The analytics dashboard (docs/analytics.md "Dashboard") on the real app and database: figures
 * for a known set of events and comments, every day of the period present (zeros included),
 * admins only, bad periods refused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DASHBOARD_MAX_DAYS } from '../../core/api/analyticsTypes.ts';
import { dashboardCall, dayText, makeEvent, readDashboard, sendJson } from './analytics-calls.ts';
import { build, container, postComment, signup, signupAs } from './helpers.ts';

const DAY = 86_400_000;

test('the dashboard answers a known set of events and comments, with every day of the period', async (t) => {
  const app = await build(t);
  const [admin, ada, bob] = [await signupAs(app, 'admin'), await signup(app), await signup(app)];
  const now = Date.now();
  const yesterday = now - DAY;
  const events = [
    makeEvent('page_view', { page: 'story-a', visitor: 'v1', ts: yesterday, medium: 'search' }),
    makeEvent('page_view', { page: 'story-a', visitor: 'v2', ts: yesterday }),
    makeEvent('page_view', { page: 'story-b', visitor: 'v3', ts: now, medium: 'trending' }),
    makeEvent('engage', { page: 'story-a', ts: now, engagedMs: 61_400 }),
    makeEvent('engage', { page: 'story-b', ts: yesterday, engagedMs: 3_000 }),
    makeEvent('recirculation_click', { page: 'story-a', ts: now, data: { medium: 'trending' } }),
    makeEvent('recirculation_click', { page: 'story-b', ts: now, data: { medium: 'trending' } }),
    makeEvent('recirculation_click', { page: 'story-b', ts: now, data: { medium: 'conversation_starter' } }),
    // The page's latest event names its title now.
    makeEvent('page_view', { page: 'story-a', visitor: 'v1', ts: now, medium: 'search', title: 'Story A, updated' }),
  ];
  assert.equal((await sendJson(app, events)).statusCode, 204);
  const storyA = await container(app, 'story-a');
  const first = await postComment(app, ada.access_token, storyA.content_container_uuid, 'First!');
  await postComment(app, bob.access_token, storyA.content_container_uuid, 'A reply', first.content_uuid);
  await postComment(app, ada.access_token, storyA.content_container_uuid, 'Another thought');

  const from = dayText(now - 6 * DAY);
  const to = dayText(now);
  const answer = await readDashboard(app, admin.access_token, { from, to });
  assert.equal(answer.from, from);
  assert.equal(answer.to, to);
  assert.equal(answer.days.length, 7);
  assert.deepEqual(answer.days.map((d) => d.day), Array.from({ length: 7 }, (_, i) => dayText(now - (6 - i) * DAY)));
  assert.deepEqual(answer.days.slice(0, 5).map((d) => d.page_views + d.visitors + d.engaged_seconds + d.comments + d.replies), [0, 0, 0, 0, 0]);
  assert.deepEqual(answer.days[5], { day: dayText(yesterday), page_views: 2, visitors: 2, engaged_seconds: 3, comments: 0, replies: 0 });
  assert.deepEqual(answer.days[6], { day: to, page_views: 2, visitors: 2, engaged_seconds: 61, comments: 2, replies: 1 });
  assert.deepEqual(answer.totals, { page_views: 4, visitors: 3, engaged_seconds: 64, comments: 2, replies: 1, active_commenters: 2, recirculation_clicks: 3 });
  assert.deepEqual(answer.top_pages, [
    { page_id: 'story-a', title: 'Story A, updated', url: 'https://news.example/story-a', page_views: 3, engaged_seconds: 61, comments: 3 },
    { page_id: 'story-b', title: 'Story story-b', url: 'https://news.example/story-b', page_views: 1, engaged_seconds: 3, comments: 0 },
  ]);
  assert.deepEqual(answer.referrer_mediums, [{ medium: 'search', page_views: 2 }, { medium: 'direct', page_views: 1 }, { medium: 'trending', page_views: 1 }]);
  assert.deepEqual(answer.recirculation, [{ medium: 'trending', clicks: 2 }, { medium: 'conversation_starter', clicks: 1 }]);

  // Only today: yesterday's figures are out.
  const today = await readDashboard(app, admin.access_token, { from: to, to });
  assert.deepEqual([today.days.length, today.totals.page_views, today.totals.visitors], [1, 2, 2]);
  // Default period: the last 30 days.
  const recent = await readDashboard(app, admin.access_token);
  assert.deepEqual([recent.days.length, recent.to, recent.totals.page_views], [30, to, 4]);
});

test('only the site admins see the dashboard; bad periods are a 400', async (t) => {
  const app = await build(t);
  const [admin, mod, reader] = [await signupAs(app, 'admin'), await signupAs(app, 'mod'), await signup(app)];
  assert.equal((await dashboardCall(app, undefined)).statusCode, 401);
  assert.equal((await dashboardCall(app, reader.access_token)).statusCode, 403);
  assert.equal((await dashboardCall(app, mod.access_token)).statusCode, 403);
  assert.equal((await dashboardCall(app, admin.access_token, {}, crypto.randomUUID())).statusCode, 404);
  const bad: Record<string, string>[] = [{ from: '2026-13-01' }, { from: '2026-02-30' }, { to: 'yesterday' }, { from: '2026-03-02', to: '2026-03-01' }, { from: '2020-01-01', to: '2026-01-01' }, { days: '3' }];
  for (const query of bad) {
    assert.equal((await dashboardCall(app, admin.access_token, query)).statusCode, 400, JSON.stringify(query));
  }
  const longest = await readDashboard(app, admin.access_token, { from: '2025-01-01', to: dayText(Date.parse('2025-01-01') + (DASHBOARD_MAX_DAYS - 1) * DAY) });
  assert.equal(longest.days.length, DASHBOARD_MAX_DAYS);
  assert.ok(longest.days.every((d) => d.page_views === 0));
});
