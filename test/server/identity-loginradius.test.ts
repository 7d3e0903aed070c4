/**
 * LoginRadius, the third-party login service (docs/login.md "LoginRadius"), against the local
 * LoginRadius stand-in on its own port: the admin configuration and public switches, the
 * access-token login (one account per LoginRadius Uid), the SOTT, and the refusals, each of
 * which stores nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from '../../core/api/types.ts';
import { DEMO_LOGINRADIUS } from '../../server/standins/identity.ts';
import { openSott } from '../../server/identity/loginRadiusSott.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import loginRadiusStandin from '../../server/standins/loginradius.ts';
import { type RunningStandin, startStandin, storesNothing } from '../support/identityStandins.ts';
import { bearer, build, resultOf, SITE } from './helpers.ts';

const NOT_ENABLED = 'This login method is not currently enabled on this site';
const ADMIN = DEMO_ACCOUNTS.find((a) => a.user_privilege === 'admin')!;
const TAKER = { Uid: 'lr-taker', FullName: 'Email Taker', email: ADMIN.email, password: 'taker-1', EmailVerified: true };

let standin: RunningStandin;
before(async () => {
  standin = await startStandin(loginRadiusStandin, { apiKey: DEMO_LOGINRADIUS.apiKey, accounts: [...DEMO_LOGINRADIUS.accounts, TAKER] });
});
after(() => standin.close());

const CONFIG = () => ({ integrated_login: true, api_key: DEMO_LOGINRADIUS.apiKey, api_secret: DEMO_LOGINRADIUS.apiSecret, app_name: DEMO_LOGINRADIUS.appName, api_base: standin.url });

async function adminToken(app: FastifyInstance): Promise<string> {
  return resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: ADMIN.email, password: ADMIN.password, section: SITE } })).access_token;
}

async function configure(app: FastifyInstance, config: object) {
  return resultOf(await app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/loginradius`, headers: bearer(await adminToken(app)), payload: config }));
}

/** A LoginRadius access token, as the page's LoginRadius script gets one when the reader signs in. */
async function lrToken(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${standin.url}/identity/v2/auth/login?apikey=${DEMO_LOGINRADIUS.apiKey}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  return ((await response.json()) as { access_token: string }).access_token;
}

const lrLogin = (app: FastifyInstance, token: string) => app.inject({ method: 'POST', url: '/api/v2/users/loginradiuslogin', payload: { section: SITE, token, thirdparty_enabled: true } });


describe('LoginRadius configuration', () => {
  test('the public switches follow the configuration; the secret is never read back', async (t) => {
    const app = await build(t);
    await configure(app, CONFIG());
    const listed = resultOf<Record<string, Record<string, unknown>>>(await app.inject({ method: 'GET', url: `/api/v2/sites/${SITE}/logins`, headers: bearer(await adminToken(app)) }));
    assert.equal(listed['loginradius']?.['api_secret'], true);
    const { settings } = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
    assert.equal(settings.authprovider_loginradius_enabled, true);
    assert.equal(settings.authprovider_loginradius_api_key, DEMO_LOGINRADIUS.apiKey);
    assert.equal(settings.authprovider_loginradius_app_name, DEMO_LOGINRADIUS.appName);
    assert.equal(settings.thirdparty_login_enabled, true);
    assert.equal(JSON.stringify(settings).includes(DEMO_LOGINRADIUS.apiSecret), false);
  });
});

describe('LoginRadius login', () => {
  test('a reader signed in to LoginRadius is signed in to vf; returning, the same account', async (t) => {
    const app = await build(t);
    await configure(app, CONFIG());
    const first = resultOf<{ user: { uuid: string; name: string; email: string }; is_new: boolean; access_token: string }>(await lrLogin(app, await lrToken(DEMO_LOGINRADIUS.accounts[0]!)));
    assert.equal(first.user.name, 'Ada Radius');
    assert.equal(first.is_new, true);
    assert.ok(first.access_token);
    const again = resultOf<{ user: { uuid: string }; is_new: boolean }>(await lrLogin(app, await lrToken(DEMO_LOGINRADIUS.accounts[0]!)));
    assert.deepEqual([again.user.uuid, again.is_new], [first.user.uuid, false]);
  });

  test("a verified LoginRadius email never takes over the vf account that has it", async (t) => {
    const app = await build(t);
    await configure(app, CONFIG());
    const admin = await app.db.selectFrom('users').selectAll().where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const taker = resultOf<{ user: { uuid: string; user_privilege: string } }>(await lrLogin(app, await lrToken(TAKER)));
    assert.notEqual(taker.user.uuid, admin.uuid);
    assert.equal(taker.user.user_privilege, 'user');
    const stored = await app.db.selectFrom('users').select(['email', 'social_login_provider']).where('uuid', '=', taker.user.uuid).executeTakeFirstOrThrow();
    assert.notEqual(stored.email, ADMIN.email);
    assert.equal(stored.social_login_provider, 'loginradius');
  });

  test('an invalid token is refused with LoginRadius’s reason', async (t) => {
    const app = await build(t);
    await configure(app, CONFIG());
    assert.deepEqual(await storesNothing(app, () => lrLogin(app, 'not-a-token')), { status: 401, message: 'The provided access_token is invalid or has expired.' });
    assert.deepEqual(await storesNothing(app, () => lrLogin(app, '  ')), { status: 400, message: 'invalid login token payload' });
  });

  test('off, or not fully configured (integrated login, API key and app name), it is refused', async (t) => {
    const app = await build(t);
    const token = await lrToken(DEMO_LOGINRADIUS.accounts[0]!);
    assert.deepEqual(await storesNothing(app, () => lrLogin(app, token)), { status: 403, message: NOT_ENABLED });
    await configure(app, { ...CONFIG(), integrated_login: false });
    assert.deepEqual(await storesNothing(app, () => lrLogin(app, token)), { status: 403, message: NOT_ENABLED });
    const { app_name: _name, ...noAppName } = CONFIG();
    await configure(app, noAppName);
    assert.deepEqual(await storesNothing(app, () => lrLogin(app, token)), { status: 403, message: NOT_ENABLED });
    const { settings } = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
    assert.equal(settings.thirdparty_login_enabled, false);
  });
});

describe('LoginRadius SOTT', () => {
  test('the server makes a SOTT LoginRadius opens with the site secret, valid for 10 minutes', async (t) => {
    const app = await build(t);
    const sott = () => app.inject({ method: 'POST', url: '/api/v2/loginradius/sott', payload: { siteUUID: SITE } });
    assert.equal((await sott()).statusCode, 403);
    await configure(app, CONFIG());
    const { sott: made } = resultOf<{ sott: string }>(await sott());
    const opened = openSott(made, DEMO_LOGINRADIUS.apiSecret);
    assert.equal(opened?.apiKey, DEMO_LOGINRADIUS.apiKey);
    const ms = (time: string) => {
      const [y, mo, d, h, mi, s] = time.split(/[/ :]/).map(Number);
      return Date.UTC(y!, mo! - 1, d, h, mi, s);
    };
    assert.equal(ms(opened!.end) - ms(opened!.start), 600_000);
    assert.ok(Math.abs(ms(opened!.start) - Date.now()) < 5000);
    assert.equal(openSott(made, 'another-secret'), null);
    assert.equal(made.includes(DEMO_LOGINRADIUS.apiSecret), false);
  });
});
