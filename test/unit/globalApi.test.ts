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

  it('$once hears the next event only', () => {
    const bus = createEventBus();
    const seen: unknown[] = [];
    bus.$once('tray', 'open', (payload) => seen.push(payload));
    bus.$publish('tray', 'open', 1);
    bus.$publish('tray', 'open', 2);
    assert.deepEqual(seen, [1]);
  });

  it('$prepublish middleware runs before subscribers, may replace the payload, and false swallows the event', () => {
    const bus = createEventBus();
    const order: string[] = [];
    const seen: unknown[] = [];
    bus.$subscribe('comments', 'posted', (payload) => {
      order.push('subscriber');
      seen.push(payload);
    });
    bus.$prepublish('comments', 'posted', (payload) => {
      order.push('middleware');
      return (payload as { n: number }).n === 0 ? false : { n: (payload as { n: number }).n * 10 };
    });
    bus.$publish('comments', 'posted', { n: 1 });
    bus.$publish('comments', 'posted', { n: 0 });
    assert.deepEqual(order, ['middleware', 'subscriber', 'middleware']);
    assert.deepEqual(seen, [{ n: 10 }]);
  });

  it('a middleware returning nothing leaves the payload as it was', () => {
    const bus = createEventBus();
    const seen: unknown[] = [];
    bus.$prepublish('c', 'n', () => undefined);
    bus.$subscribe('c', 'n', (payload) => seen.push(payload));
    bus.$publish('c', 'n', 'same');
    assert.deepEqual(seen, ['same']);
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

  it('holds exactly the spec fields, and data_count maps the source counts (missing read 0)', () => {
    const source = {
      ...user({}),
      content_created: 7, likes_received: 5, likes_created: 3, dislikes_created: 2, is_muted: true,
    } as unknown as Parameters<typeof toUserContext>[0];
    const context = toUserContext(source);
    assert.deepEqual(Object.keys(context).filter((key) => key !== 'data_count').sort(), [
      'anonymous', 'avatar_moderation_status', 'badge_trusted', 'ban_level', 'custom_badges', 'date_created', 'email',
      'email_notice_frequency', 'email_pending', 'email_verification_status', 'id', 'name', 'pic_large',
      'pic_large_pending', 'pic_small', 'pic_small_pending', 'processing_status', 'social_login_id',
      'social_login_provider', 'subscriber_count', 'type', 'user_privilege', 'username_moderation_status', 'uuid',
    ]);
    assert.deepEqual(context.data_count(), {
      comments_made: 7, likes_received: 5, likes_made: 3, dislikes_made: 2, dislikes_received: 0,
    });
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

  it('queues again after the unready signal, until the next ready', () => {
    const win: { vfQ?: unknown } = {};
    const order: string[] = [];
    const queue = createReadyQueue(win);
    queue.signal();
    queue.unsignal();
    queue.$ready(() => order.push('r'));
    (win.vfQ as { push(fn: () => void): void }).push(() => order.push('q'));
    assert.deepEqual(order, []);
    queue.signal();
    assert.deepEqual(order, ['r', 'q']);
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
