import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createEventBus } from '../../core/global-api/events.ts';
import { createContextStore } from '../../core/global-api/context.ts';
import { toUserContext } from '../../core/global-api/userContext.ts';
import { createReadyQueue } from '../../core/loader/ready.ts';
import { user } from './helpers/fixtures.ts';

describe('event bus', () => {
  it('delivers published payloads to subscribers until they unsubscribe', () => {
    const bus = createEventBus();
    const seen: unknown[] = [];
    const fn = (payload: unknown) => seen.push(payload);
    bus.$subscribe('authentication', 'login', fn);
    bus.$publish('authentication', 'login', { is_new: false });
    bus.$unsubscribe('authentication', 'login', fn);
    bus.$publish('authentication', 'login', 'later');
    assert.deepEqual(seen, [{ is_new: false }]);
  });

  it("warns 'invalid event name' and ignores bad names", () => {
    const warn = mock.method(console, 'warn', () => {});
    try {
      const bus = createEventBus();
      const fn = mock.fn();
      for (const [channel, name] of [['', 'x'], ['Auth', 'login'], ['a b', 'x'], ['a', 'x.y'], ['a', '']]) {
        bus.$subscribe(channel!, name!, fn);
        bus.$publish(channel!, name!, 1);
      }
      assert.equal(fn.mock.callCount(), 0);
      assert.ok(warn.mock.calls.length >= 10);
      assert.equal(warn.mock.calls[0]!.arguments[0], 'invalid event name');
    } finally {
      warn.mock.restore();
    }
  });

  it('a throwing subscriber does not stop the others', () => {
    const error = mock.method(console, 'error', () => {});
    try {
      const bus = createEventBus();
      const second = mock.fn();
      bus.$subscribe('c', 'n', () => {
        throw new Error('site bug');
      });
      bus.$subscribe('c', 'n', second);
      bus.$publish('c', 'n');
      assert.equal(second.mock.callCount(), 1);
    } finally {
      error.mock.restore();
    }
  });
});

describe('contexts', () => {
  it('get resolves once the context is set', async () => {
    const contexts = createContextStore();
    const pending = contexts.get('user');
    contexts.set('user', { id: 1 });
    assert.deepEqual(await pending, { id: 1 });
    assert.deepEqual(await contexts.get('user'), { id: 1 });
  });

  it('rejects an unknown key with the spec message', async () => {
    await assert.rejects(createContextStore().get('cart'), {
      message: 'Invalid context key, cart, specified. Valid contexts are: user, page, notifications',
    });
  });

  it('the user context is all null for a guest, with data_count zeros', () => {
    const guest = toUserContext(null);
    assert.equal(guest.id, null);
    assert.equal(guest.name, null);
    assert.deepEqual(guest.data_count(), { comments_made: 0, likes_received: 0, likes_made: 0, dislikes_made: 0, dislikes_received: 0 });
    const reader = toUserContext(user({ comments_made: 4 }));
    assert.equal(reader.name, 'Reader');
    assert.equal(reader.data_count().comments_made, 4);
  });
});

describe('$ready and vfQ', () => {
  it('queues callbacks until ready, then runs them at once', () => {
    const win: { vfQ?: unknown } = {};
    const order: string[] = [];
    win.vfQ = [() => order.push('q1')];
    const queue = createReadyQueue(win);
    queue.$ready(() => order.push('r1'));
    assert.equal(order.length, 0);
    queue.signal();
    assert.deepEqual(order, ['r1', 'q1']);
    queue.$ready(() => order.push('r2'));
    (win.vfQ as { push(fn: () => void): void }).push(() => order.push('q2'));
    assert.deepEqual(order, ['r1', 'q1', 'r2', 'q2']);
  });

  it('accepts only functions', () => {
    const warn = mock.method(console, 'warn', () => {});
    try {
      const queue = createReadyQueue({});
      queue.$ready('not a function');
      queue.signal();
      assert.equal(warn.mock.callCount(), 1);
    } finally {
      warn.mock.restore();
    }
  });
});
