/**
 * The identity platforms' waits (platform spec §4 "Other login paths") with hand-driven timers:
 * the adapter chunk loads only when the switch is on and the vendor's global is there; Gigya is
 * looked for after 1 s, stepping up to 60 s; Janrain every 100 ms, its handlers tried every
 * 500 ms and its stored token read every 1000 ms; logins and vendor logouts reach vf.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveSiteSettings, type SiteSettings } from '../../core/settings/site.ts';
import { startAdapter as startGigya } from '../../core/identity/gigya.ts';
import { startAdapter as startJanrain, JANRAIN_TOKEN_KEY } from '../../core/identity/janrain.ts';
import { IDENTITY_PROVIDERS, startIdentity, type IdentityContext, type IdentityWindow } from '../../core/identity/start.ts';
import { gigyaPollDelay } from '../../core/identity/waits.ts';
import type { ExternalLoginArgs } from '../../core/api/externalLogins.ts';
import type { SessionState } from '../../core/session/slice.ts';
import { manualTimers } from '../support/manualTimers.ts';

const settings = (over: Partial<SiteSettings>): SiteSettings => resolveSiteSettings(over);
const flush = () => new Promise((resolve) => setImmediate(resolve));

function fakeContext(win: IdentityWindow, refuse = false) {
  const timers = manualTimers();
  const calls = { logins: [] as ExternalLoginArgs[], logouts: 0 };
  let loggedIn = false;
  const context: IdentityContext = {
    window: win,
    timers,
    isLoggedIn: () => loggedIn,
    session: () => ({ user: null, settings: resolveSiteSettings({}) }) as unknown as SessionState,
    login: async (args) => {
      calls.logins.push(args);
      if (refuse) throw new Error('refused');
      loggedIn = true;
    },
    logout: async () => {
      calls.logouts++;
      loggedIn = false;
    },
  };
  return { context, timers, calls };
}

/** Gigya's SDK as far as the adapter uses it. */
function fakeGigya(signedIn: object | null) {
  const handlers: { onLogin?: (e: object) => void; onLogout?: () => void } = {};
  const session = { signedIn, asked: 0 };
  return {
    handlers,
    session,
    gigya: {
      accounts: {
        addEventHandlers: (h: typeof handlers) => Object.assign(handlers, h),
        getAccountInfo: ({ callback }: { callback: (r: object) => void }) => {
          session.asked++;
          callback(session.signedIn ? { errorCode: 0, ...session.signedIn } : { errorCode: 403005 });
        },
      },
    },
  };
}

const ADA = { UID: 'gigya-ada', UIDSignature: 'c2lnbmF0dXJl', signatureTimestamp: '1700000000' };

