// A catch-up that fails is retried with back-off (1 s, 2 s, 4 s… capped at 30 s, with jitter)
// while a subscription watches the container; meanwhile its widgets show live updates as paused.
// Timers are manual; the catch-up calls go to a real local HTTP server.
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../../core/api/base.ts';
import { commentQueriesApi } from '../../core/api/comments.ts';
import type { EventsPage } from '../../core/api/types.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { createRealtimeMiddleware } from '../../core/realtime/middleware.ts';
import { createRetries } from '../../core/realtime/retries.ts';
import { realtimeSlice, retryRequested, selectLiveStatus, selectRealtimePaused, subscribeRequested, teardownRequested, unsubscribeRequested } from '../../core/realtime/slice.ts';
import { sessionSlice } from '../../core/session/slice.ts';
import { manualTimers } from '../support/manualTimers.ts';
import { installFakeWebSocket } from './helpers/fakeWebSocket.ts';
import { args, created, id, rules, socket, watchContainer } from './helpers/watchedContainer.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { CONTAINER, event, page } from './helpers/fixtures.ts';

describe('retries with back-off', () => {
  it('waits 1 s, 2 s, 4 s… capped at 30 s, jittered to 50–100 %, and resets on success', () => {
    const timers = manualTimers();
    const runs: string[] = [];
    let random = 1;
    const retries = createRetries((key) => runs.push(key), { timers, random: () => random });
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map(() => retries.failed('a')), [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    assert.equal(timers.pending(), 1, 'one scheduled attempt per key');
    timers.tick(29999);
    assert.deepEqual(runs, []);
    timers.tick(1);
    assert.deepEqual(runs, ['a']);
    assert.equal(retries.pending('a'), true, 'still behind until an attempt succeeds');

    retries.succeeded('a');
    assert.equal(retries.pending('a'), false);
    random = 0;
    assert.equal(retries.failed('a'), 500, 'back to the first delay, at its lowest jitter');
    random = 0.5;
    assert.equal(retries.failed('a'), 1500);
  });

  it('keys are independent; cancel and cancelAll stop them; runNow runs the scheduled ones at once', () => {
    const timers = manualTimers();
    const runs: string[] = [];
    const retries = createRetries((key) => runs.push(key), { timers, random: () => 1 });
    retries.failed('a');
    retries.failed('a');
    retries.failed('b');
    timers.tick(1000);
    assert.deepEqual(runs, ['b']);
    retries.failed('b');
    retries.cancel('b');
    timers.tick(5000);
    assert.deepEqual(runs, ['b', 'a']);
    assert.deepEqual(retries.keys(), ['a']);

    retries.failed('a');
    retries.runNow();
    assert.deepEqual(runs, ['b', 'a', 'a']);
    assert.equal(timers.pending(), 0);
    retries.failed('a');
    retries.cancelAll();
    assert.equal(timers.pending(), 0);
    assert.deepEqual(retries.keys(), []);
  });
});

/** The app's reducers and middleware, with manual timers for the catch-up's retries. */
function createStore(timers: ReturnType<typeof manualTimers>) {
  return configureStore({
    reducer: combineReducers({ [baseApi.reducerPath]: baseApi.reducer, session: sessionSlice.reducer, realtime: realtimeSlice.reducer }),
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, createRealtimeMiddleware({ catchUp: { timers, random: () => 1 } })),
  });
}

describe('realtime catch-up retries', () => {
  let server: TestServer;
  let timers: ReturnType<typeof manualTimers>;
  let store: ReturnType<typeof createStore>;
  let restore: () => void;
  /** The fake server's latest event number; the catch-up call fails while `failing`. */
  let latest = 0;
  let failing = false;

    const shown = () => commentQueriesApi.endpoints.comments.select(args)(store.getState()).data!.pages.flatMap((p) => p.contents.map((c) => c.content));
  const eventsAsked = () => server.requests.filter((r) => r.path.endsWith('/events')).length;
  const status = () => selectLiveStatus(store.getState(), id);
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.ok(check());
  };
  /** After a reconnect the subscribe reply says 3 events were missed; their catch-up fails. */
  const missThreeEvents = async () => {
    const asked = eventsAsked();
    latest = 2;
    socket().reply({ type: 'subscribe_success', subscription_id: id, seqs: { [CONTAINER]: 2 } });
    socket().drop();
    store.dispatch(retryRequested());
    socket().open();
    failing = true;
    latest = 5;
    socket().reply({ type: 'subscribe_success', subscription_id: id, seqs: { [CONTAINER]: 5 } });
    await eventually(() => eventsAsked() === asked + 1 && status() === 'error_subscribing');
  };

  before(async () => {
    server = await startServer();
  });
  after(async () => server.close());
  beforeEach(async () => {
    restore = installFakeWebSocket();
    configure({ origin: server.origin, realtimeUrl: 'wss://vf.example/ws' });
    server.requests.length = 0;
    failing = false;
    server.handle((req) => {
      if (!req.path.endsWith('/events')) return { json: { result: page([]) } };
      if (failing) return { status: 503, json: { error_status: 503, message: 'Service Unavailable' } };
      const afterSeq = Number(req.query.get('after'));
      const events = Array.from({ length: latest }, (_, i) => created(i + 1)).filter((e) => e.seq > afterSeq);
      const result: EventsPage = { events, more: false, latest_seq: latest, expired: false };
      return { json: { result } };
    });
    timers = manualTimers();
    store = createStore(timers);
    await watchContainer(store);
  });
  afterEach(() => {
    store.dispatch(teardownRequested());
    restore();
    resetConfig();
  });

  it('retries a failed catch-up after 1 s, then 2 s; shows paused until it succeeds, then the events', async () => {
    await missThreeEvents();
    assert.equal(selectRealtimePaused(store.getState()), true);
    assert.equal(store.getState().realtime.subscriptions[id]!.status, 'subscribed', 'the socket itself is fine');

    timers.tick(999);
    assert.equal(eventsAsked(), 1, 'nothing before the back-off');
    timers.tick(1);
    await eventually(() => eventsAsked() === 2);
    await eventually(() => timers.pending() === 1); // failed again: next attempt scheduled
    assert.equal(status(), 'error_subscribing');

    failing = false;
    timers.tick(1999);
    assert.equal(eventsAsked(), 2, 'the second wait is 2 s');
    timers.tick(1);
    await eventually(() => shown().length === 3);
    assert.deepEqual(shown(), ['#5', '#4', '#3']);
    assert.equal(status(), 'subscribed');
    assert.equal(selectRealtimePaused(store.getState()), false);
    assert.equal(timers.pending(), 0, 'no more retries once caught up');
    assert.equal(server.requests.filter((r) => r.path.endsWith('/events')).at(-1)!.query.get('after'), '2');
  });

  it('Retry asks again at once', async () => {
    await missThreeEvents();
    failing = false;
    store.dispatch(retryRequested());
    await eventually(() => shown().length === 3);
    assert.equal(status(), 'subscribed');
    assert.equal(timers.pending(), 0);
  });

  it('stops retrying when the container is unsubscribed, and on teardown', async () => {
    await missThreeEvents();
    store.dispatch(unsubscribeRequested({ id }));
    assert.equal(timers.pending(), 0);
    assert.deepEqual(store.getState().realtime.behind, {});
    timers.tick(60000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(eventsAsked(), 1);

    store.dispatch(subscribeRequested({ id, rules })); // on the socket still open
    await missThreeEvents();
    store.dispatch(teardownRequested());
    assert.equal(timers.pending(), 0);
    timers.tick(60000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(eventsAsked(), 2);
  });
});
