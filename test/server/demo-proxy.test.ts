/**
 * Demo mode answers only this machine (docs/server.md "Demo mode"): a request that came through a
 * proxy (Forwarded, any X-Forwarded-*, X-Real-IP, or a Host that is not a loopback name) gets
 * nothing of it — no /demo/mail, no login of a demo account, no stand-in, no local push endpoint —
 * whatever VF_TRUST_PROXY says. On the machine itself the demo works as before. The rule itself:
 * test/unit/localRequest.test.ts; the real process and its banner: demo-process.test.ts.
 */
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { updateSiteSettings } from '../../server/engine/sites.ts';
import { bearer, build, SITE, signup } from './helpers.ts';

/** Each way a request shows it came through a proxy, as the proxy on this machine would send it. */
const THROUGH_A_PROXY: Record<string, Record<string, string>> = {
  Forwarded: { forwarded: 'for=203.0.113.9;host=comments.example.com;proto=https' },
  'X-Forwarded-For': { 'x-forwarded-for': '203.0.113.9' },
  'X-Forwarded-Host': { 'x-forwarded-host': 'comments.example.com' },
  'X-Forwarded-Proto': { 'x-forwarded-proto': 'https' },
  'X-Forwarded-Server': { 'x-forwarded-server': 'proxy-1' },
  'X-Real-IP': { 'x-real-ip': '203.0.113.9' },
  'Host comments.example.com': { host: 'comments.example.com' },
  'Host 192.0.2.7:8080': { host: '192.0.2.7:8080' },
};
/** What the machine itself sends (inject's own Host is localhost:80). */
const LOCAL: Record<string, Record<string, string>> = {
  'inject defaults': {},
  'Host 127.0.0.1:8080': { host: '127.0.0.1:8080' },
  'Host [::1]:8080': { host: '[::1]:8080' },
  'Host localhost': { host: 'localhost' },
};

/** A route's address with each parameter filled in (`::` is a literal colon). */
const concrete = (pattern: string) => pattern.split('::').map((part) => part.replace(/:\w+/g, 'x')).join(':');

/** Every route demo mode serves only here: /demo/mail and the stand-ins (collected as they register). */
async function demoApp(t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const demoRoutes: { method: string; url: string }[] = [];
  // Each way of coming through a proxy tries both demo logins: the auth limits would stop them first.
  const app = await build(t, { VF_AUTH_LIMIT_PER_IP: '0', VF_AUTH_LIMIT_PER_EMAIL: '0', ...env }, (app) =>
    app.addHook('onRoute', (route) => {
      if (route.url === '/demo/mail' || route.url.startsWith('/demo/standin/')) {
        for (const method of [route.method].flat()) if (method !== 'HEAD') demoRoutes.push({ method, url: concrete(route.url) });
      }
    }),
  );
  return { app, demoRoutes };
}

const login = (app: FastifyInstance, account: (typeof DEMO_ACCOUNTS)[number], headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/v2/users/login', headers, payload: { email: account.email, password: account.password, section: SITE } });

/** The app's own answer to an address nothing serves (errors.ts), not a stand-in's own 404. */
const isNothingServed = (answer: { statusCode: number; body: string }, method: string, url: string) =>
  answer.statusCode === 404 && answer.body === JSON.stringify({ error_status: 404, message: `Not found: ${method} ${url}` });

test('through a proxy: /demo/mail and every stand-in are not there, and no demo account logs in', async (t) => {
  const { app, demoRoutes } = await demoApp(t);
  const stand = (prefix: string) => demoRoutes.some((route) => route.url.startsWith(`/demo/standin/${prefix}/`));
  for (const prefix of ['gigya', 'janrain', 'loginradius', 'backplane', 'akismet', 'perspective']) assert.ok(stand(prefix), `the ${prefix} stand-in is served`);
  assert.ok(demoRoutes.some((route) => route.url === '/demo/mail'));
  for (const [how, headers] of Object.entries(THROUGH_A_PROXY)) {
    for (const { method, url } of demoRoutes) {
      const answer = await app.inject({ method: method as 'GET', url, headers });
      assert.ok(isNothingServed(answer, method, url), `${how}: ${method} ${url} answered ${answer.statusCode} ${answer.body}`);
    }
    for (const account of DEMO_ACCOUNTS) {
      const refused = await login(app, account, headers);
      assert.equal(refused.statusCode, 401, `${how}: ${account.email}`);
      assert.match(refused.json().message, /^Demo accounts sign in only on the server's own machine/, how);
    }
  }
  // A reader's own account logs in through a proxy as anywhere.
  const reader = await signup(app);
  const through = await app.inject({ method: 'POST', url: '/api/v2/users/login', headers: THROUGH_A_PROXY['X-Forwarded-For']!, payload: { email: reader.user.email, password: reader.password, section: SITE } });
  assert.equal(through.statusCode, 200, through.body);
});

test('on the machine itself the demo works as before: the mail page, the stand-ins and the demo accounts', async (t) => {
  const { app, demoRoutes } = await demoApp(t);
  for (const [how, headers] of Object.entries(LOCAL)) {
    const mail = await app.inject({ method: 'GET', url: '/demo/mail', headers });
    assert.equal(mail.statusCode, 200, how);
    for (const { method, url } of demoRoutes) {
      const answer = await app.inject({ method: method as 'GET', url, headers });
      assert.ok(!isNothingServed(answer, method, url), `${how}: ${method} ${url} is served (${answer.statusCode})`);
    }
    for (const account of DEMO_ACCOUNTS) assert.equal((await login(app, account, headers)).statusCode, 200, `${how}: ${account.email}`);
  }
});

test('VF_TRUST_PROXY changes nothing of it: a request through a trusted proxy is refused demo mode too', async (t) => {
  const { app } = await demoApp(t, { VF_TRUST_PROXY: '127.0.0.1' });
  const headers = { 'x-forwarded-for': '127.0.0.1' };
  assert.equal((await app.inject({ method: 'GET', url: '/demo/mail', headers })).statusCode, 404);
  assert.equal((await login(app, DEMO_ACCOUNTS[0]!, headers)).statusCode, 401);
  assert.equal((await app.inject({ method: 'GET', url: '/demo/mail' })).statusCode, 200, 'locally as before');
});

test('a push endpoint on this machine is taken only from a request made on it (demo mode)', async (t) => {
  const { app } = await demoApp(t);
  await updateSiteSettings(app.db, SITE, { enable_push_notifications: true });
  const reader = await signup(app);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const body = (id: string) => ({
    service_type: 'web_push', subscription_id: id, endpoint: `http://127.0.0.1:9/push/${id}`,
    public_key: ecdh.getPublicKey().toString('base64url'), auth_secret: randomBytes(16).toString('base64url'),
  });
  const subscribe = (id: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/v5/subscriptions/${SITE}/push`, headers: { ...bearer(reader.access_token), ...headers }, payload: body(id) });
  const refused = await subscribe('through-a-proxy', THROUGH_A_PROXY['X-Forwarded-For']!);
  assert.deepEqual([refused.statusCode, refused.json().field], [400, 'endpoint']);
  assert.equal((await subscribe('on-this-machine', {})).statusCode, 200);
});
