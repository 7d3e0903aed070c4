/**
 * The identity adapters' waits and rules (core/identity/, spec platform.md §4) with manual time:
 * a provider loads only when its switch is on and the vendor is on the page (looked for every
 * 100 ms); Backplane subscribes once it has a channel; one backplane login at a time; the
 * user.login permission decides; the vendor's logout signs the reader out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startAdapter as startBackplane, type BackplaneMessage } from '../../core/identity/backplane.ts';
import { startAdapter as startLoginRadius } from '../../core/identity/loginradius.ts';
import { type IdentityContext, type IdentityProvider, startIdentity } from '../../core/identity/start.ts';
import { READY_POLL_MS, READY_TRIES, readyPollDelay } from '../../core/identity/waits.ts';
import { resolveSiteSettings, type SiteSettings } from '../../core/settings/site.ts';
import type { SessionState } from '../../core/session/slice.ts';
import { manualTimers } from '../support/manualTimers.ts';

const GUEST = null;
const READER = { uuid: '0f9c2a52-8d2e-4f8f-9a51-3c1e6f1e2b11', id: 7, user_privilege: 'user' };

function context(win: Record<string, unknown>, settings: Record<string, unknown> = {}, user: unknown = GUEST) {
  const timers = manualTimers();
  const calls: unknown[][] = [];
  let finishLogin: (() => void) | null = null;
  const ctx: IdentityContext = {
    window: win,
    timers,
    isLoggedIn: () => user !== GUEST,
    session: () => ({ user, settings: resolveSiteSettings(settings) }) as unknown as SessionState,
    login: ({ type, ...args }) => {
      calls.push(['login', type, args]);
      return new Promise<void>((resolve) => (finishLogin = resolve));
    },
    logout: async () => calls.push(['logout']),
  };
  return { ctx, timers, calls, finish: () => finishLogin?.() };
}

const SETTINGS: SiteSettings = resolveSiteSettings({});
const flush = () => new Promise((resolve) => setImmediate(resolve));

function fakeBackplane(channel: string | null) {
  const subscribers: ((m: BackplaneMessage) => void)[] = [];
  const client = {
    channel,
    getChannelID: () => client.channel,
    subscribe: (fn: (m: BackplaneMessage) => void) => subscribers.push(fn),
    unsubscribe: () => subscribers.splice(0),
    send: (m: BackplaneMessage) => subscribers.forEach((fn) => fn(m)),
    subscribers,
  };
  return client;
}

describe('identity start', () => {
  it('loads a provider only with its switch on, once its vendor appears (every 100 ms)', async () => {
    const win: Record<string, unknown> = {};
    const loaded: string[] = [];
    const rows: IdentityProvider[] = ['on', 'off'].map((name) => ({
      name,
      enabled: () => name === 'on',
      present: (w) => name in w,
      wait: readyPollDelay,
      load: async () => ({ startAdapter: () => (loaded.push(name), () => undefined) }),
    }));
    const { ctx, timers } = context(win);
    startIdentity(SETTINGS, ctx, rows);
    timers.tick(READY_POLL_MS * 3);
    await flush();
    assert.deepEqual(loaded, []);
    win['on'] = {};
    win['off'] = {};
    timers.tick(READY_POLL_MS - 1);
    await flush();
    assert.deepEqual(loaded, []);
    timers.tick(1);
    await flush();
    assert.deepEqual(loaded, ['on']);
    assert.equal(READY_POLL_MS, 100);
  });

  it('stops looking after a minute, or when stopped', async () => {
    const row: IdentityProvider = { name: 'late', enabled: () => true, present: () => false, wait: readyPollDelay, load: async () => ({ startAdapter: () => () => undefined }) };
    const { ctx, timers } = context({});
    startIdentity(SETTINGS, ctx, [row]);
    for (let i = 2; i < READY_TRIES; i++) timers.tick(READY_POLL_MS);
    assert.equal(timers.pending(), 1); // still looking just before the minute is up
    timers.tick(READY_POLL_MS);
    assert.equal(timers.pending(), 0);
    const second = context({});
    const stop = startIdentity(SETTINGS, second.ctx, [row]);
    assert.equal(second.timers.pending(), 1);
    stop();
    assert.equal(second.timers.pending(), 0);
  });
});

describe('Backplane adapter', () => {
  it('subscribes when the channel is ready (100 ms polls) and logs in by channel and message id', async () => {
    const bp = fakeBackplane(null);
    const { ctx, timers, calls } = context({ Backplane: bp });
    startBackplane(ctx);
    timers.tick(100);
    assert.equal(bp.subscribers.length, 0);
    bp.channel = 'chan-1';
    timers.tick(100);
    assert.equal(bp.subscribers.length, 1);
    bp.send({ type: 'identity/login', messageURL: 'http://bus.test/v2/message/abc123', channel: 'chan-1' });
    assert.deepEqual(calls, [['login', 'backplane', { fields: { messageChannel: 'chan-1', messageid: 'abc123' } }]]);
  });

  it('processes one backplane login at a time: a second message while one runs is dropped', async () => {
    const bp = fakeBackplane('chan-1');
    const { ctx, calls, finish } = context({ Backplane: bp });
    startBackplane(ctx);
    bp.send({ type: 'identity/login', messageURL: 'http://bus.test/v2/message/first' });
    bp.send({ type: 'identity/login', messageURL: 'http://bus.test/v2/message/second' });
    assert.equal(calls.length, 1);
    finish();
    await flush();
    bp.send({ type: 'identity/login', messageURL: 'http://bus.test/v2/message/third' });
    assert.deepEqual(calls.map((c) => (c[2] as { fields: { messageid: string } }).fields.messageid), ['first', 'third']);
  });

  it('the login permission decides: not when signed in already, nor with widget logins off; other types are ignored', () => {
    for (const [settings, user] of [[{}, READER], [{ disable_widget_logins: true }, GUEST]] as const) {
      const bp = fakeBackplane('chan-1');
      const { ctx, calls } = context({ Backplane: bp }, settings, user);
      startBackplane(ctx);
      bp.send({ type: 'identity/login', messageURL: 'http://bus.test/v2/message/m' });
      assert.deepEqual(calls, []);
    }
    const bp = fakeBackplane('chan-1');
    const { ctx, calls } = context({ Backplane: bp });
    startBackplane(ctx);
    bp.send({ type: 'identity/ack', messageURL: 'http://bus.test/v2/message/m' });
    assert.deepEqual(calls, []);
  });

  it('identity/logout signs the reader out; v1.2 frames log in by id; stop unsubscribes', () => {
    const bp = fakeBackplane('chan-1');
    const { ctx, calls } = context({ Backplane: bp });
    const stop = startBackplane(ctx);
    bp.send({ type: 'identity/logout' });
    bp.send({ type: 'identity/login', id: 'v12-id' });
    assert.deepEqual(calls, [['logout'], ['login', 'backplane_v1_2', { fields: { backplane_id: 'v12-id' } }]]);
    stop();
    assert.equal(bp.subscribers.length, 0);
  });
});

describe('LoginRadius adapter', () => {
  it("logs in with the access token LoginRadius's successCallback gives, and out on its logoutCallback", () => {
    const hooks = new Map<string, (data: unknown) => void>();
    const { ctx, calls } = context({ LRObject: { $hooks: { register: (name: string, fn: (data: unknown) => void) => hooks.set(name, fn) } } });
    const stop = startLoginRadius(ctx);
    hooks.get('successCallback')!({ access_token: 'lr-token' });
    hooks.get('successCallback')!({});
    hooks.get('logoutCallback')!(null);
    assert.deepEqual(calls, [['login', 'loginradius', { token: 'lr-token' }], ['logout']]);
    stop();
    hooks.get('successCallback')!({ access_token: 'later' });
    assert.equal(calls.length, 2);
  });
});
