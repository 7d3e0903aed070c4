/**
 * Publisher single sign-on (docs/login.md) against a real OpenID provider on loopback
 * (oidc-provider) and a publisher's user-info endpoint: id-token, JWT and cookie logins, the
 * social popup flow, the admin configuration, and the refusals the spec names.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { BootstrapResult } from '../../core/api/types.ts';
import { pkceChallenge, randomToken } from '../../server/auth/oidc.ts';
import { DEMO_ACCOUNTS, seed } from '../../server/demo/index.ts';
import { accountClaims, signInAt, startProvider, type TestProvider } from '../support/oidcProvider.ts';
import { bearer, build, resultOf, SITE } from './helpers.ts';

const NOT_ENABLED = 'This login method is not currently enabled on this site';
const SITE_CLIENT = { client_id: 'vf-site', client_secret: 'vf-site-secret' };
const OTHER_CLIENT = { client_id: 'other-app', client_secret: 'other-app-secret' };
const DIRECT_REDIRECT = 'http://127.0.0.1/id-token-callback';
/** Where app.inject's requests appear to come from (its default Host). */
const API = 'http://localhost:80/api/v2';
const SECRET = 'a-shared-secret-of-at-least-32-characters';

let provider: TestProvider;
let userinfo: { url: string; close(): void };

before(async () => {
  const redirect_uris = [DIRECT_REDIRECT, `${API}/thirdparty/google/callback`, `${API}/thirdparty/windowslive/callback`];
  provider = await startProvider([
    { ...SITE_CLIENT, redirect_uris },
    { ...OTHER_CLIENT, redirect_uris: [DIRECT_REDIRECT] },
  ]);
  // A publisher's user-info endpoint: knows one session cookie.
  const server = createServer((request, response) => {
    const known = request.headers.cookie === 'pub_session=s3ss10n';
    response.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(known ? { uid: 4242, display_name: 'Pat Publisher', email: 'pat@publisher.test', photo: 'https://publisher.test/pat.png' } : { error: 'unknown' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  userinfo = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/me`, close: () => server.close() };
});

after(async () => {
  await provider.close();
  userinfo.close();
});

async function tokenOf(app: FastifyInstance, privilege: 'admin' | 'mod'): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.user_privilege === privilege)!;
  return resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: account.email, password: account.password, section: SITE } })).access_token;
}

async function configure(app: FastifyInstance, method: string, config: object) {
  return app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/${method}`, headers: bearer(await tokenOf(app, 'admin')), payload: config });
}

const login = (app: FastifyInstance, path: string, payload: object) => app.inject({ method: 'POST', url: `/api/v2/users/${path}`, payload: { section: SITE, ...payload } });

/** A real id token from the provider, by the authorization-code flow (PKCE). */
async function idToken(client = SITE_CLIENT, account = 'alice', nonce = 'nonce-1'): Promise<string> {
  const verifier = randomToken();
  const auth = new URL(`${provider.issuer}/auth`);
  const params = { client_id: client.client_id, response_type: 'code', scope: 'openid email profile', redirect_uri: DIRECT_REDIRECT, state: 's', nonce, code_challenge: pkceChallenge(verifier), code_challenge_method: 'S256' };
  for (const [k, v] of Object.entries(params)) auth.searchParams.set(k, v);
  const back = await signInAt(auth.toString(), account);
  const code = back.searchParams.get('code');
  assert.ok(code, `no code in ${back}`);
  const response = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: DIRECT_REDIRECT, code_verifier: verifier }).toString(),
  });
  const body = (await response.json()) as { id_token?: string };
  assert.ok(body.id_token, JSON.stringify(body));
  return body.id_token;
}

function errorOf(response: { statusCode: number; json(): unknown }) {
  return { status: response.statusCode, ...(response.json() as { message: string; api_code?: number; field?: string }) };
}

