import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runQuery, type BaseQueryContext } from '../../core/api/baseQuery.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { installLocalStorage } from './helpers/memoryStorage.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';

const SITE = '11111111-2222-4333-8444-555555555555';
const SESSION = 'abcdefghijklmnop1234';
const storage = installLocalStorage();
let server: TestServer;
let dispatched: Array<{ type: string }>;
let loggedInUser: unknown;

const api: BaseQueryContext = {
  getState: () => ({ session: { sectionUuid: SITE, user: loggedInUser } }),
  dispatch: (action) => dispatched.push(action as { type: string }),
};

before(async () => {
  server = await startServer();
  configure({ origin: server.origin });
});
after(async () => {
  await server.close();
  resetConfig();
});
beforeEach(() => {
  storage.clear();
  server.requests.length = 0;
  dispatched = [];
  loggedInUser = { uuid: 'u1' };
  delete (globalThis as { location?: unknown }).location;
});

describe('base query', () => {
  it('unwraps result and adds session and section to GET query strings', async () => {
    storage.setItem('vf.session', SESSION);
    server.handle(() => ({ json: { result: { hello: 'world' } } }));
    const out = await runQuery({ url: 'users/current', params: { x: 1 } }, api);
    assert.deepEqual(out, { data: { hello: 'world' } });
    const req = server.requests[0]!;
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/api/v2/users/current');
    assert.equal(req.query.get('session'), SESSION);
    assert.equal(req.query.get('section'), SITE);
    assert.equal(req.query.get('x'), '1');
  });

  it('adds session and section to JSON bodies and uses the comments base', async () => {
    server.handle(() => ({ json: { result: { ok: true } } }));
    await runQuery({ service: 'comments', url: `${SITE}/c/comments`, method: 'POST', body: { content: 'hi' } }, api);
    const req = server.requests[0]!;
    assert.equal(req.path, `/api/comments/${SITE}/c/comments`);
    assert.deepEqual(req.body, { content: 'hi', session: '', section: SITE });
    assert.match(String(req.headers['content-type']), /application\/json/);
  });

  it('uses the chat base; a DELETE that names what it removes sends it as a JSON body', async () => {
    server.handle(() => ({ json: { result: { ok: true } } }));
    await runQuery({ service: 'chat', url: `${SITE}/c/settings/edit`, method: 'DELETE', body: { slow_mode_seconds: 0 } }, api);
    await runQuery({ service: 'chat', url: `${SITE}/c/messages/m/like`, method: 'DELETE' }, api);
    const [reset, unlike] = server.requests;
    assert.equal(reset!.path, `/api/chat/${SITE}/c/settings/edit`);
    assert.equal(reset!.method, 'DELETE');
    assert.deepEqual(reset!.body, { slow_mode_seconds: 0, session: '', section: SITE });
    assert.equal(reset!.query.has('slow_mode_seconds'), false);
    assert.equal(unlike!.query.get('section'), SITE, 'without a body: the common fields in the query as before');
  });

  it('drops the section on /users/<digits> pages', async () => {
    (globalThis as { location?: unknown }).location = { pathname: '/users/123' };
    await runQuery({ url: 'users/current' }, api);
    assert.equal(server.requests[0]!.query.has('section'), false);
  });

  it('sends PATCH as POST with a verb field', async () => {
    await runQuery({ url: 'users/5', method: 'PATCH', body: { name: 'N' } }, api);
    const req = server.requests[0]!;
    assert.equal(req.method, 'POST');
    assert.deepEqual(req.body, { name: 'N', session: '', section: SITE, verb: 'PATCH' });
  });

  it('sends the stored access token as a bearer header', async () => {
    storage.setItem('vf.access_token', 'ACCESS');
    await runQuery({ url: 'users/current' }, api);
    assert.equal(server.requests[0]!.headers.authorization, 'Bearer ACCESS');
    storage.clear();
    await runQuery({ url: 'users/current' }, api);
    assert.equal(server.requests[1]!.headers.authorization, undefined);
  });

  it('stores session, access_token and refresh_token from a response', async () => {
    server.handle(() => ({ json: { result: { user: {}, session: SESSION, access_token: 'A1', refresh_token: 'R1' } } }));
    await runQuery({ url: 'users/login', method: 'POST', body: {} }, api);
    assert.equal(storage.getItem('vf.session'), SESSION);
    assert.equal(storage.getItem('vf.access_token'), 'A1');
    assert.equal(storage.getItem('vf.refresh_token'), 'R1');
  });

  it('on 401 refreshes once with the refresh token, then retries once', async () => {
    storage.setItem('vf.access_token', 'OLD');
    storage.setItem('vf.refresh_token', 'R1');
    server.handle((req) => {
      if (req.path.endsWith('/users/refreshusertoken')) {
        return { json: { result: { user: {}, session: SESSION, access_token: 'NEW', refresh_token: 'R2' } } };
      }
      return req.headers.authorization === 'Bearer NEW'
        ? { json: { result: { fine: true } } }
        : { status: 401, json: { error_status: 401, message: 'unauthorized' } };
    });
    const [a, b] = await Promise.all([
      runQuery({ url: 'users/current' }, api),
      runQuery({ service: 'comments', url: `${SITE}/c/comments`, method: 'POST', body: { content: 'x' } }, api),
    ]);
    assert.deepEqual(a, { data: { fine: true } });
    assert.deepEqual(b, { data: { fine: true } });
    const refreshes = server.requests.filter((r) => r.path.endsWith('/users/refreshusertoken'));
    assert.equal(refreshes.length, 1, 'concurrent 401s share one refresh');
    assert.equal(refreshes[0]!.headers.authorization, 'Bearer R1');
    assert.equal(server.requests.length, 5); // 2 failures, 1 refresh, 2 retries
    assert.equal(storage.getItem('vf.refresh_token'), 'R2');
    // Not signed out: the refreshed user record goes to the store.
    assert.deepEqual(dispatched, [{ type: 'session/userUpdated', payload: {} }]);
  });

  it('retries only once: a second 401 is returned as the error', async () => {
    storage.setItem('vf.refresh_token', 'R1');
    server.handle((req) =>
      req.path.endsWith('/users/refreshusertoken')
        ? { json: { result: { access_token: 'NEW', refresh_token: 'R2' } } }
        : { status: 401, json: { message: 'still no' } },
    );
    const out = await runQuery({ url: 'users/current' }, api);
    assert.deepEqual(out, { error: { error_status: 401, message: 'still no', data: { message: 'still no' } } });
    assert.equal(server.requests.length, 3);
  });

  it('signs out when the refresh itself gets 401', async () => {
    storage.setItem('vf.access_token', 'OLD');
    storage.setItem('vf.refresh_token', 'REVOKED');
    server.handle(() => ({ status: 401, json: { error_status: 401, message: 'unauthorized' } }));
    const out = await runQuery({ url: 'users/current' }, api);
    assert.ok('error' in out && out.error.error_status === 401);
    assert.equal(server.requests.length, 2, 'the request and one refresh, no retry');
    assert.equal(storage.getItem('vf.access_token'), null);
    assert.equal(storage.getItem('vf.refresh_token'), null);
    assert.deepEqual(dispatched.map((a) => a.type), ['session/loggedOut']);
  });

  it('never refreshes for login, signup or refresh calls', async () => {
    storage.setItem('vf.refresh_token', 'R1');
    server.handle(() => ({ status: 401, json: { message: 'Incorrect email or password' } }));
    const login = await runQuery({ url: 'users/login', method: 'POST', body: {} }, api);
    await runQuery({ url: 'users', method: 'POST', body: {} }, api);
    assert.ok('error' in login && login.error.message === 'Incorrect email or password');
    assert.equal(server.requests.length, 2);
    assert.equal(storage.getItem('vf.refresh_token'), 'R1');
  });

  it("normalises a network failure to error_status 0, 'error fetching'", async () => {
    configure({ apiBase: 'http://127.0.0.1:1/api/v2' });
    try {
      const out = await runQuery({ url: 'users/current' }, api);
      assert.ok('error' in out);
      assert.equal(out.error.error_status, 0);
      assert.equal(out.error.message, 'error fetching');
    } finally {
      configure({ apiBase: `${server.origin}/api/v2` });
    }
  });

  it('tolerates a localStorage that throws', async () => {
    const throwing = {
      getItem() { throw new Error('denied'); },
      setItem() { throw new Error('denied'); },
      removeItem() { throw new Error('denied'); },
    };
    Object.defineProperty(globalThis, 'localStorage', { value: throwing, configurable: true });
    try {
      server.handle(() => ({ json: { result: { session: SESSION, access_token: 'A' } } }));
      const out = await runQuery({ url: 'users/current' }, api);
      assert.ok('data' in out);
      assert.equal(server.requests[0]!.query.get('session'), '');
    } finally {
      installLocalStorage(storage);
    }
  });
});
