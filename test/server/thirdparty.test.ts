// GET /api/v2/thirdpartycookie: a probe cookie set on the first ask, seen on the next.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from './helpers.ts';

test('the first ask sets a cross-site probe cookie and answers false; with it, true', async (t) => {
  const app = await build(t);
  const first = await app.inject({ method: 'GET', url: '/api/v2/thirdpartycookie' });
  assert.equal(first.statusCode, 200);
  assert.deepEqual(first.json(), { result: { thirdparty_enabled: false } });
  const cookie = String(first.headers['set-cookie']);
  assert.match(cookie, /^vf_tpc=1;/);
  assert.match(cookie, /SameSite=None/);
  assert.match(cookie, /Secure/);

  const second = await app.inject({ method: 'GET', url: '/api/v2/thirdpartycookie', headers: { cookie: 'other=x; vf_tpc=1' } });
  assert.deepEqual(second.json(), { result: { thirdparty_enabled: true } });
  assert.equal(second.headers['set-cookie'], undefined);
});

test('unknown query fields are refused', async (t) => {
  const app = await build(t);
  const response = await app.inject({ method: 'GET', url: '/api/v2/thirdpartycookie?probe=1' });
  assert.equal(response.statusCode, 400);
});