describe('login configuration', () => {
  test('only an admin of the site configures logins; secrets are never read back', async (t) => {
    const app = await build(t);
    const url = `/api/v2/sites/${SITE}/logins/jwt`;
    assert.equal((await app.inject({ method: 'PUT', url, payload: { secret: SECRET } })).statusCode, 401);
    assert.equal((await app.inject({ method: 'PUT', url, headers: bearer(await tokenOf(app, 'mod')), payload: { secret: SECRET } })).statusCode, 403);
    resultOf(await configure(app, 'jwt', { secret: SECRET }));
    const listed = resultOf<Record<string, Record<string, unknown>>>(await app.inject({ method: 'GET', url: `/api/v2/sites/${SITE}/logins`, headers: bearer(await tokenOf(app, 'admin')) }));
    assert.deepEqual(listed['jwt'], { secret: true });
    assert.equal(JSON.stringify(listed).includes(SECRET), false);
  });

  test('bad combinations are refused naming the field, and nothing is stored', async (t) => {
    const app = await build(t);
    assert.deepEqual(errorOf(await configure(app, 'cookie', { mode: 'jwt', cookie_name: 'sso' })), { status: 400, error_status: 400, message: 'Cookie login in jwt mode needs secret', field: 'secret' });
    assert.equal(errorOf(await configure(app, 'jwt', { secret: 'short' })).field, 'secret');
    assert.equal(errorOf(await configure(app, 'google', { client_id: 'x', client_secret: 'y' })).field, 'issuer');
    assert.equal(errorOf(await configure(app, 'oidc', { issuer: provider.issuer, client_id: 'x', extra: 1 })).status, 400);
    assert.equal((await app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/myspace`, headers: bearer(await tokenOf(app, 'admin')), payload: {} })).statusCode, 404);
    const { settings } = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
    assert.equal(settings.authprovider_custom_cookie_name, null);
  });

  test('the public switches follow the configuration', async (t) => {
    const app = await build(t);
    resultOf(await configure(app, 'cookie', { mode: 'userinfo', cookie_name: 'pub_session', userinfo_url: userinfo.url }));
    resultOf(await configure(app, 'oidc', { issuer: provider.issuer, client_id: SITE_CLIENT.client_id }));
    resultOf(await configure(app, 'google', { ...SITE_CLIENT, issuer: provider.issuer }));
    const boot = async () => resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } })).settings;
    let settings = await boot();
    assert.equal(settings.authprovider_custom_cookie_name, 'pub_session');
    assert.equal(settings.authprovider_oidc_enabled, true);
    assert.equal(settings.authprovider_social_providers, 'google');
    assert.equal(JSON.stringify(settings).includes(SITE_CLIENT.client_secret), false);
    await seed(app); // a restart resets the demo site's settings: the switches come back from the configuration
    assert.equal((await boot()).authprovider_social_providers, 'google');
    resultOf(await app.inject({ method: 'DELETE', url: `/api/v2/sites/${SITE}/logins/google`, headers: bearer(await tokenOf(app, 'admin')) }));
    settings = await boot();
    assert.equal(settings.authprovider_social_providers, null);
  });
});

describe('OpenID Connect id-token login', () => {
  test('not configured: the spec message', async (t) => {
    const app = await build(t);
    assert.deepEqual(errorOf(await login(app, 'login/openidconnect', { token: 'x.y.z' })), { status: 403, error_status: 403, message: NOT_ENABLED });
  });

  test('a real id token signs in; the first login creates the account, later ones find it', async (t) => {
    const app = await build(t);
    resultOf(await configure(app, 'oidc', { issuer: provider.issuer, client_id: SITE_CLIENT.client_id }));
    type R = { user: { uuid: string; name: string; email?: string; pic_small: string | null; social_login_provider?: string; social_login_id?: string }; access_token: string; is_new: boolean };
    const first = resultOf<R>(await login(app, 'login/openidconnect', { token: await idToken(), nonce: 'nonce-1' }));
    assert.equal(first.is_new, true);
    assert.equal(first.user.name, accountClaims('alice').name);
    assert.equal(first.user.email, accountClaims('alice').email);
    assert.equal(first.user.pic_small, accountClaims('alice').picture);
    assert.equal(first.user.social_login_provider, 'oidc');
    assert.equal(first.user.social_login_id, 'alice');
    const again = resultOf<R>(await login(app, 'login/openidconnect', { token: await idToken() }));
    assert.equal(again.is_new, false);
    assert.equal(again.user.uuid, first.user.uuid);
    const current = resultOf<{ uuid: string }>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(again.access_token) }));
    assert.equal(current.uuid, first.user.uuid);
  });

  test('tokens for another audience, expired, with another nonce or from another issuer are refused', async (t) => {
    const app = await build(t);
    resultOf(await configure(app, 'oidc', { issuer: provider.issuer, client_id: SITE_CLIENT.client_id }));
    const refused = async (payload: object) => {
      const error = errorOf(await login(app, 'login/openidconnect', payload));
      assert.equal(error.status, 401, JSON.stringify(error));
      return error.message;
    };
    assert.match(await refused({ token: await idToken(OTHER_CLIENT) }), /aud/);
    assert.match(await refused({ token: await provider.sign({ sub: 'bob', aud: SITE_CLIENT.client_id, exp: Math.floor(Date.now() / 1000) - 600 }) }), /expired/);
    assert.match(await refused({ token: await idToken(SITE_CLIENT, 'alice', 'nonce-1'), nonce: 'nonce-2' }), /nonce/);
    assert.match(await refused({ token: await provider.sign({ sub: 'bob', aud: SITE_CLIENT.client_id, iss: 'https://elsewhere.test' }) }), /iss/);
    assert.equal(await app.db.selectFrom('users').select('uuid').where('social_login_id', '=', 'bob').executeTakeFirst(), undefined);
  });
});

describe('cookie and JWT logins', () => {
  const hs256 = (claims: object, secret = SECRET) =>
    new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode(secret));

  test('cookie login in jwt mode: the site secret verifies the cookie; a missing cookie is named', async (t) => {
    const app = await build(t);
    assert.equal(errorOf(await login(app, 'login/cookie', { token: 'anything' })).message, NOT_ENABLED);
    resultOf(await configure(app, 'cookie', { mode: 'jwt', cookie_name: 'sso', secret: SECRET }));
    const ok = resultOf<{ user: { name: string; social_login_provider: string }; is_new: boolean }>(await login(app, 'login/cookie', { token: await hs256({ sub: 'u-1', name: 'Cookie Reader' }) }));
    assert.equal(ok.user.name, 'Cookie Reader');
    assert.equal(ok.user.social_login_provider, 'sso');
    assert.equal(errorOf(await login(app, 'login/cookie', { token: await hs256({ sub: 'u-1' }, `${SECRET}-other`) })).status, 401);
    assert.deepEqual(errorOf(await login(app, 'login/cookie', { token: '' })), { status: 400, error_status: 400, message: 'No cookie found for cookie login', field: 'token' });
    assert.equal(errorOf(await login(app, 'login/cookie', { token: 'a;b=c' })).field, 'token');
  });

  test('cookie login in userinfo mode asks the publisher with the cookie', async (t) => {
    const app = await build(t);
    resultOf(await configure(app, 'cookie', { mode: 'userinfo', cookie_name: 'pub_session', userinfo_url: userinfo.url }));
    const ok = resultOf<{ user: { name: string; email: string; pic_small: string; social_login_id: string } }>(await login(app, 'login/cookie', { token: 's3ss10n' }));
    assert.deepEqual([ok.user.name, ok.user.email, ok.user.pic_small, ok.user.social_login_id], ['Pat Publisher', 'pat@publisher.test', 'https://publisher.test/pat.png', '4242']);
    const refused = errorOf(await login(app, 'login/cookie', { token: 'stale' }));
    assert.deepEqual([refused.status, refused.message], [401, 'The publisher did not recognise this cookie']);
  });

  test('JWT login; a login-banned account gets api_code 262151', async (t) => {
    const app = await build(t);
    assert.equal(errorOf(await login(app, 'login/jwt', { token: 'x' })).message, NOT_ENABLED);
    resultOf(await configure(app, 'jwt', { secret: SECRET }));
    const first = resultOf<{ user: { uuid: string } }>(await login(app, 'login/jwt', { token: await hs256({ sub: 'banned-1', name: 'Soon Banned' }) }));
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${first.user.uuid}/ban`, headers: bearer(await tokenOf(app, 'mod')), payload: { ban_level: 'login', reason: 'spam', permanent: true } }));
    const refused = errorOf(await login(app, 'login/jwt', { token: await hs256({ sub: 'banned-1' }) }));
    assert.deepEqual([refused.status, refused.api_code], [403, 262151]);
  });
});

