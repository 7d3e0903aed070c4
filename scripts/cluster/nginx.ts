/**
 * Debian's nginx in front of vf processes with the proxy rules operators use
 * (deploy/nginx/vf-proxy.conf and vf-upstream.conf, included as they are: docs/production.md), on
 * 127.0.0.1:`port`, everything it writes inside `dir`. For `npm run cluster` and the proxy tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild } from './services.ts';

const DEPLOY = resolve(fileURLToPath(new URL('../../deploy/nginx', import.meta.url)));
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface NginxOptions {
  dir: string;
  port: number;
  /** The vf processes' ports, one upstream server each. */
  upstreams: number[];
  /** Connections nginx may hold (readers' sockets and requests, and as many to the processes). */
  workerConnections?: number;
}

/** nginx's main configuration: the same upstream and server blocks as deploy/nginx/vf-site.conf, without TLS. */
export function nginxConfig({ dir, port, upstreams, workerConnections = 1024 }: NginxOptions): string {
  // A worker per core (each holds two descriptors per reader: its side and the process's), the
  // readers' connections spread over them by the kernel (reuseport).
  return `# Written by scripts/cluster/nginx.ts: deploy/nginx/vf-site.conf's shape on loopback, without TLS.
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
worker_processes auto;
worker_rlimit_nofile ${Math.min(workerConnections + 64, hardFileLimit())};
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream vf {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join('\n')}
    include ${DEPLOY}/vf-upstream.conf;
  }
  server {
    listen 127.0.0.1:${port} reuseport;
    server_name _;
    include ${DEPLOY}/vf-proxy.conf;
  }
}
`;
}

/** The most descriptors a process may open here (RLIMIT_NOFILE's hard limit): nginx cannot raise its own past it. */
function hardFileLimit(): number {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim());
  return Number.isFinite(limit) && limit > 0 ? limit : 1_048_576; // "unlimited"
}

export interface NginxService {
  pid: number;
  port: number;
  origin: string;
  stop(): Promise<void>;
}

/** Checks the configuration (`nginx -t`), runs nginx in the foreground and waits until it answers /healthz. */
export async function startNginx(options: NginxOptions): Promise<NginxService> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const { dir, port } = options;
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // nginx's workers (nobody, when run as root) make their temp folders here
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(options));
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf')];
  const checked = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t:\n${checked.stderr}`);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const stop = () => stopChild(child);
  const origin = `http://127.0.0.1:${port}`;
  if (await untilAnswers(`${origin}/healthz`, child, 10_000, 50)) return { pid: child.pid!, port, origin, stop };
  await stop();
  throw new Error(`nginx did not answer on ${origin}:\n${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`);
}

/** A GET's status, or 0 when nothing answered. */
function status(url: string): Promise<number> {
  return new Promise((done) => {
    request(url, { agent: false }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    }).on('error', () => done(0)).end();
  });
}

/** Polls `url` every `everyMs` until it answers 200 (true), or `child` exits or `timeoutMs` passes (false). */
export async function untilAnswers(url: string, child: ChildProcess, timeoutMs: number, everyMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && child.exitCode === null && child.signalCode === null;) {
    if ((await status(url)) === 200) return true;
    await new Promise((done) => setTimeout(done, everyMs));
  }
  return false;
}
