/**
 * Demo mode (docs/server.md "Demo mode"): on by default only on a loopback HOST, set either way
 * by VF_DEMO. Outside it no account has a public password and no /demo/mail page exists.
 * The real server process on a non-loopback address: demo-process.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult } from '../../core/api/types.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { withoutLinks } from '../../server/mail/mailer.ts';
import { DEMO_ACCOUNTS, DEMO_SITE, RETIRED_DEMO_PASSWORD, seed } from '../../server/demo/index.ts';
import { getSite } from '../../server/engine/sites.ts';
import { createUser, findUserByEmail, updateUser } from '../../server/engine/users.ts';
import { bearer, build, countRows, resultOf, signup, SITE } from './helpers.ts';

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password, section: SITE } });

test('VF_DEMO: demo mode is on by default only for a loopback HOST; 1 or 0 sets it either way', (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const demoFor = (env: Record<string, string>) => loadConfig({ VF_DATA_DIR: dataDir, ...env }).demo;
  assert.equal(demoFor({}), true, 'HOST unset is 127.0.0.1');
  for (const host of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', 'localhost', 'LOCALHOST']) assert.equal(demoFor({ HOST: host }), true, host);
  for (const host of ['0.0.0.0', '::', '192.0.2.7', '10.1.2.3', 'fd00::2', 'vf.example.com', '128.0.0.1']) assert.equal(demoFor({ HOST: host }), false, host);
  assert.equal(demoFor({ HOST: '0.0.0.0', VF_DEMO: '1' }), true);
  assert.equal(demoFor({ HOST: '127.0.0.1', VF_DEMO: '0' }), false);
  for (const bad of ['yes', 'true', '2']) {
    assert.throws(() => demoFor({ VF_DEMO: bad }), (error: Error) => error instanceof ConfigError && /VF_DEMO must be 1 .* or 0/.test(error.message));
  }
});

test('demo mode (the default on 127.0.0.1): the moderator and the admin are seeded with their published passwords', async (t) => {
  const app = await build(t);
  assert.equal(app.demo, true);
  for (const account of DEMO_ACCOUNTS) {
    assert.equal(resultOf<AuthResult>(await login(app, account.email, account.password)).user.user_privilege, account.user_privilege);
  }
  assert.equal(typeof app.mail.target, 'object', 'without SMTP, mail is kept in the data folder for /demo/mail');
});

test('VF_DEMO=0: no demo account is seeded; the demo site stays, with no account on it', async (t) => {
  const app = await build(t, { VF_DEMO: '0' });
  assert.equal(app.demo, false);
  assert.equal(await countRows(app, 'users'), 0);
  for (const account of DEMO_ACCOUNTS) assert.equal((await login(app, account.email, account.password)).statusCode, 401);
  assert.deepEqual((await getSite(app.db, SITE))?.domains, [...DEMO_SITE.domains]);
});

test('VF_DEMO=0 without SMTP_URL: /demo/mail is 404 and a reset mail is only logged, never written to the data folder', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await build(t, { VF_DEMO: '0', VF_DATA_DIR: dataDir });
  assert.equal(app.mail.target, 'log');
  const reader = await signup(app);
  const asked = await app.inject({ method: 'POST', url: '/api/v2/account/password', payload: { email: reader.user.email, section: SITE, url: 'http://localhost/a' } });
  assert.deepEqual(resultOf(asked), {}, 'the answer is the same as with mail');
  await app.mail.idle();
  assert.equal(existsSync(join(dataDir, 'mail')), false);
  assert.equal((await app.inject({ method: 'GET', url: '/demo/mail' })).statusCode, 404);
});

test('what the log gets of an unsent mail has no link and no token', () => {
  const token = 'Q2hhbmdlIG1lIGlmIHlvdSBjYW4gcmVhZCB0aGlzIQ-_x';
  const text = `Open this link:\n\nhttps://news.example/a?vtype=reset&vtoken=${token}\n\nor http://localhost:8080/b. Code ${token}.`;
  const logged = withoutLinks(text);
  assert.ok(!/https?:|vtoken|news\.example|localhost/.test(logged), logged);
  assert.ok(!logged.includes(token));
  assert.match(logged, /^Open this link:\n\n\[link left out\]\n\nor \[link left out\] Code \[left out\]\.$/);
});

test('a start with VF_DEMO=0 retires demo accounts an earlier demo-mode start made: their public passwords and sessions stop working', async (t) => {
  const app = await build(t, { VF_DEMO: '0' });
  // What an earlier start in demo mode left in the database; the moderator's password was changed since.
  const changed = 'chosen-by-the-moderator';
  for (const account of DEMO_ACCOUNTS) {
    const password = account.user_privilege === 'mod' ? changed : account.password;
    await createUser(app.db, { site_uuid: SITE, email: account.email, name: account.name, password_hash: await hashPassword(password), user_privilege: account.user_privilege });
  }
  const admin = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'admin')!;
  const moderator = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'mod')!;
  const session = resultOf<AuthResult>(await login(app, admin.email, admin.password));

  await seed(app); // what every start runs

  assert.equal((await login(app, admin.email, admin.password)).statusCode, 401);
  assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(session.access_token) })).statusCode, 401);
  assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/refreshusertoken', headers: bearer(session.refresh_token) })).statusCode, 401);
  assert.equal(resultOf<AuthResult>(await login(app, moderator.email, changed)).user.user_privilege, 'mod', 'a password chosen since is kept');
});

test('a start in demo mode gives a retired demo account its published password back', async (t) => {
  const app = await build(t);
  const admin = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'admin')!;
  const row = await findUserByEmail(app.db, SITE, admin.email);
  await updateUser(app.db, row!.uuid, { password_hash: RETIRED_DEMO_PASSWORD }); // what a start with VF_DEMO=0 left
  assert.equal((await login(app, admin.email, admin.password)).statusCode, 401);
  await seed(app);
  assert.equal(resultOf<AuthResult>(await login(app, admin.email, admin.password)).user.uuid, row!.uuid);
});

test('VF_DEMO_CSP: the demo pages come with that Content-Security-Policy, nothing else does; outside demo mode it stops the server', async (t) => {
  const policy = "default-src 'self'; script-src 'self'; require-trusted-types-for 'script'; trusted-types vf";
  const app = await build(t, { VF_DEMO_CSP: policy });
  for (const url of ['/', '/demo/article.html', '/demo/index.html']) {
    const page = await app.inject({ method: 'GET', url });
    assert.equal(page.statusCode, 200, url);
    assert.equal(page.headers['content-security-policy'], policy, url);
  }
  for (const url of ['/demo/site.css', '/demo/standin-panel.js', '/healthz']) {
    assert.equal((await app.inject({ method: 'GET', url })).headers['content-security-policy'], undefined, url);
  }
  const without = await build(t);
  assert.equal((await without.inject({ method: 'GET', url: '/demo/article.html' })).headers['content-security-policy'], undefined, 'unset: no policy');

  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  assert.throws(() => loadConfig({ VF_DATA_DIR: dataDir, VF_DEMO: '0', VF_DEMO_CSP: policy }), (error: Error) => error instanceof ConfigError && /VF_DEMO_CSP .*demo mode only/.test(error.message));
  assert.throws(() => loadConfig({ VF_DATA_DIR: dataDir, VF_DEMO_CSP: "default-src 'self'\nX-Other: 1" }), (error: Error) => error instanceof ConfigError && /VF_DEMO_CSP must be one line/.test(error.message));
});
