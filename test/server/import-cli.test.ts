/**
 * `npm run import` and `npm run export` (server/cli/import.ts, export.ts; docs/import.md) spawned
 * as real processes on a seeded database: the progress on stderr as plain lines (stderr is a pipe
 * here, not a terminal), the summary, a second run that adds nothing, a malformed file's line and
 * column, usage errors; the export on stdout. SQLite by default; PostgreSQL with
 * VF_TEST_STORE=postgres and DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_SITE, seed } from '../../server/demo/index.ts';
import { freshPostgres, usingPostgres } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DISQUS = fileURLToPath(new URL('../fixtures/import/disqus.xml', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
let env: Record<string, string> = {};

before(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-import-cli-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  env = { VF_DATA_DIR: dataDir, DATABASE_URL: usingPostgres ? await freshPostgres(cleanups) : '' };
  const app = buildApp({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }) });
  await app.ready();
  await seed(app);
  await app.close();
});
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function npm(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

test('an import: progress lines on stderr, a summary on stdout; the second run adds nothing', async () => {
  const first = await npm('import', ['--site', 'localhost', '--format', 'disqus', DISQUS]);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /^import: 100% 0\.0 MB \/ 0\.0 MB {2}9 comments {2}\d+ comments\/s$/m);
  assert.ok(!first.stderr.includes('\r'), 'no redrawn line when stderr is not a terminal');
  assert.match(first.stdout, /^Imported into site "vf demo" \(5f3c2a1e-[^)]+\): 9 comments \(0 imported before\), 2 conversations, 5 new unclaimed accounts, 1 guest comments/);
  const second = await npm('import', ['--site', DEMO_SITE.uuid, '--format', 'disqus', DISQUS]);
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /: 0 comments \(9 imported before\), 2 conversations, 0 new unclaimed accounts/);
});

test('a malformed file: its line and column, exit code 1', async (t) => {
  const file = join(mkdtempSync(join(tmpdir(), 'vf-bad-')), 'bad.xml');
  t.after(() => rmSync(file, { force: true }));
  writeFileSync(file, '<disqus>\n  <thread dsq:id="1"><link>https://x.example/a</link>\n  </post>\n</disqus>\n');
  const run = await npm('import', ['--site', 'localhost', '--format', 'disqus', file]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /vf import: Not a well-formed Disqus file: line 3, column \d+: unexpected close tag/);
});

test('usage errors: exit code 2 with the usage line', async () => {
  for (const args of [['--format', 'disqus', DISQUS], ['--site', 'localhost', '--format', 'csv', DISQUS], ['--site', 'localhost', '--format', 'wxr']]) {
    const run = await npm('import', args);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.stderr, /usage: npm run import -- --site <site uuid or domain> --format disqus\|wxr/);
  }
  const missing = await npm('import', ['--site', 'localhost', '--format', 'wxr', '/nonexistent/file.xml']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /vf import: cannot read \/nonexistent\/file\.xml/);
  const unknown = await npm('import', ['--site', 'nowhere.example', '--format', 'wxr', DISQUS]);
  assert.match(unknown.stderr, /No site has the uuid or domain "nowhere\.example"\. The sites:\n {2}5f3c2a1e/);
});

test('an export on stdout: the JSON document with the comments imported above', async () => {
  const run = await npm('export', ['--site', 'localhost']);
  assert.equal(run.code, 0, run.stderr);
  const doc = JSON.parse(run.stdout) as { site: { uuid: string }; threads: { comments: { author: { email?: string } }[] }[] };
  assert.equal(doc.site.uuid, DEMO_SITE.uuid);
  assert.equal(doc.threads.flatMap((thread) => thread.comments).length, 9);
  const withEmail = JSON.parse((await npm('export', ['--site', 'localhost', '--include-email'])).stdout) as typeof doc;
  assert.ok(withEmail.threads.some((thread) => thread.comments.some((c) => c.author.email === 'maya@readers.example')));
});
