/**
 * Auth rate limits (docs/server.md "Rate limits"): failed logins, and signups, per IP (10 / 10 min)
 * and per email (5 / 10 min), 429 with Retry-After; a fake clock moves the window. A successful
 * login counts against no one. Wrong password and unknown email answer the same 401 body.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { bearer, build, SITE, signup, signupAs as signupAsRole } from './helpers.ts';

const MINUTE = 60_000;

function fakeClock(app: FastifyInstance): { advance(ms: number): void } {
  let now = 1_000_000;
  app.authLimiter.now = () => now;
  return { advance: (ms) => (now += ms) };
}

function login(app: FastifyInstance, email: string, password = 'wrong-password', ip = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/v2/users/login', remoteAddress: ip, payload: { email, password, section: SITE } });
}

function signupAs(app: FastifyInstance, email: string, ip = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/v2/users', remoteAddress: ip, payload: { name: 'n', email, password: 'password-123', section: SITE } });
}

describe('auth rate limits', () => {
  test('login: 5 attempts per email per 10 minutes, then 429 with Retry-After until the window slides', async (t) => {
    const app = await build(t);
    const account = await signup(app);
    const clock = fakeClock(app);
    for (let i = 0; i < 5; i++) assert.equal((await login(app, account.user.email!)).statusCode, 401);
    // Even the right password is refused now (from another IP too: the limit is the account's).
    const refused = await login(app, account.user.email!, account.password, '10.0.0.2');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '600');
    assert.match(refused.json().message, /Too many attempts\. Try again in 10 minutes/);
    clock.advance(5 * MINUTE);
    assert.equal((await login(app, account.user.email!, account.password)).statusCode, 429);
    assert.equal((await login(app, account.user.email!, account.password)).headers['retry-after'], '300');
    clock.advance(5 * MINUTE + 1);
    assert.equal((await login(app, account.user.email!, account.password)).statusCode, 200);
  });

  test('login: 10 attempts per IP per 10 minutes, whatever the emails; other IPs unaffected', async (t) => {
    const app = await build(t);
    const clock = fakeClock(app);
    for (let i = 0; i < 10; i++) assert.equal((await login(app, `nobody${i}@example.test`)).statusCode, 401);
    assert.equal((await login(app, 'other@example.test')).statusCode, 429);
    assert.equal((await login(app, 'other@example.test', 'x', '10.9.9.9')).statusCode, 401);
    clock.advance(10 * MINUTE);
    assert.equal((await login(app, 'other@example.test')).statusCode, 401);
  });

  test('a successful login never counts: 14 from one address, 7 to each account, all pass; failed ones still do', async (t) => {
    const app = await build(t);
    const accounts = [await signup(app), await signup(app)];
    fakeClock(app);
    for (let i = 0; i < 7; i++) {
      for (const account of accounts) assert.equal((await login(app, account.user.email!, account.password)).statusCode, 200, `login ${i + 1}`);
    }
    const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    for (let i = 0; i < 5; i++) assert.equal((await login(app, first.user.email!)).statusCode, 401);
    assert.equal((await login(app, first.user.email!, first.password, '10.0.0.2')).statusCode, 429, 'five failures close the account');
    for (let i = 0; i < 5; i++) assert.equal((await login(app, `nobody${i}@example.test`)).statusCode, 401);
    assert.equal((await login(app, second.user.email!, second.password)).statusCode, 429, 'ten failures close the address');
    assert.equal((await login(app, second.user.email!, second.password, '10.0.0.2')).statusCode, 200, 'not the account');
  });

  test('a login being checked counts until it succeeds: 8 wrong passwords at once for one account, 5 are checked', async (t) => {
    const app = await build(t);
    const account = await signup(app);
    fakeClock(app);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(app, account.user.email!, 'wrong-password', `10.3.0.${i}`)));
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [401, 401, 401, 401, 401, 429, 429, 429]);
  });

  test('a login refused for a login ban counts as a failure (the password was right, the login failed)', async (t) => {
    const app = await build(t);
    const [account, moderator] = [await signup(app), await signupAsRole(app, 'mod')];
    const banned = await app.inject({ method: 'POST', url: `/api/v2/users/${account.user.uuid}/ban`, headers: bearer(moderator.access_token), payload: { ban_level: 'login', reason: 'spam', duration_days: 3 } });
    assert.equal(banned.statusCode, 200, banned.body);
    fakeClock(app);
    for (let i = 0; i < 5; i++) assert.equal((await login(app, account.user.email!, account.password)).statusCode, 403);
    assert.equal((await login(app, account.user.email!, account.password)).statusCode, 429);
  });

  test('signup: limited per IP and per email too', async (t) => {
    const app = await build(t);
    fakeClock(app);
    for (let i = 0; i < 5; i++) assert.notEqual((await signupAs(app, 'same@example.test', `10.1.0.${i}`)).statusCode, 429);
    assert.equal((await signupAs(app, 'SAME@example.test', '10.1.0.9')).statusCode, 429);
    for (let i = 0; i < 10; i++) assert.equal((await signupAs(app, `new${i}@example.test`, '10.2.0.1')).statusCode, 200);
    const refused = await signupAs(app, 'new10@example.test', '10.2.0.1');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
  });

  test('wrong password and unknown email: the identical 401 body', async (t) => {
    const app = await build(t);
    const account = await signup(app);
    const wrong = await login(app, account.user.email!, 'not-the-password');
    const unknown = await login(app, 'nobody@example.test', 'not-the-password');
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.body, unknown.body);
  });
});

test('the limits come from the config (VF_AUTH_LIMIT_PER_IP / _PER_EMAIL; 0 is off)', async () => {
  const { loadConfig } = await import('../../server/config.ts');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'vf-limits-'));
  assert.deepEqual(loadConfig({ VF_DATA_DIR: dir }).authLimits, { perIp: 10, perEmail: 5 });
  assert.deepEqual(loadConfig({ VF_DATA_DIR: dir, VF_AUTH_LIMIT_PER_IP: '0', VF_AUTH_LIMIT_PER_EMAIL: '3' }).authLimits, { perIp: 0, perEmail: 3 });
  assert.throws(() => loadConfig({ VF_DATA_DIR: dir, VF_AUTH_LIMIT_PER_IP: 'many' }), /VF_AUTH_LIMIT_PER_IP/);
});
