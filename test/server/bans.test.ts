/**
 * Bans: the moderator routes (who may ban whom), the effective ban (latest live one; expiry and
 * revocation), and enforcement with the spec's api codes and ban details.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../core/api/types.ts';
import { bearer, build, container, resultOf, SITE, signup, signupAs } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

function ban(app: FastifyInstance, token: string | undefined, uuid: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/v2/users/${uuid}/ban`, headers: bearer(token), payload });
}

function unban(app: FastifyInstance, token: string | undefined, uuid: string) {
  return app.inject({ method: 'DELETE', url: `/api/v2/users/${uuid}/ban`, headers: bearer(token) });
}

function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password, section: SITE } });
}

async function post(app: FastifyInstance, token: string) {
  const page = await container(app);
  return app.inject({ method: 'POST', url: `/api/comments/${SITE}/${page.content_container_uuid}/comments`, headers: bearer(token), payload: { content: 'hello' } });
}

describe('ban routes', () => {
  test('a moderator bans and unbans; the effective ban shows on the user', async (t) => {
    const app = await build(t);
    const mod = await signupAs(app, 'mod');
    const reader = await signup(app);
    const given = resultOf<{ ban_level: string; is_permanent: boolean; date_expired: number | null; user_message: string }>(
      await ban(app, mod.access_token, reader.user.uuid, { ban_level: 'posting', reason: 'spam', duration_days: 3 }),
    );
    assert.equal(given.ban_level, 'posting');
    assert.equal(given.is_permanent, false);
    assert.equal(given.user_message, 'spam');
    assert.ok(given.date_expired && given.date_expired > Date.now() + 2 * DAY);
    const me = () => app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(reader.access_token) });
    assert.equal(resultOf<User>(await me()).ban_level, 'posting');
    assert.equal(resultOf<{ revoked: number }>(await unban(app, mod.access_token, reader.user.uuid)).revoked, 1);
    assert.equal(resultOf<User>(await me()).ban_level, 'none');
  });

  test('who may ban whom', async (t) => {
    const app = await build(t);
    const [mod, admin, reader] = [await signupAs(app, 'mod'), await signupAs(app, 'admin'), await signup(app)];
    const body = { ban_level: 'posting', reason: 'x', permanent: true };
    assert.equal((await ban(app, undefined, reader.user.uuid, body)).statusCode, 401);
    assert.equal((await ban(app, reader.access_token, mod.user.uuid, body)).statusCode, 403);
    assert.equal((await ban(app, mod.access_token, admin.user.uuid, body)).statusCode, 403);
    assert.equal((await unban(app, mod.access_token, admin.user.uuid)).statusCode, 403);
    assert.equal((await ban(app, mod.access_token, mod.user.uuid, body)).statusCode, 403);
    assert.equal((await ban(app, admin.access_token, admin.user.uuid, body)).statusCode, 403);
    assert.equal((await ban(app, admin.access_token, mod.user.uuid, body)).statusCode, 200);
    assert.equal((await ban(app, admin.access_token, '00000000-0000-4000-8000-000000000000', body)).statusCode, 404);
  });

  test('the body is checked: a level, a reason, and exactly one of duration_days / permanent', async (t) => {
    const app = await build(t);
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const uuid = reader.user.uuid;
    for (const payload of [
      { ban_level: 'posting', reason: 'x' },
      { ban_level: 'posting', reason: 'x', duration_days: 1, permanent: true },
      { ban_level: 'forever', reason: 'x', permanent: true },
      { ban_level: 'posting', reason: '', permanent: true },
      { ban_level: 'posting', reason: '   ', permanent: true },
      { ban_level: 'posting', reason: '\u200B\u202E', permanent: true },
      { ban_level: 'posting', reason: 'x', duration_days: 0 },
      { ban_level: 'posting', reason: 'x', permanent: false },
    ]) {
      assert.equal((await ban(app, mod.access_token, uuid, payload)).statusCode, 400, JSON.stringify(payload));
    }
  });
});

describe('ban enforcement', () => {
  test('posting while banned: 403, 65540, with the ban details; expired bans stop counting', async (t) => {
    const app = await build(t);
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
    resultOf(await ban(app, mod.access_token, reader.user.uuid, { ban_level: 'ghost', reason: 'trolling', duration_days: 2 }));
    const refused = await post(app, reader.access_token);
    assert.equal(refused.statusCode, 403);
    const body = refused.json();
    assert.equal(body.api_code, 65540);
    assert.equal(body.ban.reason, 'trolling');
    assert.equal(body.ban.permanent, false);
    const end = (await app.db.selectFrom('bans').select('date_expired').executeTakeFirstOrThrow()).date_expired;
    assert.equal(body.ban.end_date, Math.floor(Number(end) / 1000));
    // Expire it: posting works again.
    await app.db.updateTable('bans').set({ date_expired: Date.now() - 1 }).execute();
    assert.equal((await post(app, reader.access_token)).statusCode, 200);
  });

  test('the latest live ban is the effective one; a permanent ban has no end date', async (t) => {
    const app = await build(t);
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
    resultOf(await ban(app, mod.access_token, reader.user.uuid, { ban_level: 'posting', reason: 'first', duration_days: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    resultOf(await ban(app, mod.access_token, reader.user.uuid, { ban_level: 'hide', reason: 'second', permanent: true }));
    const body = (await post(app, reader.access_token)).json();
    assert.deepEqual(body.ban, { reason: 'second', end_date: null, permanent: true });
  });

  test('a login ban: login answers 403, 262151 with details; existing tokens stop working; posting bans still log in', async (t) => {
    const app = await build(t);
    const [mod, reader, poster] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    resultOf(await ban(app, mod.access_token, poster.user.uuid, { ban_level: 'posting', reason: 'p', permanent: true }));
    assert.equal((await login(app, poster.user.email!, poster.password)).statusCode, 200);
    resultOf(await ban(app, mod.access_token, reader.user.uuid, { ban_level: 'login', reason: 'abuse', duration_days: 7 }));
    const refused = await login(app, reader.user.email!, reader.password);
    assert.equal(refused.statusCode, 403);
    const body = refused.json();
    assert.equal(body.api_code, 262151);
    assert.equal(body.ban.reason, 'abuse');
    assert.equal(body.ban.permanent, false);
    assert.equal(typeof body.ban.end_date, 'number');
    // A wrong password still gets the plain 401 (the ban is not shown to whoever guesses).
    assert.equal((await login(app, reader.user.email!, 'wrong-password')).statusCode, 401);
    const current = await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(reader.access_token) });
    assert.equal(current.statusCode, 401);
    const refresh = await app.inject({ method: 'GET', url: '/api/v2/users/refreshusertoken', headers: bearer(reader.refresh_token) });
    assert.equal(refresh.json().api_code, 262151);
    resultOf(await unban(app, mod.access_token, reader.user.uuid));
    assert.equal((await login(app, reader.user.email!, reader.password)).statusCode, 200);
  });

  test('signup with the email of a banned account: 403, 458753 with details', async (t) => {
    const app = await build(t);
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const again = () =>
      app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'again', email: reader.user.email!.toUpperCase(), password: 'another-pw-1', section: SITE } });
    assert.equal((await again()).statusCode, 409);
    resultOf(await ban(app, mod.access_token, reader.user.uuid, { ban_level: 'hide', reason: 'gone', permanent: true }));
    const refused = await again();
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().api_code, 458753);
    assert.deepEqual(refused.json().ban, { reason: 'gone', end_date: null, permanent: true });
  });
});
