import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore, type AppStore } from '../../core/store/index.ts';
import { commentQueriesApi } from '../../core/api/comments.ts';
import { retryRequested, teardownRequested } from '../../core/realtime/slice.ts';
import { configure, resetConfig } from '../../core/config.ts';
import type { ContentEvent, EventsPage } from '../../core/api/types.ts';
import { installFakeWebSocket } from './helpers/fakeWebSocket.ts';
import { args, created, id, socket, watchContainer } from './helpers/watchedContainer.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { CONTAINER, SITE, page } from './helpers/fixtures.ts';

/** The event log the fake server answers catch-up calls from. */
const log = new Map<number, ContentEvent>();

let server: TestServer;
let store: AppStore;
let restore: () => void;

const shown = () => commentQueriesApi.endpoints.comments.select(args)(store.getState()).data!.pages.flatMap((p) => p.contents.map((c) => c.content));
const live = (seq: number) => socket().reply({ type: 'event', subscription_id: id, data: created(seq) });
const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(check());
};

before(async () => {
  server = await startServer();
});
after(async () => server.close());
beforeEach(async () => {
  restore = installFakeWebSocket();
  configure({ origin: server.origin, realtimeUrl: 'wss://vf.example/ws' });
  server.requests.length = 0;
  log.clear();
  for (let seq = 1; seq <= 20; seq++) log.set(seq, created(seq));
  server.handle((req) => {
    if (req.path.endsWith('/events')) {
      const afterSeq = Number(req.query.get('after'));
      const events = [...log.values()].filter((e) => e.seq > afterSeq && e.seq <= latest);
      const result: EventsPage = { events, more: false, latest_seq: latest, expired: false };
      return { json: { result } };
    }
    return { json: { result: { ...page([]), ...(listSeq === undefined ? {} : { latest_seq: listSeq }) } } };
  });
  store = createAppStore();
  await watchContainer(store);
});
afterEach(() => {
  store.dispatch(teardownRequested());
  restore();
  resetConfig();
});
let latest = 0;
/** The event number the fake server's comment list says it was read at. */
let listSeq: number | undefined;

describe('realtime catch-up', () => {
  it('applies each event once and in order, fetching the gap after a jump', async () => {
    latest = 2;
    socket().reply({ type: 'subscribe_success', subscription_id: id, seqs: { [CONTAINER]: 2 } });
    live(3);
    live(3); // a duplicate
    assert.deepEqual(shown(), ['#3']);
    latest = 6;
    live(6); // 4 and 5 are missing: held, then fetched
    await eventually(() => shown().length === 4);
    assert.deepEqual(shown(), ['#6', '#5', '#4', '#3']);
    const asked = server.requests.filter((r) => r.path.endsWith('/events'));
    assert.deepEqual(asked.map((r) => [r.path, r.query.get('after')]), [[`/api/comments/${SITE}/${CONTAINER}/events`, '3']]);
  });

  it('a list read before events the subscription already counts catches up from the list', async () => {
    latest = 5;
    socket().reply({ type: 'subscribe_success', subscription_id: id, seqs: { [CONTAINER]: 5 } });
    // The list was read at event 3: events 4 and 5 happened between it and the subscription.
    listSeq = 3;
    await store.dispatch(commentQueriesApi.endpoints.comments.initiate(args, { forceRefetch: true }));
    await eventually(() => shown().length === 2);
    assert.deepEqual(shown(), ['#5', '#4']);
    listSeq = undefined;
  });

  it('after a reconnect, the subscribe reply shows what was missed and it is fetched', async () => {
    latest = 1;
    socket().reply({ type: 'subscribe_success', subscription_id: id, seqs: { [CONTAINER]: 1 } });
    live(2);
    socket().drop();
    store.dispatch(retryRequested()); // as going online would, without waiting for the back-off
    socket().open();
    latest = 5;
    socket().reply({ type: 'subscribe_success', subscription_id: id, seqs: { [CONTAINER]: 5 } });
    await eventually(() => shown().length === 4);
    live(5); // late echo of an event already caught up
    live(6);
    assert.deepEqual(shown(), ['#6', '#5', '#4', '#3', '#2']);
  });
});
