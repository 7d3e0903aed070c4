/**
 * Exporting a site's comments (docs/import.md "Export"): the admin-only route streams the JSON
 * document; what was imported comes back out (bodies, parents, authors, dates, states), emails
 * only when asked for. And the importer's memory stays bounded on a file far bigger than it keeps:
 * a generated export of 100 MB, streamed from a generator, never written to disk.
 */
import assert from 'node:assert/strict';
import { createReadStream, readFileSync } from 'node:fs';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { EXPORT_FORMAT } from '../../server/import/export.ts';
import { importComments } from '../../server/import/importer.ts';
import { generateDisqus } from '../fixtures/import/generate.ts';
import { bearer, build, countRows, SITE, signup, signupAs } from './helpers.ts';

interface ExportedComment {
  uuid: string;
  parent_uuid: string | null;
  thread_uuid: string;
  state: string;
  content: string;
  author: { uuid: string; name: string; guest: boolean; email?: string };
  date_created: number;
}
interface Exported {
  format: string;
  include_email: boolean;
  site: { uuid: string };
  threads: { uuid: string; container_id: string; is_closed: boolean; comments: ExportedComment[] }[];
}

const exportAs = (app: FastifyInstance, token?: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v2/sites/${SITE}/export`, query, headers: bearer(token) });

async function imported(t: import('node:test').TestContext): Promise<FastifyInstance> {
  const app = await build(t);
  await importComments(app.db, SITE, 'disqus', { input: createReadStream(new URL('../fixtures/import/disqus.xml', import.meta.url)) });
  return app;
}

test('only the site admins may export: 401 for a guest, 403 for a reader or a moderator; bad options are 400', async (t) => {
  const app = await imported(t);
  assert.equal((await exportAs(app)).statusCode, 401);
  assert.equal((await exportAs(app, (await signup(app)).access_token)).statusCode, 403);
  assert.equal((await exportAs(app, (await signupAs(app, 'mod')).access_token)).statusCode, 403);
  const admin = await signupAs(app, 'admin');
  assert.equal((await exportAs(app, admin.access_token, { include_email: 'perhaps' })).statusCode, 400);
  assert.equal((await app.inject({ method: 'GET', url: `/api/v2/sites/${crypto.randomUUID()}/export`, headers: bearer(admin.access_token) })).statusCode, 404);
});

test('what was imported comes back: threads, bodies, parents, authors, dates and states; no email unless asked', async (t) => {
  const app = await imported(t);
  const admin = await signupAs(app, 'admin');
  const response = await exportAs(app, admin.access_token);
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  assert.match(String(response.headers['content-disposition']), /^attachment; filename="vf-comments-.*\.json"$/);
  const doc = response.json() as Exported;
  assert.equal(doc.format, EXPORT_FORMAT);
  assert.equal(doc.include_email, false);
  const comments = doc.threads.flatMap((thread) => thread.comments);
  assert.equal(comments.length, 9);
  assert.ok(comments.every((c) => c.author.email === undefined));
  assert.deepEqual(doc.threads.map((thread) => [thread.container_id, thread.is_closed]).sort(), [
    ['https://news.example/2024/closed-story', true], ['https://news.example/2024/river-trees', false],
  ]);
  // Every stored comment, as stored (a deleted one without its text).
  const rows = await app.db.selectFrom('contents').selectAll().execute();
  for (const row of rows) {
    const out = comments.find((c) => c.uuid === row.uuid)!;
    assert.deepEqual([out.parent_uuid, out.thread_uuid, out.state, out.date_created], [row.parent_uuid, row.thread_uuid, row.state, Number(row.date_created)]);
    assert.equal(out.content, row.state === 'deleted' ? '' : row.content);
  }
  const byContent = (text: string) => comments.find((c) => c.content === text)!;
  const starter = byContent('Who waters ten thousand saplings in a dry August?\n\nNine in ten surviving sounds too good to be true.');
  assert.equal(starter.date_created, Date.parse('2024-03-01T09:00:00Z'));
  assert.equal(byContent('Thanks — count me in!').thread_uuid, starter.uuid);
  assert.deepEqual(byContent('Ünïcödé ✓ — 日本語のコメント 🌳').author, { ...byContent('Ünïcödé ✓ — 日本語のコメント 🌳').author, name: 'Wandering Guest', guest: true });

  const withEmail = (await exportAs(app, admin.access_token, { include_email: 'true' })).json() as Exported;
  assert.equal(withEmail.include_email, true);
  const authors = withEmail.threads.flatMap((thread) => thread.comments.map((c) => c.author));
  assert.ok(authors.some((a) => a.name === 'Maya Okafor' && a.email === 'maya@readers.example'));
  assert.ok(authors.filter((a) => a.guest).every((a) => a.email === undefined), 'a guest has no address');
  assert.ok(!JSON.stringify(withEmail).includes('password') && !JSON.stringify(withEmail).includes('!imported'));
});

test('an import through the API: admins only; NDJSON progress lines, then the result; a malformed file ends with its line and column', async (t) => {
  const app = await build(t);
  const url = `/api/v2/sites/${SITE}/import?format=disqus`;
  const file = readFileSync(new URL('../fixtures/import/disqus.xml', import.meta.url));
  const post = (token: string | undefined, payload: Buffer | string, path = url) =>
    app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': 'application/xml', ...bearer(token) } });
  assert.equal((await post(undefined, file)).statusCode, 401);
  assert.equal((await post((await signupAs(app, 'mod')).access_token, file)).statusCode, 403);
  const admin = (await signupAs(app, 'admin')).access_token;
  assert.equal((await post(admin, file, `/api/v2/sites/${SITE}/import?format=csv`)).statusCode, 400);
  assert.equal(await countRows(app, 'contents'), 0);
  const response = await post(admin, file);
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^application\/x-ndjson/);
  const lines = response.body.trim().split('\n').map((line) => JSON.parse(line) as { result?: { comments: number }; comments?: number });
  assert.equal(lines.at(-1)!.result!.comments, 9);
  assert.ok(lines.slice(0, -1).every((line) => typeof line.comments === 'number'));
  const again = (await post(admin, file)).body.trim().split('\n').at(-1)!;
  assert.equal((JSON.parse(again) as { result: { comments: number; already: number } }).result.already, 9);
  const broken = await post(admin, '<disqus><post dsq:id="1"></disqus>');
  assert.match(broken.body, /"error":\{"message":"Not a well-formed Disqus file: line 1, column \d+: unexpected close tag/);
});

test('a 100 MB export is read in bounded memory: the live heap grows by far less than the file', async (t) => {
  const app = await build(t);
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = 0;
  let read = 0;
  const stats = await importComments(
    app.db, SITE, 'disqus',
    { input: generateDisqus({ threads: 50, comments: 5000, padding: 20_000 }), onBytes: (bytes) => (read = bytes) },
    { onBatch: () => { gc(); peak = Math.max(peak, process.memoryUsage().heapUsed - before); } },
  );
  assert.equal(stats.comments, 5000);
  assert.equal(await countRows(app, 'import_pending'), 0, 'every reply listed before its parent found it');
  assert.ok(read > 100e6, `read ${read} bytes`);
  assert.ok(peak < 32e6, `the live heap grew by ${(peak / 1e6).toFixed(1)} MB while reading ${(read / 1e6).toFixed(0)} MB`);
});
