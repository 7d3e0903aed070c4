/**
 * deploy/nginx.conf in front of the server, as production runs it (docs/server.md "Behind a
 * reverse proxy"): a real nginx on 127.0.0.1 with that file (only its listen address and its
 * upstream's port changed), readers connecting from other loopback addresses (127.0.0.2, …).
 * vf, with VF_TRUST_PROXY naming nginx, sees each reader's own address, whatever the reader claims
 * in X-Forwarded-For; websockets pass; demo mode answers nothing that came through nginx.
 * It needs Debian's nginx, which .ci/run installs: without it the test fails, saying so.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { WebSocket } from 'ws';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { freePort } from '../support/serve.mjs';
import { build, container, postComment, SITE, signup } from './helpers.ts';
import { Client } from './realtime-client.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/** deploy/nginx.conf with nginx listening on 127.0.0.1:`port` and proxying to vf on `vfPort`. */
function deployedConfig(port: number, vfPort: number): string {
  const file = readFileSync('deploy/nginx.conf', 'utf8');
  const replaced = file.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`).replace(/^(\s*)server 127\.0\.0\.1:8080;$/m, `$1server 127.0.0.1:${vfPort};`);
  assert.equal(replaced.split('\n').length, file.split('\n').length);
  assert.ok(replaced.includes(`listen 127.0.0.1:${port};`) && replaced.includes(`server 127.0.0.1:${vfPort};`), 'deploy/nginx.conf has the lines its comments name');
  return replaced;
}

/** Runs nginx in the foreground with everything it writes inside a temporary folder; stopped by pid after the test. */
async function startNginx(t: TestContext, vfPort: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vf-nginx-'));
  chmodSync(dir, 0o755); // nginx's workers (nobody, when run as root) make their temp folders here
  const port = await freePort();
  writeFileSync(join(dir, 'vf.conf'), deployedConfig(port, vfPort));
  writeFileSync(join(dir, 'nginx.conf'), `
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/vf.conf;
}
`);
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf')];
  const checked = spawn(NGINX!, [...args, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  checked.stderr.on('data', (chunk) => (said += chunk));
  const [code] = (await once(checked, 'exit')) as [number];
  assert.equal(code, 0, `nginx -t:\n${said}`);
  const nginx = spawn(NGINX!, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  t.after(async () => {
    if (nginx.exitCode === null) {
      const exited = once(nginx, 'exit');
      process.kill(nginx.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if ((await get(origin, '/healthz', '127.0.0.1').catch(() => null))?.status === 200) return origin;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not answer:\n${readFileSync(join(dir, 'error.log'), 'utf8')}`);
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

test('deploy/nginx.conf in front: vf sees each reader\'s address, passes websockets, and keeps demo mode to this machine', async (t) => {
  assert.ok(NGINX, 'nginx is not installed: apt-get install nginx (.ci/run does)');
  const seen: string[] = [];
  const app = await build(t, { VF_TRUST_PROXY: '127.0.0.1', VF_AUTH_LIMIT_PER_IP: '1' }, (app) => app.addHook('onRequest', async (request) => void seen.push(request.ip)));
  const direct = await app.listen({ port: 0, host: '127.0.0.1' });
  const proxied = await startNginx(t, Number(new URL(direct).port));

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
