/**
 * Janrain logins (docs/login.md "Janrain") against the local Engage stand-in
 * (server/standins/janrain.ts) on its own port: the token exchanged at `auth_info` with the
 * site's API key, the returning reader's one account, and the refusals — a missing, an unknown
 * and a used token, Janrain switched off — each storing nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from '../../core/api/types.ts';
import { configureLogin, JANRAIN_API_KEY, postForm, refusedWithoutStoring, sameAccountTwice, startJanrain, type RunningStandin } from '../support/identityStandins.ts';
import { bearer, build, resultOf, signup, SITE } from './helpers.ts';

const NOT_ENABLED = 'This login method is not currently enabled on this site';

let janrain: RunningStandin;
before(async () => {
  janrain = await startJanrain();
});
after(() => janrain.close());

const enable = (app: FastifyInstance, api_key = JANRAIN_API_KEY) => configureLogin(app, 'janrain', { api_key, app_url: janrain.url });

/** Signs in at the stand-in as the page's Janrain widget would: a one-time token. */
const tokenFor = async (identifier = 'ada') => (await postForm<{ token: string }>(`${janrain.url}/signin`, { identifier })).token;

const login = (app: FastifyInstance, body: object) => app.inject({ method: 'POST', url: '/api/v2/users/login/janrain/oauth', payload: { section: SITE, ...body } });

const refused = (app: FastifyInstance, body: object, status: number, message: string) => refusedWithoutStoring(app, () => login(app, body), status, message);

describe('Janrain login', () => {
  test('configuring: the switch is public, the API key is not', async (t) => {
    const app = await build(t);
    const admin = await enable(app);
    const settings = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } })).settings;
    assert.equal(settings.authprovider_janrain_enabled, true);
    assert.ok(!JSON.stringify(settings).includes(JANRAIN_API_KEY));
    const listed = resultOf<Record<string, Record<string, unknown>>>(await app.inject({ method: 'GET', url: `/api/v2/sites/${SITE}/logins`, headers: bearer(admin) }));
    assert.deepEqual(listed['janrain'], { api_key: true, app_url: janrain.url });
    const bad = await app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/janrain`, headers: bearer(admin), payload: { api_key: JANRAIN_API_KEY } });
    assert.equal(bad.statusCode, 400);
  });

  test('a token logs in; the returning reader gets the same account', async (t) => {
    const app = await build(t);
    await enable(app);
    await sameAccountTwice(app, async () => login(app, { token: await tokenFor(), thirdparty_enabled: false }), 'janrain', 'https://janrain.identity.test/ada');
  });

  test("refused: a missing or empty token ('invalid login token payload')", async (t) => {
    const app = await build(t);
    await enable(app);
    await refused(app, {}, 400, 'invalid login token payload');
    await refused(app, { token: '  ' }, 400, 'invalid login token payload');
  });

  test('refused: an unknown token, and a token used once already', async (t) => {
    const app = await build(t);
    await enable(app);
    await refused(app, { token: 'f'.repeat(40) }, 401, 'Social login failed.');
    const token = await tokenFor();
    resultOf(await login(app, { token }));
    await refused(app, { token }, 401, 'Social login failed.');
  });

  test("refused: the site's API key is wrong", async (t) => {
    const app = await build(t);
    await enable(app, 'not-the-janrain-api-key-000000');
    await refused(app, { token: await tokenFor() }, 401, 'Social login failed.');
  });

  test('refused: Janrain switched off for the site', async (t) => {
    const app = await build(t);
    await refused(app, { token: await tokenFor() }, 403, NOT_ENABLED);
  });

  test("an email never takes over another account; an unverified one is not kept", async (t) => {
    const app = await build(t);
    await enable(app);
    const existing = await signup(app, 'ada-local');
    await app.db.updateTable('users').set({ email: 'ada@identity.test' }).where('uuid', '=', existing.user.uuid).execute();
    const linked = resultOf<{ user: { uuid: string } }>(await login(app, { token: await tokenFor() }));
    assert.notEqual(linked.user.uuid, existing.user.uuid);
    const grace = resultOf<{ user: { uuid: string } }>(await login(app, { token: await tokenFor('grace') }));
    const emails = await app.db.selectFrom('users').select(['uuid', 'email']).where('uuid', 'in', [linked.user.uuid, grace.user.uuid]).execute();
    assert.ok(emails.every((row) => !row.email.endsWith('@identity.test')), JSON.stringify(emails));
  });
});
