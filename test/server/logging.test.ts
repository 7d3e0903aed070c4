/**
 * Structured logs (server/operations/logging.ts, docs/server.md "Operations"): one JSON line per
 * answered request with its id, route pattern, status and duration; no Authorization header,
 * cookie, password or query-string token in any line; LOG_FORMAT=text for people.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { SITE } from './helpers.ts';

async function logged(t: TestContext, format: 'json' | 'text') {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-log-'));
  const lines: string[] = [];
  const app = buildApp({
    config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: format, VF_PASSWORD_COST: '10' }),
    logStream: { write: (line) => void lines.push(line) },
  });
  t.after(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return { app, lines };
}

const SECRETS = { bearer: 'bearer-secret-4f9a1c', cookie: 'cookie-secret-77e2b0', password: 'password-secret-1b3d', query: 'query-secret-9c8d' };

test('a request gives one JSON line: request id, method, route pattern, path, status and duration', async (t) => {
  const { app, lines } = await logged(t, 'json');
  const container = randomUUID();
  const response = await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${container}/events?after=0`, headers: { 'x-request-id': 'proxy-id-42' } });
  assert.equal(response.statusCode, 404);
  assert.equal(response.headers['x-request-id'], 'proxy-id-42', 'the id is echoed');
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = entries.filter((entry) => entry['msg'] === 'request');
  assert.equal(requestLines.length, 1, lines.join(''));
  const [line] = requestLines;
  assert.equal(line!['reqId'], 'proxy-id-42');
  assert.equal(line!['method'], 'GET');
  assert.equal(line!['route'], '/api/comments/:section/:container/events');
  assert.equal(line!['path'], `/api/comments/${SITE}/${container}/events`);
  assert.equal(line!['status'], 404);
  assert.equal(typeof line!['ms'], 'number');
  assert.equal(line!['level'], 30);

  // Without a usable id of its own (spaces, quotes), a request gets a new UUID.
  const other = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'not "an" id' } });
  assert.match(String(other.headers['x-request-id']), /^[0-9a-f-]{36}$/);
});

test('no Authorization header, cookie, password or query-string token reaches the log, also for failures', async (t) => {
  const { app, lines } = await logged(t, 'json');
  const headers = { authorization: `Bearer ${SECRETS.bearer}`, cookie: `vf_session=${SECRETS.cookie}` };
  await app.inject({ method: 'GET', url: `/api/v2/users/me?token=${SECRETS.query}`, headers });
  await app.inject({ method: 'POST', url: '/api/v2/users/login', headers, payload: { email: 'nobody@example.test', password: SECRETS.password, section: SITE } });
  await app.inject({ method: 'GET', url: '/metrics', headers }); // refused: a 401 logged by the error handler
  // An error object logged with the request, as a handler might: its secrets are censored too.
  app.log.error({ headers, password: SECRETS.password, body: { password: SECRETS.password } }, 'a handler logs what it has');
  const all = lines.join('');
  assert.ok(lines.filter((line) => line.includes('"msg":"request"')).length >= 3, all);
  for (const secret of Object.values(SECRETS)) assert.ok(!all.includes(secret), `${secret} is in the log:\n${all}`);
  assert.ok(all.includes('[redacted]'), 'the censored fields say so');
});

test('LOG_FORMAT=text: the same line for a person (time, level, message, fields)', async (t) => {
  const { app, lines } = await logged(t, 'text');
  await app.inject({ method: 'GET', url: '/healthz' });
  const line = lines.find((l) => l.includes(' request '));
  assert.ok(line, lines.join(''));
  assert.match(line, /^\d\d:\d\d:\d\d\.\d{3} INFO  request {2}reqId=[0-9a-f-]{36} method=GET route=\/healthz path=\/healthz status=200 ms=[\d.]+\n$/);
});
