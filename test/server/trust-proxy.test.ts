/**
 * VF_TRUST_PROXY (docs/server.md "Behind a reverse proxy"): the proxies whose X-Forwarded-For is
 * believed. Unset, every reader behind a proxy shares its address for every per-address limit;
 * set, each reader has the address the trusted proxy saw, and a peer that is not one of them
 * cannot choose its own. A real nginx in front: nginx-proxy.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DOMAIN, makeEvent } from './analytics-calls.ts';
import { setSiteSettings } from './comment-calls.ts';
import { build, container, SITE } from './helpers.ts';

const PROXY = '10.9.0.1';
const [READER_A, READER_B] = ['198.51.100.1', '198.51.100.2'];

let counter = 0;
/** A sign-up from `peer` (the TCP peer: the proxy, or a client reaching the server directly). */
const signUp = (app: FastifyInstance, peer: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST', url: '/api/v2/users', remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { name: 'Reader', email: `reader${++counter}@example.test`, password: 'password-123', section: SITE },
  });

test('VF_TRUST_PROXY: addresses, CIDRs and the names loopback, linklocal, uniquelocal; anything else stops the server naming it', (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const trusted = (value?: string) => loadConfig({ VF_DATA_DIR: dataDir, ...(value === undefined ? {} : { VF_TRUST_PROXY: value }) }).trustProxy;
  assert.equal(trusted(), null, 'unset: no proxy is believed');
  assert.equal(trusted(' '), null);
  assert.deepEqual(trusted('127.0.0.1'), ['127.0.0.1']);
  assert.deepEqual(trusted(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8, loopback,uniquelocal,linklocal '), ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback', 'uniquelocal', 'linklocal']);
  for (const switchLike of ['true', '*', 'all', '1', '2']) {
    assert.throws(() => trusted(switchLike), (error: Error) => error instanceof ConfigError && /^VF_TRUST_PROXY names the proxies .*not a switch or a hop count/.test(error.message), switchLike);
  }
  for (const bad of ['10.0.0.0/33', '::1/129', '10.0.0.1/', '10.0.0.256', 'proxy.example.com', '127.0.0.1,,10.0.0.1', 'loopback;10.0.0.1', '10.0.0.0/8/8', '10.0.0.0/255.0.0.0']) {
    assert.throws(() => trusted(bad), (error: Error) => error instanceof ConfigError && /^VF_TRUST_PROXY: ".*" is not an IP address or CIDR/.test(error.message), bad);
  }
});

test('unset: X-Forwarded-For is ignored, so every reader behind one proxy shares its address', async (t) => {
  const app = await build(t, { VF_AUTH_LIMIT_PER_IP: '1' });
  assert.equal((await signUp(app, PROXY, READER_A)).statusCode, 200);
  assert.equal((await signUp(app, PROXY, READER_B)).statusCode, 429, "the proxy's address is over its limit");
});

test('set: two readers behind the trusted proxy have their own sign-up and guest-posting budgets', async (t) => {
  const app = await build(t, { VF_TRUST_PROXY: `127.0.0.1, ${PROXY}`, VF_AUTH_LIMIT_PER_IP: '1', VF_POST_LIMIT: '1' });
  assert.equal((await signUp(app, PROXY, READER_A)).statusCode, 200);
  assert.equal((await signUp(app, PROXY, READER_A)).statusCode, 429, "reader A's address is over its limit");
  assert.equal((await signUp(app, PROXY, READER_B)).statusCode, 200, 'reader B has a budget of its own');

  await setSiteSettings(app, { enable_anonymous_comments: true });
  const c = await container(app);
  const guestPost = (forwardedFor: string) =>
    app.inject({
      method: 'POST', url: `/api/comments/${c.section_uuid}/${c.content_container_uuid}/comments`, remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor }, payload: { content: 'hi', anonymous_name: 'Kim' },
    });
  assert.deepEqual([(await guestPost(READER_A)).statusCode, (await guestPost(READER_A)).statusCode], [200, 429]);
  assert.equal((await guestPost(READER_B)).statusCode, 200, 'one busy guest does not block the others');
});

test("set: a peer that is not a trusted proxy cannot choose its address, nor can a reader behind one", async (t) => {
  const app = await build(t, { VF_TRUST_PROXY: PROXY, VF_AUTH_LIMIT_PER_IP: '1' });
  const stranger = '10.9.0.2';
  assert.equal((await signUp(app, stranger, READER_A)).statusCode, 200);
  assert.equal((await signUp(app, stranger, READER_B)).statusCode, 429, "the untrusted peer's X-Forwarded-For is ignored");
  // A reader's own X-Forwarded-For reaches the server in front of what the proxy adds: only the
  // address the trusted proxy saw is believed.
  assert.equal((await signUp(app, PROXY, READER_B)).statusCode, 200);
  assert.equal((await signUp(app, PROXY, `${READER_A}, ${READER_B}`)).statusCode, 429, 'reader B, whatever it claims');
});

test('set: the analytics limit per address follows the forwarded reader too', async (t) => {
  const app = await build(t, { VF_TRUST_PROXY: PROXY, VF_ANALYTICS_LIMIT_PER_IP: '1' });
  const batch = (forwardedFor: string) =>
    app.inject({
      method: 'POST', url: '/api/analytics/events', query: { domain: DOMAIN }, remoteAddress: PROXY,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, payload: JSON.stringify({ events: [makeEvent('page_view')] }),
    });
  assert.deepEqual([(await batch(READER_A)).statusCode, (await batch(READER_A)).statusCode], [204, 429]);
  assert.equal((await batch(READER_B)).statusCode, 204);
});
