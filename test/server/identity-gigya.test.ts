/**
 * Gigya logins (docs/login.md "Gigya") against the local Gigya stand-in (server/standins/gigya.ts)
 * on its own port: the JSON route and the legacy GET on the API root, the returning reader's one
 * account, and every refusal the issue names — forged, replayed and other-site signatures, Gigya
 * switched off — each storing nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from '../../core/api/types.ts';
import { gigyaUidSignature } from '../../server/identity/gigya.ts';
import { configureLogin, GIGYA_API_KEY, GIGYA_SECRET, OTHER_GIGYA_SECRET, postForm, refusedWithoutStoring, sameAccountTwice, startGigya, type RunningStandin } from '../support/identityStandins.ts';
import { bearer, build, resultOf, signup, SITE } from './helpers.ts';

const FAILED = 'Social login failed.';
const NOT_ENABLED = 'This login method is not currently enabled on this site';

interface Signed {
  UID: string;
  UIDSignature: string;
  signatureTimestamp: string;
}

let gigya: RunningStandin;
before(async () => {
  gigya = await startGigya();
});
after(() => gigya.close());

const enable = (app: FastifyInstance) => configureLogin(app, 'gigya', { api_key: GIGYA_API_KEY, secret: GIGYA_SECRET, api_base: gigya.url });

/** Signs in at the stand-in as the page's Gigya SDK would. */
const signIn = (loginID = 'ada') => postForm<Signed>(`${gigya.url}/accounts.login`, { apiKey: GIGYA_API_KEY, loginID });

const login = (app: FastifyInstance, signed: Signed) =>
  app.inject({ method: 'POST', url: '/api/v2/users/login/gigya', payload: { section: SITE, uid: signed.UID, uid_signature: signed.UIDSignature, uid_timestamp: signed.signatureTimestamp } });

const legacy = (app: FastifyInstance, params: object) =>
  app.inject({
    method: 'GET',
    url: '/api/v2/',
    query: { host: 'localhost', section: SITE, u: 'login', s: '', json: JSON.stringify([{ api: 'user', type: 'loginGigya', params, step: 'login' }]) },
  });

const signedAt = (secret: string, uid: string, seconds: number): Signed => {
  const signatureTimestamp = String(seconds);
  return { UID: uid, UIDSignature: gigyaUidSignature(secret, uid, signatureTimestamp), signatureTimestamp };
};
const nowS = () => Math.floor(Date.now() / 1000);

const refused = (app: FastifyInstance, signed: Signed, status = 401, message = FAILED) => refusedWithoutStoring(app, () => login(app, signed), status, message);

describe('Gigya login', () => {
  test('configuring: the switch is public, the secret is not', async (t) => {
    const app = await build(t);
    const boot = async () => resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } })).settings;
    assert.equal((await boot()).authprovider_gigya_poll, false);
    const admin = await enable(app);
    const settings = await boot();
    assert.equal(settings.authprovider_gigya_poll, true);
    assert.ok(!JSON.stringify(settings).includes(GIGYA_SECRET));
    const listed = resultOf<Record<string, Record<string, unknown>>>(await app.inject({ method: 'GET', url: `/api/v2/sites/${SITE}/logins`, headers: bearer(admin) }));
    assert.deepEqual(listed['gigya'], { api_key: GIGYA_API_KEY, secret: true, api_base: gigya.url });
    const bad = await app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/gigya`, headers: bearer(admin), payload: { api_key: GIGYA_API_KEY, secret: 'not base64!' } });
    assert.equal(bad.statusCode, 400);
  });

  test('a signed UID logs in; the returning reader gets the same account', async (t) => {
    const app = await build(t);
    await enable(app);
    await sameAccountTwice(app, async () => login(app, await signIn()), 'gigya', 'gigya-ada');
  });

  test('the legacy GET on the API root answers sid and requests', async (t) => {
    const app = await build(t);
    await enable(app);
    const signed = await signIn();
    const response = await legacy(app, { uid: signed.UID, uid_signature: signed.UIDSignature, uid_timestamp: signed.signatureTimestamp });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { sid: string; result: { session: string; user: { name: string } }; requests: object[] };
    assert.equal(body.sid, body.result.session);
    assert.equal(body.result.user.name, 'Ada Lovelace');
    assert.deepEqual(body.requests, [{}]);

    const forged = await refusedWithoutStoring(app, () => legacy(app, { uid: signed.UID, uid_signature: 'AAAA' + signed.UIDSignature.slice(4), uid_timestamp: signed.signatureTimestamp }), 401, FAILED);
    assert.equal(forged.json().requests[0].error, FAILED);
    const malformed = () => app.inject({ method: 'GET', url: '/api/v2/', query: { section: SITE, u: 'login', json: '[{"api":"user","type":"loginOther"}]' } });
    await refusedWithoutStoring(app, malformed, 400, 'json must hold one request {"api":"user","type":"loginGigya","step":"login","params":{…}}');
  });

  test('refused: a forged signature', async (t) => {
    const app = await build(t);
    await enable(app);
    const signed = await signIn();
    await refused(app, { ...signed, UID: 'gigya-grace' }); // Ada's signature on another UID
    await refused(app, { ...signed, UIDSignature: Buffer.from('x'.repeat(20)).toString('base64') });
  });

  test('refused: a replayed signature (its timestamp is too old) and one from the future', async (t) => {
    const app = await build(t);
    await enable(app);
    await refused(app, signedAt(GIGYA_SECRET, 'gigya-ada', nowS() - 600));
    await refused(app, signedAt(GIGYA_SECRET, 'gigya-ada', nowS() + 600));
  });

  test("refused: a signature made with another site's secret", async (t) => {
    const app = await build(t);
    await enable(app);
    await refused(app, signedAt(OTHER_GIGYA_SECRET, 'gigya-ada', nowS()));
  });

  test("refused with Gigya's own message: a UID Gigya does not know", async (t) => {
    const app = await build(t);
    await enable(app);
    await refused(app, signedAt(GIGYA_SECRET, 'gigya-nobody', nowS()), 401, 'Unauthorized user');
  });

  test('refused: Gigya switched off for the site', async (t) => {
    const app = await build(t);
    await refused(app, await signIn(), 403, NOT_ENABLED);
    const admin = await enable(app);
    assert.equal((await app.inject({ method: 'DELETE', url: `/api/v2/sites/${SITE}/logins/gigya`, headers: bearer(admin) })).statusCode, 200);
    await refused(app, await signIn(), 403, NOT_ENABLED);
  });

  test("an email never takes over another account: Gigya's reader gets an account of its own", async (t) => {
    const app = await build(t);
    await enable(app);
    const existing = await signup(app, 'ada-local');
    await app.db.updateTable('users').set({ email: 'ada@identity.test' }).where('uuid', '=', existing.user.uuid).execute();
    const linked = resultOf<{ user: { uuid: string } }>(await login(app, await signIn()));
    assert.notEqual(linked.user.uuid, existing.user.uuid);
    const row = await app.db.selectFrom('users').select('email').where('uuid', '=', linked.user.uuid).executeTakeFirstOrThrow();
    assert.notEqual(row.email, 'ada@identity.test');
    // An email Gigya has not verified is not kept either.
    const grace = resultOf<{ user: { uuid: string } }>(await login(app, await signIn('grace')));
    const graceRow = await app.db.selectFrom('users').select('email').where('uuid', '=', grace.user.uuid).executeTakeFirstOrThrow();
    assert.notEqual(graceRow.email, 'grace@identity.test');
  });
});
