/**
 * The production build of the server (scripts/build-server.mjs → dist/server/, what `npm start`
 * runs): it starts on a fresh SQLite file, answers /healthz and /readyz, serves a demo page and
 * the API, renders a first paint (React and the elements' CSS come from its lazily loaded chunks),
 * and its admin CLI runs. Needs `npm run build` first (the build lane of scripts/test.mjs).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { DEMO_CONVERSATION_ID } from '../../server/demo/conversation.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { startServer } from '../support/serve.mjs';

test('the built server starts on a fresh SQLite file and answers health, readiness, a page, the API and a first paint', async (t) => {
  assert.ok(existsSync('dist/server/main.js'), 'dist/server/main.js is missing: run `npm run build`');
  const server = await startServer({ built: true });
  t.after(() => server.stop());

  const health = await fetch(`${server.origin}/healthz`);
  assert.deepEqual(await health.json(), { result: { ok: true } });
  const ready = await fetch(`${server.origin}/readyz`);
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: 'ready' });

  const page = await fetch(`${server.origin}/demo/article.html`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<vf-conversations/);
  assert.equal((await fetch(`${server.origin}/vf.js`)).status, 200);

  const api = await fetch(`${server.origin}/api/openapi.json`);
  assert.equal(api.status, 200);
  const document = (await api.json()) as { openapi: string; info: { title: string } };
  assert.match(document.openapi, /^3\.1/);
  assert.equal(document.info.title, 'vf', 'read from package.json beside dist/');

  const paint = await fetch(`${server.origin}/api/first-paint/vf-conversations?domain=127.0.0.1&container_id=${DEMO_CONVERSATION_ID}`);
  assert.equal(paint.status, 200);
  const { result } = (await paint.json()) as { result: { html: string; css: string } };
  assert.match(result.html, /class="vf-conversations"/);
  assert.ok(result.css.length > 100 && !result.css.includes('\n'), 'the element stylesheet, minified as the client build has it');

  assert.doesNotMatch(server.output(), /"level":(50|60)/, 'no error logged');
});

test('the built admin CLI runs (and explains its usage)', () => {
  const run = spawnSync(process.execPath, ['dist/server/admin.js'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /usage: npm run admin/);
});