describe('identity platforms', () => {
  test('gigya poll: 1000 ms, stepping up to 60000 ms', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 12].map(gigyaPollDelay), [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  test('nothing is loaded while the switch is off, or before the vendor is on the page', async () => {
    const win: IdentityWindow = {};
    const { context, timers } = fakeContext(win);
    let loads = 0;
    const providers = IDENTITY_PROVIDERS.map((p) => ({ ...p, load: async () => (loads++, { startAdapter: () => () => undefined }) }));
    startIdentity(settings({}), context, providers);
    assert.equal(timers.pending(), 0, 'both switches off: no wait at all');
    const stop = startIdentity(settings({ authprovider_gigya_poll: true }), context, providers);
    for (const step of [999, 1, 2000, 4000, 8000, 16000, 32000, 60000]) timers.tick(step);
    assert.equal(loads, 0);
    win['gigya'] = fakeGigya(null).gigya;
    timers.tick(59_999);
    await flush();
    assert.equal(loads, 0, 'the next look is 60 s after the last');
    timers.tick(1);
    await flush();
    assert.equal(loads, 1);
    stop();
  });

  test('on a page without the vendors the 100 ms looks give up after a minute; Gigya keeps looking', () => {
    const { context, timers } = fakeContext({});
    const all = settings({
      authprovider_gigya_poll: true,
      authprovider_janrain_enabled: true,
      authprovider_backplane_v2_enabled: true,
      authprovider_loginradius_enabled: true,
      authprovider_loginradius_api_key: 'lr-key',
      authprovider_loginradius_app_name: 'lr-app',
    });
    const stop = startIdentity(all, context);
    assert.equal(timers.pending(), 4);
    for (let elapsed = 0; elapsed < 60_000; elapsed += 100) timers.tick(100);
    assert.equal(timers.pending(), 1, 'only Gigya still looks after a minute');
    for (let elapsed = 0; elapsed < 600_000; elapsed += 60_000) timers.tick(60_000);
    assert.equal(timers.pending(), 1, 'Gigya looks every 60 s for as long as the page lives');
    stop();
    assert.equal(timers.pending(), 0);
  });

  test('janrain ready: looked for every 100 ms', async () => {
    const win: IdentityWindow = { janrain: { ready: false } };
    const { context, timers } = fakeContext(win);
    let loads = 0;
    const providers = IDENTITY_PROVIDERS.map((p) => ({ ...p, load: async () => (loads++, { startAdapter: () => () => undefined }) }));
    const stop = startIdentity(settings({ authprovider_janrain_enabled: true }), context, providers);
    timers.tick(100);
    win['janrain'].ready = true;
    timers.tick(99);
    await flush();
    assert.equal(loads, 0);
    timers.tick(1);
    await flush();
    assert.equal(loads, 1);
    stop();
    assert.equal(timers.pending(), 0);
  });

  test("gigya: the page's signed-in reader, later logins, and the vendor's logout", async () => {
    const vendor = fakeGigya(ADA);
    const { context, calls } = fakeContext({ gigya: vendor.gigya });
    startGigya(context);
    await flush();
    assert.deepEqual(calls.logins, [{ type: 'gigya', fields: { uid: 'gigya-ada', uid_signature: 'c2lnbmF0dXJl', uid_timestamp: '1700000000' } }]);
    vendor.handlers.onLogin!({ ...ADA }); // the same reader again: nothing to do
    assert.equal(calls.logins.length, 1);
    vendor.handlers.onLogout!();
    await flush();
    assert.equal(calls.logouts, 1);
    vendor.handlers.onLogin!({ user: { UID: 'gigya-grace', UIDSignature: 'eA==', signatureTimestamp: 1700000001 } });
    assert.deepEqual(calls.logins[1]!.fields, { uid: 'gigya-grace', uid_signature: 'eA==', uid_timestamp: '1700000001' });
  });

  test("gigya: the session is polled at 1 s stepping up to 60 s; one that ended without an event logs vf out", async () => {
    const vendor = fakeGigya(ADA);
    const { context, timers, calls } = fakeContext({ gigya: vendor.gigya });
    const stop = startGigya(context);
    await flush();
    assert.equal(calls.logins.length, 1);
    const askedAt: number[] = [];
    let elapsed = 0;
    while (elapsed < 200_000) {
      const before = vendor.session.asked;
      timers.tick(1000);
      elapsed += 1000;
      if (vendor.session.asked > before) askedAt.push(elapsed);
    }
    assert.deepEqual(askedAt.slice(0, 8), [1000, 3000, 7000, 15000, 31000, 63000, 123000, 183000]);
    assert.equal(calls.logins.length, 1, 'the same reader is not signed in again');
    vendor.session.signedIn = null; // signed out in another tab: no event here
    timers.tick(60_000);
    await flush();
    assert.equal(calls.logouts, 1);
    stop();
    assert.equal(timers.pending(), 0);
  });

  test('janrain: handlers tried every 500 ms, the token read every 1000 ms', async () => {
    const storage = new Map<string, string>();
    const handlers: Record<string, (r?: object) => void> = {};
    const janrain: Record<string, any> = { ready: true };
    const win: IdentityWindow = { janrain, localStorage: { getItem: (k: string) => storage.get(k) ?? null } };
    const { context, timers, calls } = fakeContext(win);
    const stop = startJanrain(context);
    timers.tick(500);
    janrain['events'] = {
      onProviderLoginToken: { addHandler: (fn: (r?: object) => void) => (handlers['token'] = fn) },
      onCaptureSessionEnded: { addHandler: (fn: () => void) => (handlers['ended'] = fn) },
    };
    timers.tick(499);
    assert.equal(handlers['token'], undefined, 'not before the next 500 ms');
    timers.tick(1);
    assert.equal(typeof handlers['token'], 'function');
    handlers['token']!({ token: 'tok-1' });
    await flush();
    assert.deepEqual(calls.logins, [{ type: 'janrain', token: 'tok-1' }]);
    // The widget keeps the token; vf signed in with it: the poll leaves it be.
    storage.set(JANRAIN_TOKEN_KEY, 'tok-1');
    timers.tick(1000);
    assert.equal(calls.logins.length, 1);
    // Signed out on Janrain's side: the token is gone, vf logs out at the next read.
    storage.delete(JANRAIN_TOKEN_KEY);
    timers.tick(999);
    assert.equal(calls.logouts, 0);
    timers.tick(1);
    await flush();
    assert.equal(calls.logouts, 1);
    // A token that appears while the reader is a guest signs them in.
    storage.set(JANRAIN_TOKEN_KEY, 'tok-2');
    timers.tick(1000);
    await flush();
    assert.deepEqual(calls.logins[1], { type: 'janrain', token: 'tok-2' });
    handlers['ended']!();
    await flush();
    assert.equal(calls.logouts, 2);
    stop();
    assert.equal(timers.pending(), 0);
  });

  test('janrain: a refused token is tried once', async () => {
    const storage = new Map([[JANRAIN_TOKEN_KEY, 'bad']]);
    const janrain = { ready: true, events: { onProviderLoginToken: { addHandler: () => undefined } } };
    const { context, timers, calls } = fakeContext({ janrain, localStorage: { getItem: (k: string) => storage.get(k) ?? null } }, true);
    const stop = startJanrain(context);
    await flush();
    for (let i = 0; i < 3; i++) {
      timers.tick(1000);
      await flush();
    }
    assert.equal(calls.logins.length, 1);
    stop();
  });
});