describe('social login popup', () => {
  const start = (app: FastifyInstance, type: string, callback = 'http://localhost:3000/article') =>
    app.inject({ method: 'GET', url: `/api/v2/thirdparty/${type}`, query: { callback, site: SITE, client: 'flow-0123456789abcdef' } });
  /** The message the popup page posts to the opener, and where to. */
  const posted = (html: string) => {
    const json = /var d=(\{.*?\});/.exec(html)?.[1];
    return json ? (JSON.parse(json) as { message: Record<string, string>; targetOrigin: string }) : null;
  };

  test('types outside the spec list are refused with its message; unconfigured ones are not enabled', async (t) => {
    const app = await build(t);
    const bad = await start(app, 'myspace');
    assert.equal(bad.statusCode, 400);
    const expected = 'Invalid social login type specified: myspace. Valid types are: apple, facebook, google, twitter, linkedin, yahoo, windowslive, aol';
    assert.deepEqual(posted(bad.body), { message: { type: 'vf-social-login', flow: 'flow-0123456789abcdef', error: expected }, targetOrigin: 'http://localhost:3000' });
    const off = await start(app, 'google');
    assert.equal(off.statusCode, 403);
    assert.equal(posted(off.body)?.message['error'], NOT_ENABLED);
    assert.match(String(off.headers['content-security-policy']), /default-src 'none'/);
  });

  test('a page outside the site gets no message', async (t) => {
    const app = await build(t);
    const foreign = await start(app, 'google', 'https://evil.test/page');
    assert.equal(foreign.statusCode, 400);
    assert.equal(posted(foreign.body), null);
  });

  test('the whole flow: provider sign-in, callback, one-time token exchanged for a session', async (t) => {
    const app = await build(t);
    resultOf(await configure(app, 'windowslive', { ...SITE_CLIENT, issuer: provider.issuer }));
    const redirect = await start(app, 'windowslive');
    assert.equal(redirect.statusCode, 302);
    const authorize = new URL(String(redirect.headers.location));
    assert.equal(authorize.origin, provider.issuer);
    for (const key of ['state', 'nonce', 'code_challenge']) assert.ok(authorize.searchParams.get(key), key);
    const back = await signInAt(authorize.toString(), 'carol');
    assert.equal(`${back.origin}${back.pathname}`, new URL(`${API}/thirdparty/windowslive/callback`).href);
    const page = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    assert.equal(page.statusCode, 200, page.body);
    const message = posted(page.body)!;
    assert.equal(message.targetOrigin, 'http://localhost:3000');
    assert.equal(message.message['flow'], 'flow-0123456789abcdef');
    const token = message.message['token']!;
    const session = resultOf<{ user: { name: string; social_login_provider: string }; is_new: boolean }>(await login(app, 'sociallogin', { token }));
    assert.deepEqual([session.user.name, session.user.social_login_provider, session.is_new], [accountClaims('carol').name, 'live', true]);
    assert.equal(errorOf(await login(app, 'sociallogin', { token })).status, 401, 'the token works once');
    const replay = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    assert.equal(posted(replay.body), null, 'the state works once');
  });
});
