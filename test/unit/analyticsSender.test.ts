/**
 * core/analytics/sender.ts: the sending loop drains the stored queue batch after batch, drops an
 * event too big for any batch, keeps what a failed send left, and a stopped sender sends nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, type AnalyticsBatch } from '../../core/analytics/eventTypes.ts';
import { loadQueue, saveQueue } from '../../core/analytics/queue.ts';
import { createSender } from '../../core/analytics/sender.ts';
import { event } from './helpers/analyticsEvent.ts';
import { MemoryStorage } from './helpers/memoryStorage.ts';

const eids = (batch: AnalyticsBatch) => batch.events.map((e) => e.eid);

test('flushByBeacon sends batch after batch, drops an event too big to send, and stops at a refused beacon', () => {
  const storage = new MemoryStorage();
  saveQueue(storage, [event(0, { ua: 'x'.repeat(MAX_BATCH_BYTES) }), ...Array.from({ length: MAX_BATCH_EVENTS + 10 }, (_, i) => event(i + 1))]);
  const sent: AnalyticsBatch[] = [];
  let accept = 1;
  const sender = createSender({
    storage,
    url: () => 'https://vf.example/events',
    transport: { sendBeacon: (_url, data) => (accept-- > 0 ? (sent.push(JSON.parse(data) as AnalyticsBatch), true) : false) },
  });
  try {
    sender.flushByBeacon();
    assert.equal(sent.length, 1, 'the second beacon was refused');
    assert.equal(sent[0]!.events.length, MAX_BATCH_EVENTS);
    assert.equal(eids(sent[0]!)[0], 'e1', 'the oversized event was dropped, not sent');
    assert.deepEqual(loadQueue(storage).map((e) => e.eid), Array.from({ length: 10 }, (_, i) => `e${MAX_BATCH_EVENTS + i + 1}`), 'what was not sent stays stored');
    accept = 5;
    sender.flushByBeacon();
    assert.equal(sent.length, 2);
    assert.deepEqual(loadQueue(storage), []);
  } finally {
    sender.stop();
  }
});

test('flush sends through the transports until the queue is empty; a stopped sender sends nothing', async () => {
  const storage = new MemoryStorage();
  const sent: AnalyticsBatch[] = [];
  const transport = { fetch: (async (_url: string, init: RequestInit) => (sent.push(JSON.parse(String(init.body)) as AnalyticsBatch), new Response(null, { status: 204 }))) as typeof fetch };
  const sender = createSender({ storage, url: () => 'https://vf.example/events', transport });
  for (let i = 0; i < MAX_BATCH_EVENTS + 1; i++) sender.add(event(i));
  await sender.flush();
  assert.deepEqual(sent.map((batch) => batch.events.length), [MAX_BATCH_EVENTS, 1]);
  assert.deepEqual(loadQueue(storage), []);
  sender.add(event(500));
  sender.stop();
  await sender.flush();
  assert.equal(sent.length, 2, 'stopped: nothing more is sent');
});
