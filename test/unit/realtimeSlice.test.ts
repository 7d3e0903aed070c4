import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  realtimeSlice, socketClosed, socketOpened, subscribeFailed, subscribeRequested, subscribed, unsubscribeRequested,
  unsubscribed, type RealtimeState,
} from '../../core/realtime/slice.ts';
import { containerRules, subscriptionIdFor } from '../../core/realtime/subscriptionId.ts';
import { backoffDelay } from '../../core/realtime/backoff.ts';
import { CONTAINER } from './helpers/fixtures.ts';

const reduce = (state: RealtimeState | undefined, ...actions: Array<{ type: string; payload?: unknown }>) =>
  actions.reduce((s, a) => realtimeSlice.reducer(s, a as never), state ?? realtimeSlice.reducer(undefined, { type: 'init' }));
const rules = containerRules(CONTAINER);
const id = subscriptionIdFor(rules);

describe('realtime subscriptions', () => {
  it('derives the id from the rules', () => {
    assert.equal(id, `content_container_uuid:${CONTAINER}`);
    assert.equal(
      subscriptionIdFor([{ key: 'b', values: ['2', '1'] }, { key: 'a', values: ['x'] }]),
      subscriptionIdFor([{ key: 'a', values: ['x'] }, { key: 'b', values: ['1', '2'] }]),
    );
  });

  it('request → subscribing → subscribed', () => {
    const s1 = reduce(undefined, subscribeRequested({ id, rules }));
    assert.deepEqual(s1.subscriptions[id], { id, rules, status: 'subscribing', subscribers: 1 });
    const s2 = reduce(s1, subscribed({ id }));
    assert.equal(s2.subscriptions[id]!.status, 'subscribed');
  });

  it('no reply in time → error_subscribing; a new request retries', () => {
    const failed = reduce(undefined, subscribeRequested({ id, rules }), subscribeFailed({ id }));
    assert.equal(failed.subscriptions[id]!.status, 'error_subscribing');
    assert.equal(reduce(failed, subscribeRequested({ id, rules })).subscriptions[id]!.status, 'subscribing');
  });

  it('counts subscribers; the last one leaving unsubscribes', () => {
    const two = reduce(undefined, subscribeRequested({ id, rules }), subscribed({ id }), subscribeRequested({ id, rules }));
    assert.equal(two.subscriptions[id]!.subscribers, 2);
    assert.equal(two.subscriptions[id]!.status, 'subscribed');
    const one = reduce(two, unsubscribeRequested({ id }));
    assert.equal(one.subscriptions[id]!.status, 'subscribed');
    const none = reduce(one, unsubscribeRequested({ id }));
    assert.equal(none.subscriptions[id]!.status, 'unsubscribing');
    assert.equal(reduce(none, unsubscribed({ id })).subscriptions[id], undefined);
  });

  it('socket close resets to none (dropping unsubscribing ones); reopen resubscribes', () => {
    const other = 'k:v';
    const open = reduce(
      undefined,
      socketOpened(),
      subscribeRequested({ id, rules }),
      subscribed({ id }),
      subscribeRequested({ id: other, rules: [{ key: 'k', values: ['v'] }] }),
      unsubscribeRequested({ id: other }),
    );
    const closed = reduce(open, socketClosed());
    assert.equal(closed.connection, 'closed');
    assert.equal(closed.subscriptions[id]!.status, 'none');
    assert.equal(closed.subscriptions[other], undefined);
    const reopened = reduce(closed, socketOpened());
    assert.equal(reopened.subscriptions[id]!.status, 'subscribing');
    assert.equal(reopened.retries, 0);
  });

  it('back-off grows exponentially with jitter, capped at 30 s', () => {
    assert.equal(backoffDelay(0, () => 1), 1000);
    assert.equal(backoffDelay(0, () => 0), 500);
    assert.equal(backoffDelay(3, () => 1), 8000);
    assert.equal(backoffDelay(10, () => 1), 30000);
  });
});
