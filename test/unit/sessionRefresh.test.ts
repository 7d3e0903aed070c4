/**
 * Session upkeep against the real server (test/support/serve.mjs): the 270000 ms refresh for a
 * signed-in reader, guests only rescheduling, a refused refresh signing out, and logout's
 * success and `Logout failed`. Timers are driven by hand.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AuthResult } from '../../core/api/types.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { createEventBus } from '../../core/global-api/events.ts';
import { setPublisher } from '../../core/global-api/bus.ts';
import { keepSessionFresh, SESSION_REFRESH_MS } from '../../core/session/refresh.ts';
import { loggedIn } from '../../core/session/slice.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, writeTokens } from '../../core/session/storage.ts';
import { createAppStore } from '../../core/store/index.ts';
import { usersApi } from '../../core/api/users.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { callApi } from '../support/callApi.ts';
import { manualTimers } from '../support/manualTimers.ts';
import { freePort, startServer } from '../support/serve.mjs';
import { installLocalStorage } from './helpers/memoryStorage.ts';

const storage = installLocalStorage();
let server: Awaited<ReturnType<typeof startServer>>;
let counter = 0;

/** A new account on the demo site, logged in; its tokens stored as the client stores them. */
async function signedIn(): Promise<AuthResult> {
  const email = `reader${++counter}-${Date.now()}@example.test`;
  const password = 'correct horse battery';
  await callApi(server.origin, 'POST', '/api/v2/users', { name: `Reader ${counter}`, email, password, section: DEMO_SITE.uuid });
  const auth = await callApi<AuthResult>(server.origin, 'POST', '/api/v2/users/login', { email, password, section: DEMO_SITE.uuid });
  writeTokens(auth);
  return auth;
}

function storeWith(auth: AuthResult | null) {
  const store = createAppStore();
  if (auth) store.dispatch(loggedIn(auth));
  return store;
}

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
  resetConfig();
});
beforeEach(() => {
  storage.clear();
  configure({ origin: server.origin });
});

describe('session refresh timer', () => {
  it('refreshes a signed-in reader every 270000 ms with new tokens', async () => {
    const auth = await signedIn();
    const store = storeWith(auth);
    const timers = manualTimers();
    const keeper = keepSessionFresh(store, timers);
    timers.tick(SESSION_REFRESH_MS - 1);
    await keeper.settled();
    assert.equal(storage.getItem(REFRESH_TOKEN_KEY), auth.refresh_token, 'nothing before 270000 ms');
    timers.tick(1);
    await keeper.settled();
    const first = storage.getItem(REFRESH_TOKEN_KEY);
    assert.notEqual(first, auth.refresh_token);
    // The new access token is valid for the same session (it may equal the old one within a second).
    const current = await callApi<{ uuid: string }>(server.origin, 'GET', '/api/v2/users/current', undefined, storage.getItem(ACCESS_TOKEN_KEY)!);
    assert.equal(current.uuid, auth.user.uuid);
    assert.equal(store.getState().session.user?.uuid, auth.user.uuid);
    // And again 270000 ms later, with the rotated token.
    timers.tick(SESSION_REFRESH_MS);
    await keeper.settled();
    assert.notEqual(storage.getItem(REFRESH_TOKEN_KEY), first);
    assert.equal(timers.pending(), 1);
    keeper.stop();
    assert.equal(timers.pending(), 0);
  });

  it('for a guest only reschedules', async () => {
    const store = storeWith(null);
    writeTokens({ refresh_token: 'left-over' });
    const timers = manualTimers();
    const keeper = keepSessionFresh(store, timers);
    timers.tick(SESSION_REFRESH_MS);
    await keeper.settled();
    assert.equal(storage.getItem(REFRESH_TOKEN_KEY), 'left-over');
    assert.equal(timers.pending(), 1);
    keeper.stop();
  });

  it('a refused refresh (the session was revoked) removes the stored tokens and signs out', async () => {
    const auth = await signedIn();
    const store = storeWith(auth);
    await callApi(server.origin, 'DELETE', '/api/v2/users/logout', {}, auth.access_token);
    const timers = manualTimers();
    const keeper = keepSessionFresh(store, timers);
    timers.tick(SESSION_REFRESH_MS);
    await keeper.settled();
    assert.equal(storage.getItem(ACCESS_TOKEN_KEY), null);
    assert.equal(storage.getItem(REFRESH_TOKEN_KEY), null);
    assert.equal(store.getState().session.user, null);
    keeper.stop();
  });
});

describe('logout', () => {
  const events: string[] = [];
  beforeEach(() => {
    events.length = 0;
    const bus = createEventBus();
    for (const name of ['logout', 'logout_failure']) bus.$subscribe('authentication', name, () => events.push(name));
    setPublisher(bus.$publish);
  });
  after(() => setPublisher(null));

  it('revokes the session, removes the tokens and publishes logout', async () => {
    const auth = await signedIn();
    const store = storeWith(auth);
    await store.dispatch(usersApi.endpoints.logout.initiate()).unwrap();
    assert.deepEqual(events, ['logout']);
    assert.equal(storage.getItem(REFRESH_TOKEN_KEY), null);
    assert.equal(store.getState().session.user, null);
    const refused = await fetch(`${server.origin}/api/v2/users/refreshusertoken`, { headers: { authorization: `Bearer ${auth.refresh_token}` } });
    assert.equal(refused.status, 401);
  });

  it('when the server cannot be reached, publishes logout_failure and rejects with Logout failed', async () => {
    const auth = await signedIn();
    const store = storeWith(auth);
    configure({ origin: `http://127.0.0.1:${await freePort()}` });
    await assert.rejects(store.dispatch(usersApi.endpoints.logout.initiate()).unwrap(), { message: 'Logout failed' });
    assert.deepEqual(events, ['logout_failure']);
    assert.equal(store.getState().session.user?.uuid, auth.user.uuid, 'still logged in');
    assert.equal(storage.getItem(REFRESH_TOKEN_KEY), auth.refresh_token);
  });
});
