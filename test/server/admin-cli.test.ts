/**
 * `npm run admin` (server/cli/admin.ts, docs/server.md "The first admin"): spawned as a real
 * process against the database of a real server started without demo mode, the password piped
 * on stdin (or typed at a terminal, echo off), then checked by logging in through the API.
 * SQLite by default; PostgreSQL with VF_TEST_STORE=postgres and DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { AuthResult } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { freshPostgres, usingPostgres } from './helpers.ts';
import { useAdminCliServer } from './support/adminCli.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const served = useAdminCliServer({ VF_DEMO: '0' });
const { api, cleanups, runAdmin } = served; // functions and the cleanups array: safe to take before the server starts

const login = (email: string, password: string) => api<AuthResult>('POST', '/api/v2/users/login', { email, password, section: DEMO_SITE.uuid });
const signUp = (body: object) => api('POST', '/api/v2/users', { ...body, section: DEMO_SITE.uuid });

test('a new admin: the password piped on stdin, the site named by domain; the account signs in as an admin', async () => {
  const run = await runAdmin(['--email', 'Chief@News.Example', '--site', 'localhost', '--name', 'Chief Editor'], 'a long admin secret\n');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /chief@news\.example is a new admin of site "vf demo"/);
  assert.ok(!run.stdout.includes('a long admin secret') && !run.stderr.includes('a long admin secret'));
  const signedIn = await login('chief@news.example', 'a long admin secret');
  assert.equal(signedIn.status, 200);
  assert.equal(signedIn.result.user.user_privilege, 'admin');
  assert.equal(signedIn.result.user.name, 'Chief Editor');
});

test('a password sign-up would refuse is refused with a clear message, and no account is made', async () => {
  const run = await runAdmin(['--email', 'short@news.example', '--site', DEMO_SITE.uuid], 'short7!\n');
  assert.equal(run.code, 1);
  assert.match(run.stderr, /The password is too short: at least 8 characters \(this one has 7\)\. Nothing changed\./);
  assert.equal((await login('short@news.example', 'short7!')).status, 401);
  // The same rule as sign-up: the API refuses that password too, and takes one of 8.
  assert.equal((await signUp({ name: 'Short', email: 'short@news.example', password: 'short7!' })).status, 400);
  const eight = await runAdmin(['--email', 'eight@news.example', '--site', DEMO_SITE.uuid], 'eight8!!\n');
  assert.equal(eight.code, 0, eight.stderr);
});

test('an existing account becomes an admin only once its own password is typed', async () => {
  const email = 'reader@news.example';
  assert.equal((await signUp({ name: 'Reader', email, password: 'the reader password' })).status, 200);

  const wrong = await runAdmin(['--email', email, '--site', DEMO_SITE.uuid], 'a guess at it\n');
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /That is not the password of reader@news\.example; nothing changed\./);
  assert.equal((await login(email, 'the reader password')).result.user.user_privilege, 'user');

  const right = await runAdmin(['--email', email, '--site', DEMO_SITE.uuid], 'the reader password\n');
  assert.equal(right.code, 0, right.stderr);
  assert.match(right.stdout, /reader@news\.example is now an admin of site "vf demo" .*\(it was user\)/);
  assert.equal((await login(email, 'the reader password')).result.user.user_privilege, 'admin', 'same password, new role');
});

test('the password is never taken from the command line', async () => {
  const run = await runAdmin(['--email', 'flag@news.example', '--site', DEMO_SITE.uuid, '--password', 'on-the-command-line'], '');
  assert.equal(run.code, 2);
  assert.match(run.stderr, /Unknown option '--password'[\s\S]*never an argument: type it at the prompt or pipe it on stdin/);
  assert.equal((await login('flag@news.example', 'on-the-command-line')).status, 401);
});

test('at a terminal the password is typed twice with echo off', async () => {
  // `script` gives the command a terminal; what it prints is what the terminal shows.
  const command = `npm run --silent admin -- --email typed@news.example --site ${DEMO_SITE.uuid}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...process.env, VF_DATA_DIR: served.server.dataDir, DATABASE_URL: served.databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let shown = '';
  child.stdout.on('data', (chunk) => (shown += chunk));
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const typeAfter = async (prompt: string, text: string) => {
    for (let i = 0; i < 200 && !shown.includes(prompt); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(shown.includes(prompt), `no "${prompt}" in: ${shown}`);
    child.stdin.write(text);
  };
  await typeAfter('Password for the new admin typed@news.example: ', 'typed at the tty\r');
  await typeAfter('Repeat it: ', 'typed at the tty\r');
  assert.equal(await closed, 0, shown);
  assert.ok(!shown.includes('typed at the tty'), `the password was echoed: ${shown}`);
  assert.equal((await login('typed@news.example', 'typed at the tty')).result.user.user_privilege, 'admin');
});

test('before any server start: the migrations run, and a site that does not exist is refused', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-admin-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const fresh = usingPostgres ? await freshPostgres(cleanups) : '';
  const run = await runAdmin(['--email', 'first@news.example', '--site', 'news.example'], 'a long admin secret\n', { VF_DATA_DIR: dataDir, DATABASE_URL: fresh });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /No site has the uuid or domain "news\.example"\. There is no site yet/);
});
