/**
 * Analytics ingest (docs/analytics.md) on the real app and database: batches sent as JSON, as a
 * beacon's text/plain and by the image fallback are stored as per-day aggregates; a repeated event
 * id counts once; bad batches (bad JSON, garbage, unknown type, missing fields, too big, too many)
 * are refused and store nothing; an unknown domain is a 404; a client over its limit gets a 429.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../../core/analytics/eventTypes.ts';
import { chunked, dayOf, EID_KEEP_DAYS, pruneAnalytics, VISITOR_KEEP_DAYS } from '../../server/analytics/queries.ts';
import type { Database } from '../../server/storage/schema.ts';
import { adFailureRecord, AD_FAILURE_REASONS } from '../../core/ads/failure.ts';
import { makeEvent, sendBeacon, sendGif, sendJson } from './analytics-calls.ts';
import { build, countRows, SITE } from './helpers.ts';

const TABLES: (keyof Database)[] = ['analytics_eids', 'analytics_visitors', 'analytics_site_days', 'analytics_page_days', 'analytics_breakdowns', 'analytics_pages'];
async function nothingStored(app: FastifyInstance): Promise<void> {
  for (const table of TABLES) assert.equal(await countRows(app, table), 0, table);
}
const siteDay = (app: FastifyInstance) => app.db.selectFrom('analytics_site_days').selectAll().executeTakeFirstOrThrow();

test('a batch is stored as aggregates per site, page and day; a repeated event id counts once', async (t) => {
  const app = await build(t);
  const events = [
    makeEvent('page_view', { visitor: 'ada', medium: 'search' }),
    makeEvent('page_view', { visitor: 'bob' }),
    makeEvent('page_view', { visitor: 'ada', page: 'article-2', medium: 'social' }),
    makeEvent('engage', { engagedMs: 2500 }),
    makeEvent('engage', { engagedMs: 1500, page: 'article-2' }),
    makeEvent('recirculation_click', { data: { medium: 'trending' } }),
    makeEvent('widget_visible'),
  ];
  assert.equal((await sendJson(app, events)).statusCode, 204);
  assert.equal((await sendJson(app, events)).statusCode, 204); // a retried batch: all repeats
  const day = await siteDay(app);
  assert.deepEqual([day.page_views, day.visitors, day.engaged_ms, day.recirculation_clicks, day.events].map(Number), [3, 2, 4000, 1, 7]);
  const pages = await app.db.selectFrom('analytics_page_days').select(['page_id', 'page_views', 'engaged_ms', 'recirculation_clicks']).orderBy('page_id').execute();
  assert.deepEqual(pages.map((p) => [p.page_id, Number(p.page_views), Number(p.engaged_ms), Number(p.recirculation_clicks)]), [['article-1', 2, 2500, 1], ['article-2', 1, 1500, 0]]);
  const referrers = await app.db.selectFrom('analytics_breakdowns').select(['value', 'n']).where('dimension', '=', 'referrer').orderBy('value').execute();
  assert.deepEqual(referrers.map((r) => [r.value, Number(r.n)]), [['direct', 1], ['search', 1], ['social', 1]]);
  const stored = await app.db.selectFrom('analytics_visitors').select('visitor').execute();
  assert.ok(stored.every((row) => /^[0-9a-f]{16}$/.test(row.visitor) && row.visitor !== 'ada'), 'visitor ids are kept hashed');
  // The same visitor on a later batch is not a new visitor that day.
  assert.equal((await sendJson(app, [makeEvent('page_view', { visitor: 'bob' })])).statusCode, 204);
  assert.deepEqual([(await siteDay(app)).page_views, (await siteDay(app)).visitors].map(Number), [4, 2]);
});

test("an ad failure is counted by its reason, as the ads client records it", async (t) => {
  const app = await build(t);
  const record = (reason: string) => makeEvent('ad_failure', { data: { ...adFailureRecord({ widget: 'vf-ad', widgetId: 'w1' }, 'gtag', reason as never) } });
  const events = [record(AD_FAILURE_REASONS.gtagSlotNotFound), record(AD_FAILURE_REASONS.gtagSlotNotFound), record(AD_FAILURE_REASONS.videoUnavailable)];
  assert.equal((await sendJson(app, events)).statusCode, 204);
  const failures = await app.db.selectFrom('analytics_breakdowns').select(['value', 'n']).where('dimension', '=', 'ad_failure').orderBy('value').execute();
  assert.deepEqual(failures.map((r) => [r.value, Number(r.n)]), [[AD_FAILURE_REASONS.videoUnavailable, 1], [AD_FAILURE_REASONS.gtagSlotNotFound, 2]].sort());
});

test('a beacon (text/plain) and the image fallback are read as JSON batches', async (t) => {
  const app = await build(t);
  assert.equal((await sendBeacon(app, JSON.stringify({ events: [makeEvent('page_view')] }))).statusCode, 204);
  const gif = await sendGif(app, [makeEvent('page_view'), makeEvent('page_view', { page: 'other' })]);
  assert.equal(gif.statusCode, 200);
  assert.equal(gif.headers['content-type'], 'image/gif');
  assert.equal(gif.rawPayload.subarray(0, 6).toString(), 'GIF89a');
  assert.equal(Number((await siteDay(app)).page_views), 3);
  assert.equal((await sendBeacon(app, '{"events": [')).statusCode, 400);
  assert.equal((await app.inject({ method: 'GET', url: '/api/analytics/events.gif', query: { domain: 'localhost', batch: 'not json' } })).statusCode, 400);
  assert.equal((await sendGif(app, [{ ...makeEvent('page_view'), event_type: 'bogus' }])).statusCode, 400);
  assert.equal(Number((await siteDay(app)).page_views), 3);
});

test('garbage, unknown types, missing or oversized fields are a 400 and nothing of the batch is stored', async (t) => {
  const app = await build(t);
  const good = makeEvent('page_view');
  const { meta: _meta, ...noMeta } = good;
  const bad: unknown[] = [
    'garbage',
    42,
    { ...good, event_type: 'purchase' },
    noMeta,
    { ...good, eid: '' },
    { ...good, extra: 'field' },
    { ...good, meta: { ...good.meta, title: 'x'.repeat(501) } },
    { ...good, meta: { ...good.meta, injected: true } },
    { ...good, ts: 'yesterday' },
    { ...good, ts: -1 },
    { ...makeEvent('engage'), engage: undefined },
    { ...makeEvent('engage', { engagedMs: 10 * 3_600_000 }) },
    { ...good, data: { nested: { deep: 1 } } },
  ];
  for (const event of bad) {
    const response = await sendJson(app, [makeEvent('page_view'), event]);
    assert.equal(response.statusCode, 400, JSON.stringify(event));
  }
  assert.equal((await sendJson(app, [])).statusCode, 400);
  assert.equal((await app.inject({ method: 'POST', url: '/api/analytics/events', query: { domain: 'localhost' }, payload: { events: [good], section: 'x' } })).statusCode, 400);
  await nothingStored(app);
});

test('more than 100 events or 64 KiB is a 413; an unknown domain a 404; nothing is stored', async (t) => {
  const app = await build(t);
  const many = Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => makeEvent('widget_visible'));
  assert.equal((await sendJson(app, many)).statusCode, 413);
  assert.equal((await sendGif(app, many)).statusCode, 413);
  const big = Array.from({ length: 60 }, () => makeEvent('page_view', { title: 'x'.repeat(500), page: 'p'.repeat(500) }));
  assert.ok(JSON.stringify({ events: big }).length > MAX_BATCH_BYTES);
  assert.equal((await sendJson(app, big)).statusCode, 413);
  assert.equal((await sendBeacon(app, JSON.stringify({ events: big }))).statusCode, 413);
  assert.equal((await sendJson(app, [makeEvent('page_view')], 'elsewhere.example')).statusCode, 404);
  assert.equal((await sendGif(app, [makeEvent('page_view')], 'elsewhere.example')).statusCode, 404);
  await nothingStored(app);
  assert.equal((await sendJson(app, many.slice(0, MAX_BATCH_EVENTS))).statusCode, 204); // exactly 100 is fine
});

test('a client over its batch limit gets a 429 with Retry-After; events older than the kept event ids are not counted', async (t) => {
  const app = await build(t, { VF_ANALYTICS_LIMIT_PER_IP: '2' });
  assert.equal((await sendJson(app, [makeEvent('page_view')])).statusCode, 204);
  assert.equal((await sendJson(app, [makeEvent('page_view', { ts: Date.now() - 30 * 86_400_000 })])).statusCode, 204);
  const refused = await sendJson(app, [makeEvent('page_view')]);
  assert.equal(refused.statusCode, 429);
  assert.ok(Number(refused.headers['retry-after']) >= 1);
  assert.equal((await sendGif(app, [makeEvent('page_view')])).statusCode, 429);
  assert.equal(Number((await siteDay(app)).page_views), 1);
  assert.equal(await countRows(app, 'analytics_site_days'), 1);
});

test('batches sent at once are written together and all counted; a retry racing its original counts once', async (t) => {
  const app = await build(t);
  const batches = Array.from({ length: 30 }, (_, b) => Array.from({ length: 100 }, (_, i) => makeEvent('page_view', { visitor: `v${(b * 100 + i) % 500}`, page: `p${i % 7}` })));
  const answers = await Promise.all([...batches, batches[0]!, batches[1]!].map((events) => sendJson(app, events)));
  assert.ok(answers.every((response) => response.statusCode === 204));
  const day = await siteDay(app);
  assert.deepEqual([day.page_views, day.visitors, day.events].map(Number), [3000, 500, 3000]);
  assert.equal(await countRows(app, 'analytics_eids'), 3000);
  assert.equal(await countRows(app, 'analytics_page_days'), 7);
});

test('event ids are forgotten after 7 days and hashed visitors after 400; statements come in a few fixed sizes', async (t) => {
  const app = await build(t);
  const today = dayOf(Date.now());
  await app.db.insertInto('analytics_eids').values([{ day: today - EID_KEEP_DAYS - 1, eid: 'old' }, { day: today - EID_KEEP_DAYS, eid: 'kept' }]).execute();
  await app.db.insertInto('analytics_visitors').values([{ site_uuid: SITE, day: today - VISITOR_KEEP_DAYS - 1, visitor: 'a' }, { site_uuid: SITE, day: today - 1, visitor: 'b' }]).execute();
  await pruneAnalytics(app.db);
  assert.deepEqual((await app.db.selectFrom('analytics_eids').select('eid').execute()).map((r) => r.eid), ['kept']);
  assert.deepEqual((await app.db.selectFrom('analytics_visitors').select('visitor').execute()).map((r) => r.visitor), ['b']);
  assert.deepEqual(chunked(Array.from({ length: 1300 })).map((c) => c.length), [512, 512, 256, 16, 4]);
  assert.deepEqual(chunked([]), []);
});
