/**
 * core/analytics/queue.ts, requestId.ts, transport.ts: the stored queue (limit, bad entries),
 * batches by count and bytes, the request id's reuse window and the transports' order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EVENT_QUEUE_LIMIT, MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../../core/analytics/eventTypes.ts';
import { byteLength, limitQueue, loadQueue, nextBatch, QUEUE_KEY, saveQueue } from '../../core/analytics/queue.ts';
import { createPageViews, REQUEST_ID_KEY, REQUEST_ID_REUSE_MS } from '../../core/analytics/requestId.ts';
import { eventsUrl, imageUrl, sendBatch, type TransportEnv } from '../../core/analytics/transport.ts';
import { event } from './helpers/analyticsEvent.ts';
import { MemoryStorage } from './helpers/memoryStorage.ts';

test('the queue keeps the newest 200 and drops bad stored entries without throwing', () => {
  const storage = new MemoryStorage();
  saveQueue(storage, Array.from({ length: EVENT_QUEUE_LIMIT + 20 }, (_, i) => event(i)));
  const loaded = loadQueue(storage);
  assert.equal(loaded.length, EVENT_QUEUE_LIMIT);
  assert.equal(loaded[0]!.eid, 'e20', 'the oldest went first');
  storage.setItem(QUEUE_KEY, JSON.stringify([event(1), null, 'x', { event_type: 'nope', eid: 'e2' }, { ...event(3), meta: 5 }, event(4)]));
  assert.deepEqual(loadQueue(storage).map((e) => e.eid), ['e1', 'e4']);
  for (const junk of ['{', '"text"', '{"a":1}', 'null']) {
    storage.setItem(QUEUE_KEY, junk);
    assert.deepEqual(loadQueue(storage), []);
  }
  assert.deepEqual(loadQueue(null), []);
  const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
  assert.deepEqual(loadQueue(throwing), []);
  assert.doesNotThrow(() => saveQueue(throwing, [event(1)]));
  assert.equal(limitQueue([event(1)]).length, 1);
});

test('a batch holds at most 100 events and 64 KiB; an event too big to ever send is skipped', () => {
  const many = Array.from({ length: 250 }, (_, i) => event(i));
  const first = nextBatch(many);
  assert.equal(first.events.length, MAX_BATCH_EVENTS);
  assert.equal(first.events[0]!.eid, 'e0');
  const padded = Array.from({ length: 60 }, (_, i) => event(i, { ua: 'x'.repeat(2000) }));
  const bySize = nextBatch(padded);
  assert.ok(bySize.events.length < 60 && bySize.events.length > 20);
  assert.ok(byteLength(JSON.stringify({ events: bySize.events })) <= MAX_BATCH_BYTES);
  assert.ok(byteLength(JSON.stringify({ events: padded.slice(0, bySize.events.length + 1) })) > MAX_BATCH_BYTES);
  const huge = event(0, { ua: 'x'.repeat(MAX_BATCH_BYTES) });
  const withHuge = nextBatch([huge, event(1)]);
  assert.deepEqual(withHuge.skipped.map((e) => e.eid), ['e0']);
  assert.deepEqual(withHuge.events.map((e) => e.eid), ['e1']);
});

test('page views: the current URL again is no new view; a repeated URL gets a new request id', () => {
  let ids = 0;
  const views = createPageViews(new MemoryStorage(), () => 1000, () => `rq${++ids}`);
  assert.deepEqual(views.viewFor('https://a/1'), { rq: 'rq1', isNew: true });
  assert.equal(views.viewFor('https://a/1'), null, 'reset on the same URL');
  assert.equal(views.viewFor('https://a/1#comments'), null, 'a hash change');
  assert.deepEqual(views.viewFor('https://a/2'), { rq: 'rq2', isNew: true });
  assert.deepEqual(views.viewFor('https://a/1'), { rq: 'rq3', isNew: true });
  assert.deepEqual(views.current(), { rq: 'rq3', isNew: true });
});

test('a reload of the same URL reuses the saved request id for 5 minutes, then not', () => {
  const storage = new MemoryStorage();
  let now = 10_000;
  let ids = 0;
  const load = () => createPageViews(storage, () => now, () => `rq${++ids}`);
  assert.deepEqual(load().viewFor('https://a/1'), { rq: 'rq1', isNew: true });
  now += REQUEST_ID_REUSE_MS - 1;
  assert.deepEqual(load().viewFor('https://a/1'), { rq: 'rq1', isNew: false });
  assert.deepEqual(load().viewFor('https://a/other'), { rq: 'rq2', isNew: true }, 'another URL');
  now += 1000;
  const reloaded = load();
  assert.deepEqual(reloaded.viewFor('https://a/other'), { rq: 'rq2', isNew: false });
  now += REQUEST_ID_REUSE_MS;
  assert.deepEqual(load().viewFor('https://a/other'), { rq: 'rq3', isNew: true }, 'after 5 minutes');
  storage.setItem(REQUEST_ID_KEY, '{garbage');
  assert.deepEqual(load().viewFor('https://a/other'), { rq: 'rq4', isNew: true });
});

test('the URL: {DOMAIN} replaced; the image fallback is events.gif with the batch', () => {
  const url = eventsUrl('https://vf.example/api/analytics/events?domain={DOMAIN}', 'news.example');
  assert.equal(url, 'https://vf.example/api/analytics/events?domain=news.example');
  assert.equal(imageUrl(url, '{"events":[]}'), 'https://vf.example/api/analytics/events.gif?domain=news.example&batch=%7B%22events%22%3A%5B%5D%7D');
});

test('transports in order: beacon, else POST, else image; final refusals are done, the rest stay queued', async () => {
  const calls: string[] = [];
  const env = (beacon: boolean, status: number | 'down', image: boolean): TransportEnv => ({
    sendBeacon: (_url, body) => (calls.push(`beacon ${typeof body}`), beacon),
    fetch: (async (_url: string, init: RequestInit) => {
      calls.push(`fetch ${init.method} ${(init.headers as Record<string, string>)['content-type']} ${init.keepalive}`);
      if (status === 'down') throw new TypeError('network');
      return new Response(null, { status });
    }) as typeof fetch,
    loadImage: async (src) => (calls.push(`image ${src.includes('events.gif?')}`), image),
  });
  const batch = { events: [event(1)] };
  assert.equal(await sendBatch('https://vf/api/analytics/events?domain=d', batch, env(true, 204, true)), true);
  assert.deepEqual(calls.splice(0), ['beacon string']);
  assert.equal(await sendBatch('https://vf/api/analytics/events?domain=d', batch, env(false, 204, true)), true);
  assert.deepEqual(calls.splice(0), ['beacon string', 'fetch POST application/json true']);
  assert.equal(await sendBatch('https://vf/api/analytics/events?domain=d', batch, env(false, 'down', true)), true);
  assert.deepEqual(calls.splice(0), ['beacon string', 'fetch POST application/json true', 'image true']);
  assert.equal(await sendBatch('https://vf/x', batch, env(false, 'down', false)), false);
  assert.equal(await sendBatch('https://vf/x', batch, env(false, 429, true)), false, 'rate limited: retried later');
  assert.equal(await sendBatch('https://vf/x', batch, env(false, 413, true)), true, 'refused for good: not resent');
  const throwing: TransportEnv = { sendBeacon: () => { throw new Error('quota'); } };
  assert.equal(await sendBatch('https://vf/x', batch, throwing), false);
});
