import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore, type AppStore } from '../../core/store/index.ts';
import { bootstrapped } from '../../core/session/slice.ts';
import { retryRequested, selectRealtimePaused, subscribeRequested, teardownRequested, unsubscribeRequested } from '../../core/realtime/slice.ts';
import { containerRules, subscriptionIdFor } from '../../core/realtime/subscriptionId.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { FakeWebSocket, installFakeWebSocket } from './helpers/fakeWebSocket.ts';
import { guestBootstrap, socket } from './helpers/watchedContainer.ts';
import { CONTAINER, SITE } from './helpers/fixtures.ts';

const rules = containerRules(CONTAINER);
const id = subscriptionIdFor(rules);
let store: AppStore;
let restore: () => void;

const status = () => store.getState().realtime.subscriptions[id]?.status;

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  restore = installFakeWebSocket();
  configure({ origin: 'https://vf.example', realtimeUrl: 'wss://vf.example/ws' });
  store = createAppStore();
});
afterEach(() => {
  store.dispatch(teardownRequested());
  mock.timers.reset();
  restore();
  resetConfig();
});

describe('realtime middleware', () => {
  it('waits for the site uuid, then opens one socket lazily and subscribes once open', () => {
    store.dispatch(subscribeRequested({ id, rules }));
    assert.equal(FakeWebSocket.instances.length, 0, 'no site uuid yet');
    store.dispatch(bootstrapped(guestBootstrap()));
    assert.equal(FakeWebSocket.instances.length, 1);
    assert.equal(socket().url, `wss://vf.example/ws?site_uuid=${SITE}`);
    assert.equal(status(), 'subscribing');
    socket().open();
    assert.deepEqual(socket().sent, [{ type: 'subscribe', subscription_id: id, filter: { one_of: rules } }]);
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    assert.equal(status(), 'subscribed');
    store.dispatch(subscribeRequested({ id, rules }));
    assert.equal(socket().sent.length, 1, 'a second subscriber shares the subscription');
    assert.equal(FakeWebSocket.instances.length, 1);
  });

  it('no reply within 5000 ms → error_subscribing', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    store.dispatch(subscribeRequested({ id, rules }));
    socket().open();
    mock.timers.tick(4999);
    assert.equal(status(), 'subscribing');
    mock.timers.tick(1);
    assert.equal(status(), 'error_subscribing');
  });

  it('sends a keep-alive every 30000 ms while open', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    store.dispatch(subscribeRequested({ id, rules }));
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    mock.timers.tick(60000);
    assert.deepEqual(socket().sent.slice(1), [{ type: 'keep_alive' }, { type: 'keep_alive' }]);
  });

  it('the last subscriber leaving unsubscribes', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    store.dispatch(subscribeRequested({ id, rules }));
    store.dispatch(subscribeRequested({ id, rules }));
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    store.dispatch(unsubscribeRequested({ id }));
    assert.equal(status(), 'subscribed');
    store.dispatch(unsubscribeRequested({ id }));
    assert.deepEqual(socket().sent.at(-1), { type: 'unsubscribe', subscription_id: id });
    assert.equal(status(), undefined);
  });

  it('on close resets to none, reconnects with back-off (5 retries) and resubscribes on reopen', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    store.dispatch(subscribeRequested({ id, rules }));
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    socket().drop();
    assert.equal(status(), 'none');
    assert.equal(FakeWebSocket.instances.length, 1);
    mock.timers.tick(1000); // first back-off is at most 1 s
    assert.equal(FakeWebSocket.instances.length, 2);
    socket().open();
    assert.equal(status(), 'subscribing');
    assert.deepEqual(socket().sent, [{ type: 'subscribe', subscription_id: id, filter: { one_of: rules } }]);

    // Five failed reconnects, then it stops.
    for (let i = 0; i < 8; i++) {
      socket().drop();
      mock.timers.tick(30000);
    }
    assert.equal(FakeWebSocket.instances.length, 2 + 5);
    assert.equal(store.getState().realtime.retries, 5);
  });

  it('after the retries run out the subscription is in error until a retry reconnects it', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    store.dispatch(subscribeRequested({ id, rules }));
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    for (let i = 0; i < 6; i++) {
      socket().drop();
      mock.timers.tick(30000);
    }
    assert.equal(status(), 'error_subscribing');
    assert.equal(selectRealtimePaused(store.getState()), true);
    const sockets = FakeWebSocket.instances.length;
    store.dispatch(retryRequested()); // the widget's Retry button, going online, the tab visible again
    assert.equal(FakeWebSocket.instances.length, sockets + 1);
    assert.equal(status(), 'subscribing');
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    assert.equal(status(), 'subscribed');
    assert.equal(selectRealtimePaused(store.getState()), false);
  });

  it('coming back online or the tab becoming visible again reconnects after giving up', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    Object.assign(globalThis, { window: win, document: doc });
    try {
      store.dispatch(bootstrapped(guestBootstrap()));
      store.dispatch(subscribeRequested({ id, rules }));
      const giveUp = () => {
        for (let i = 0; i < 6; i++) {
          socket().drop();
          mock.timers.tick(30000);
        }
        assert.equal(status(), 'error_subscribing');
      };
      socket().open();
      giveUp();
      let sockets = FakeWebSocket.instances.length;
      win.dispatchEvent(new Event('online'));
      assert.equal(FakeWebSocket.instances.length, sockets + 1);
      assert.equal(status(), 'subscribing');
      socket().open();
      giveUp();
      sockets = FakeWebSocket.instances.length;
      doc.dispatchEvent(new Event('visibilitychange'));
      assert.equal(FakeWebSocket.instances.length, sockets + 1);
    } finally {
      delete (globalThis as { window?: unknown }).window;
      delete (globalThis as { document?: unknown }).document;
    }
  });

  it('while offline a closed socket waits for the browser to come back online', () => {
    const nav = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      store.dispatch(bootstrapped(guestBootstrap()));
      store.dispatch(subscribeRequested({ id, rules }));
      socket().open();
      socket().drop();
      mock.timers.tick(60000);
      assert.equal(FakeWebSocket.instances.length, 1, 'no attempt while offline');
      assert.equal(status(), 'error_subscribing');
    } finally {
      if (nav) Object.defineProperty(globalThis, 'navigator', nav);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
