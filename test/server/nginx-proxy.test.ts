/**
 * deploy/nginx's rules in front of the server, as production runs them (docs/production.md): a
 * real nginx on 127.0.0.1 with vf-proxy.conf and vf-upstream.conf included as they are, readers connecting from other loopback addresses (127.0.0.2, …).
 * vf, with VF_TRUST_PROXY naming nginx, sees each reader's own address, whatever the reader claims
 * in X-Forwarded-For; websockets pass; demo mode answers nothing that came through nginx.
 * It needs Debian's nginx, which .ci/run installs: without it the test fails, saying so.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { WebSocket } from 'ws';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { startNginx } from '../../scripts/cluster/nginx.ts';
import { freePort } from '../support/serve.mjs';
import { build, container, postComment, SITE, signup } from './helpers.ts';
import { Client } from './realtime-client.ts';

/** nginx with deploy/nginx's rules in front of vf on `vfPort` (scripts/cluster/nginx.ts, as `npm run cluster` runs it); stopped by pid after the test. */
async function startProxy(t: TestContext, vfPort: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vf-nginx-'));
  const nginx = await startNginx({ dir, port: await freePort(), upstreams: [vfPort], workerConnections: 64 });
  t.after(async () => {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return nginx.origin;
}

interface Answer { status: number; body: string }

/** One request from the loopback address `from` (a reader of its own), as a browser or curl sends it. */
function send(origin: string, method: string, path: string, from: string, headers: Record<string, string> = {}, body?: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const call = request(`${origin}${path}`, { method, localAddress: from, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    call.on('error', reject);
    call.end(payload);
  });
}
const get = (origin: string, path: string, from: string, headers?: Record<string, string>) => send(origin, 'GET', path, from, headers);

test('deploy/nginx in front: vf sees each reader\'s address, passes websockets, and keeps demo mode to this machine', async (t) => {
  const seen: string[] = [];
  const app = await build(t, { VF_TRUST_PROXY: '127.0.0.1', VF_AUTH_LIMIT_PER_IP: '1' }, (app) => app.addHook('onRequest', async (request) => void seen.push(request.ip)));
  const direct = await app.listen({ port: 0, host: '127.0.0.1' });
  const proxied = await startProxy(t, Number(new URL(direct).port));

  seen.length = 0;
  assert.equal((await get(proxied, '/healthz', '127.0.0.2')).status, 200);
  assert.equal((await get(proxied, '/healthz', '127.0.0.3', { 'x-forwarded-for': '203.0.113.9' })).status, 200);
  assert.deepEqual(seen, ['127.0.0.2', '127.0.0.3'], 'the address nginx saw, not one a reader claims');

  // Two readers behind nginx: a sign-up budget each (VF_AUTH_LIMIT_PER_IP=1).
  const signUp = (from: string, n: number) => send(proxied, 'POST', '/api/v2/users', from, {}, { name: 'Reader', email: `nginx${n}@example.test`, password: 'password-123', section: SITE });
  assert.deepEqual([(await signUp('127.0.0.2', 1)).status, (await signUp('127.0.0.2', 2)).status, (await signUp('127.0.0.3', 3)).status], [200, 429, 200]);

  // Demo mode: nothing of it through nginx, as before on the machine itself.
  assert.equal((await get(proxied, '/demo/mail', '127.0.0.2')).status, 404);
  assert.equal((await get(direct, '/demo/mail', '127.0.0.1')).status, 200);
  const admin = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'admin')!;
  const adminLogin = await send(proxied, 'POST', '/api/v2/users/login', '127.0.0.4', {}, { email: admin.email, password: admin.password, section: SITE });
  assert.equal(adminLogin.status, 401, adminLogin.body);

  // The realtime feed through nginx: a comment posted reaches the socket.
  const reader = await signup(app);
  const page = await container(app);
  const socket = new WebSocket(`${proxied.replace('http', 'ws')}/ws?site_uuid=${SITE}`, { origin: proxied, localAddress: '127.0.0.5' });
  t.after(() => socket.terminate());
  await once(socket, 'open');
  const live = new Client(socket);
  await live.subscribe('s', page.content_container_uuid);
  const comment = await postComment(app, reader.access_token, page.content_container_uuid, 'through nginx');
  assert.equal((await live.nextEvent()).content?.content_uuid, comment.content_uuid);
  assert.ok(seen.includes('127.0.0.5'), 'the websocket upgrade came with the reader\'s address');
});
