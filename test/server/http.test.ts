import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { REPO_ROOT } from '../../server/routes/static.ts';
import { build } from './helpers.ts';

describe('CORS', () => {
  test("allows a site's domain (any port), refuses others, lets Origin-less requests through", async (t) => {
    const app = await build(t);
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/v2/users/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
    const allowed = await preflight('http://localhost:5173');
    assert.equal(allowed.statusCode, 204);
    assert.equal(allowed.headers['access-control-allow-origin'], 'http://localhost:5173');
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
    assert.match(String(allowed.headers['access-control-allow-headers']), /Authorization/);
    assert.match(String(allowed.headers['access-control-allow-methods']), /DELETE/);

    const refused = await preflight('https://evil.example');
    assert.equal(refused.headers['access-control-allow-origin'], undefined);

    const simple = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    assert.equal(simple.headers['access-control-allow-origin'], undefined);
    const noOrigin = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(noOrigin.statusCode, 200);
  });
});

describe('the server process', () => {
  // fastify-plugin names an unnamed plugin from a stack trace, and formatting that trace parses
  // the built bundle's whole source map (`--enable-source-maps`), kept for good: about 34 MB of
  // the idle server's heap (docs/server.md "Memory and start time").
  test('every plugin has a name of its own: none is named from a stack trace', async (t) => {
    const app = await build(t);
    const tree = app.printPlugins();
    assert.ok(tree.includes('vf-storage'), 'the tree names the plugins');
    assert.deepEqual(tree.match(/\S+-auto-\d+/g) ?? [], []);
  });
});

describe('static files', () => {
  test('/healthz', async (t) => {
    const app = await build(t);
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    assert.deepEqual(res.json(), { result: { ok: true } });
  });

  test('/vf.js: served with a short cache, or a clear 404 when not built', async (t) => {
    const app = await build(t);
    const res = await app.inject({ method: 'GET', url: '/vf.js' });
    if (existsSync(join(REPO_ROOT, 'dist', 'vf.js'))) {
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'public, max-age=300');
    } else {
      assert.equal(res.statusCode, 404);
      assert.match(res.json().message, /npm run build/);
    }
  });

  test('chunks are public to any origin, without credentials or Vary: Origin (one cache entry for fetch() and import())', async (t) => {
    const app = await build(t);
    for (const origin of [undefined, 'http://localhost:5173', 'https://news.example']) {
      const res = await app.inject({ method: 'GET', url: '/chunks/core-x.js', headers: origin ? { origin } : {} });
      assert.equal(res.headers['access-control-allow-origin'], '*', String(origin));
      assert.equal(res.headers['access-control-allow-credentials'], undefined);
      assert.doesNotMatch(String(res.headers.vary ?? ''), /origin/i);
    }
    // The API keeps its site check.
    const api = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://news.example' } });
    assert.equal(api.headers['access-control-allow-origin'], undefined);
  });

  test('no path escapes the served folders', async (t) => {
    const app = await build(t);
    for (const url of ['/chunks/../../package.json', '/demo/../package.json', '/chunks/%2e%2e/%2e%2e/package.json', '/demo/..%2fpackage.json']) {
      const res = await app.inject({ method: 'GET', url });
      assert.notEqual(res.statusCode, 200, url);
      assert.ok(!res.body.includes('"dependencies"'), url);
    }
  });
});
