/**
 * `npm run admin -- export-user` and `delete-user` (docs/law.md "Readers' data": a request received
 * by letter), spawned as real processes against the database of a real server, as admin-cli.test.ts
 * does, and checked through the API. SQLite by default; PostgreSQL with VF_TEST_STORE=postgres.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import type { AuthResult, Comment, Container } from '../../core/api/types.ts';
import { ERASED_READER_NAME } from '../../core/legal/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { useAdminCliServer } from './support/adminCli.ts';

const SITE = DEMO_SITE.uuid;
const served = useAdminCliServer({ VF_DEMO: '0' });
const { api, cleanups, runAdmin } = served; // functions and the cleanups array: safe to take before the server starts
let outDir = '';

before(() => {
  outDir = mkdtempSync(join(tmpdir(), 'vf-rights-cli-'));
  cleanups.push(async () => rmSync(outDir, { recursive: true, force: true }));
});

let counter = 0;
/** A reader who signed up and wrote one comment; their email and password. */
async function readerWithComment(): Promise<{ email: string; password: string; login: AuthResult; comment: Comment; container: string }> {
  const n = ++counter;
  const email = `letter.writer${n}@example.test`;
  const password = 'a reader password';
  assert.equal((await api('POST', '/api/v2/users', { name: `Letter Writer ${n}`, email, password, section: SITE })).status, 200);
  const login = (await api<AuthResult>('POST', '/api/v2/users/login', { email, password, section: SITE })).result;
  const container = (await api<Container>('GET', `/api/comments/${SITE}/contentcontainer/id?container_id=letters-${n}`)).result;
  const comment = (await api<Comment>('POST', `/api/comments/${SITE}/${container.content_container_uuid}/comments`, { content: `Words of letter writer ${n}` }, login.access_token)).result;
  return { email, password, login, comment, container: container.content_container_uuid };
}

const loginAs = (email: string, password: string) => api<AuthResult>('POST', '/api/v2/users/login', { email, password, section: SITE });

test('export-user writes the same file the reader downloads: to --out (readable by its owner only), or on stdout', async () => {
  const reader = await readerWithComment();
  const out = join(outDir, 'letter.json');
  const run = await runAdmin(['export-user', '--site', 'localhost', '--email', reader.email.toUpperCase(), '--out', out]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, new RegExp(`The data of ${reader.email.replace('.', '\\.')} on site "vf demo" .* is in ${out}`));
  const file = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(statSync(out).mode & 0o777, 0o600);
  assert.deepEqual([file.format, file.profile.email, file.contents.map((c: { text: string }) => c.text)], ['vf-user-data', reader.email, [reader.comment.content]]);

  const downloaded = await fetch(`${served.server.origin}/api/v2/users/me/data?section=${SITE}`, { headers: { authorization: `Bearer ${reader.login.access_token}` } }).then((r) => r.json());
  const stdout = await runAdmin(['export-user', '--site', SITE, '--email', reader.email]);
  assert.equal(stdout.code, 0, stdout.stderr);
  const printed = JSON.parse(stdout.stdout);
  const withoutTimes = (data: { exported_at?: number; sessions?: unknown }) => ({ ...data, exported_at: 0, sessions: [] });
  assert.deepEqual(withoutTimes(printed), withoutTimes(downloaded as object));
});

test('an unknown email or site is refused; bad options are a usage error', async () => {
  const unknown = await runAdmin(['export-user', '--site', SITE, '--email', 'nobody@example.test']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /No account has the email nobody@example\.test on site "vf demo"/);
  assert.match((await runAdmin(['delete-user', '--site', 'nowhere.example', '--email', 'a@example.test'])).stderr, /No site has the uuid or domain "nowhere\.example"/);
  const usage = await runAdmin(['delete-user', '--site', SITE, '--email', 'a@example.test', '--yes']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--yes goes with --now/);
  assert.equal((await runAdmin(['export-user', '--site', SITE])).code, 2);
});

test('delete-user asks the deletion as the reader would: the grace period runs, and their login cancels it', async () => {
  const reader = await readerWithComment();
  const run = await runAdmin(['delete-user', '--site', SITE, '--email', reader.email]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /The deletion of .* is asked: it is erased on \d{4}-\d\d-\d\d \d\d:\d\d UTC unless they log in before/);
  const asked = await api<{ delete_after: number | null }>('GET', `/api/v2/users/me/deletion?section=${SITE}`, undefined, reader.login.access_token);
  assert.ok(asked.result.delete_after! > Date.now());
  const again = await runAdmin(['delete-user', '--site', SITE, '--email', reader.email]);
  assert.match(again.stdout, /was already asked/);
  const login = await loginAs(reader.email, reader.password);
  assert.equal(login.result.deletion_cancelled, true);
});

test('delete-user --now erases at once after a typed "yes" (anything else changes nothing); --yes skips the question', async () => {
  const reader = await readerWithComment();
  const declined = await runAdmin(['delete-user', '--site', SITE, '--email', reader.email, '--now'], 'no\n');
  assert.equal(declined.code, 1);
  assert.match(declined.stderr, /Erase .* now\? [\s\S]*This cannot be undone[\s\S]*Not confirmed; nothing done\./);
  assert.equal((await loginAs(reader.email, reader.password)).status, 200);

  const erased = await runAdmin(['delete-user', '--site', SITE, '--email', reader.email, '--now'], 'yes\n');
  assert.equal(erased.code, 0, erased.stderr);
  assert.match(erased.stdout, new RegExp(`is erased; their content stays under "Deleted reader". Its records keep the pseudonym ${reader.login.user.uuid}\\.`));
  assert.equal((await loginAs(reader.email, reader.password)).status, 401);
  assert.equal((await api('GET', '/api/v2/users/current', undefined, reader.login.access_token)).status, 401);
  const comment = await api<Comment>('GET', `/api/comments/${SITE}/${reader.container}/comments/${reader.comment.content_uuid}`);
  assert.deepEqual([comment.result.content, comment.result.actor.name], [reader.comment.content, ERASED_READER_NAME]);
  assert.equal((await runAdmin(['export-user', '--site', SITE, '--email', reader.email])).code, 1, 'nothing is left under that email');

  const other = await readerWithComment();
  const unasked = await runAdmin(['delete-user', '--site', SITE, '--email', other.email, '--now', '--yes']);
  assert.equal(unasked.code, 0, unasked.stderr);
  assert.equal((await loginAs(other.email, other.password)).status, 401);
});
