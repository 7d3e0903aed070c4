import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore, type AppStore } from '../../core/store/index.ts';
import { bootstrapped } from '../../core/session/slice.ts';
import { subscribeRequested, teardownRequested, unsubscribeRequested } from '../../core/realtime/slice.ts';
import { selectPresence, selectTypingCount, sendTyping } from '../../core/realtime/signals.ts';
import { containerRules, subscriptionIdFor } from '../../core/realtime/subscriptionId.ts';
import { guestBootstrap, rules, socket } from './helpers/watchedContainer.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { installFakeWebSocket } from './helpers/fakeWebSocket.ts';
import { CONTAINER } from './helpers/fixtures.ts';

const OTHER = '33333333-2222-4333-8444-555555555555';
const id = subscriptionIdFor(rules, true);
let store: AppStore;
let restore: () => void;

const typing = (typist: string, subscription_id = id, container = CONTAINER) => ({ type: 'typing', subscription_id, content_container_uuid: container, typist });
const presence = (count: number, subscription_id = id) => ({ type: 'presence', subscription_id, content_container_uuid: CONTAINER, count });
const typingCount = (container = CONTAINER) => selectTypingCount(store.getState(), container);
const typingFramesSent = () => socket().sent.filter((frame) => (frame as { type: string }).type === 'typing');

/** Subscribes with signals and answers it, as useContainerSubscription(CONTAINER, { signals: true }) does. */
function subscribeWithSignals(): void {
  store.dispatch(bootstrapped(guestBootstrap()));
  store.dispatch(subscribeRequested({ id, rules, signals: true }));
  socket().open();
  socket().reply({ type: 'subscribe_success', subscription_id: id });
}

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
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

describe('realtime signals (client)', () => {
  it('a signals subscription is its own, and its subscribe frame asks for signals', () => {
    assert.notEqual(id, subscriptionIdFor(rules));
    subscribeWithSignals();
    store.dispatch(subscribeRequested({ id: subscriptionIdFor(rules), rules }));
    assert.deepEqual(socket().sent, [
      { type: 'subscribe', subscription_id: id, filter: { one_of: rules }, signals: true },
      { type: 'subscribe', subscription_id: subscriptionIdFor(rules), filter: { one_of: rules } },
    ]);
  });

  it('presence is null until the server says, then its latest count', () => {
    subscribeWithSignals();
    assert.equal(selectPresence(store.getState(), CONTAINER), null);
    socket().reply(presence(3));
    assert.equal(selectPresence(store.getState(), CONTAINER), 3);
    socket().reply(presence(2));
    assert.equal(selectPresence(store.getState(), CONTAINER), 2);
    assert.equal(selectPresence(store.getState(), OTHER), null);
  });

  it('counts distinct typists, each for 5 s after its last frame, and drops them when they expire', () => {
    subscribeWithSignals();
    assert.equal(typingCount(), 0);
    socket().reply(typing('x'));
    socket().reply(typing('x'));
    assert.equal(typingCount(), 1, 'one typist, however many frames');
    mock.timers.tick(3000);
    socket().reply(typing('x')); // x now lasts until 8000
    mock.timers.tick(1000);
    socket().reply(typing('y')); // y until 9000
    assert.equal(typingCount(), 2);
    assert.equal(typingCount(OTHER), 0);

    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    mock.timers.tick(3999);
    assert.equal(typingCount(), 2);
    assert.equal(notified, 0, 'no store update while nobody starts or stops');
    mock.timers.tick(1);
    assert.equal(typingCount(), 1, 'x stopped 5 s ago');
    assert.equal(notified, 1, 'one update when x expired');
    mock.timers.tick(1000);
    assert.equal(typingCount(), 0);
    assert.deepEqual(store.getState().signals.typing, {}, 'expired entries are dropped, not kept');
    unsubscribe();
  });

  it('sendTyping sends one frame per 3 s per container, without a store update', () => {
    subscribeWithSignals();
    const otherId = subscriptionIdFor(containerRules(OTHER), true);
    store.dispatch(subscribeRequested({ id: otherId, rules: containerRules(OTHER), signals: true }));
    socket().reply({ type: 'subscribe_success', subscription_id: otherId });
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    for (let i = 0; i < 10; i++) store.dispatch(sendTyping(CONTAINER));
    store.dispatch(sendTyping(OTHER));
    assert.deepEqual(typingFramesSent(), [
      { type: 'typing', content_container_uuid: CONTAINER },
      { type: 'typing', content_container_uuid: OTHER },
    ]);
    assert.equal(notified, 0, 'keystrokes do not make widgets re-check the store');
    mock.timers.tick(2999);
    store.dispatch(sendTyping(CONTAINER));
    assert.equal(typingFramesSent().length, 2);
    mock.timers.tick(1);
    store.dispatch(sendTyping(CONTAINER));
    assert.equal(typingFramesSent().length, 3);
    unsubscribe();
  });

  it('sendTyping sends nothing without a signals subscription to the container or an open socket', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    const plain = subscriptionIdFor(rules);
    store.dispatch(subscribeRequested({ id: plain, rules }));
    store.dispatch(sendTyping(CONTAINER)); // not open yet
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: plain });
    store.dispatch(sendTyping(CONTAINER));
    assert.deepEqual(typingFramesSent(), [], 'a plain subscription does not carry typing');
    store.dispatch(subscribeRequested({ id, rules, signals: true }));
    store.dispatch(sendTyping(CONTAINER));
    assert.deepEqual(typingFramesSent(), [], 'not before the signals subscription is confirmed');
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    store.dispatch(sendTyping(OTHER));
    assert.deepEqual(typingFramesSent(), [], 'not for another container');
    store.dispatch(sendTyping(CONTAINER));
    assert.equal(typingFramesSent().length, 1);
  });

  it('unsubscribing or a disconnect clears presence and typing; late frames are ignored', () => {
    subscribeWithSignals();
    socket().reply(presence(4));
    socket().reply(typing('x'));
    store.dispatch(unsubscribeRequested({ id }));
    assert.equal(selectPresence(store.getState(), CONTAINER), null);
    assert.equal(typingCount(), 0);
    socket().reply(presence(5)); // sent before the server saw the unsubscribe
    socket().reply(typing('y'));
    assert.equal(selectPresence(store.getState(), CONTAINER), null);
    assert.equal(typingCount(), 0);

    store.dispatch(subscribeRequested({ id, rules, signals: true }));
    socket().reply({ type: 'subscribe_success', subscription_id: id });
    socket().reply(presence(2));
    socket().reply(typing('x'));
    socket().drop();
    assert.equal(selectPresence(store.getState(), CONTAINER), null);
    assert.equal(typingCount(), 0);
  });

  it('a plain subscription does not take signal frames', () => {
    store.dispatch(bootstrapped(guestBootstrap()));
    const plain = subscriptionIdFor(rules);
    store.dispatch(subscribeRequested({ id: plain, rules }));
    socket().open();
    socket().reply({ type: 'subscribe_success', subscription_id: plain });
    socket().reply(presence(3, plain));
    socket().reply(typing('x', plain));
    assert.equal(selectPresence(store.getState(), CONTAINER), null);
    assert.equal(typingCount(), 0);
  });
});
