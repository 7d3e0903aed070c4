/**
 * The cluster layer's tools (issue 47): `npm run cluster` started as a child process and stopped
 * by pid; every HTTP answer through nginx recorded (who asked, when, what came back); writers that
 * post through nginx and keep every acknowledged comment (the readers: reader.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { EventsPage } from '../../core/api/types.ts';
import { freePort } from '../../scripts/cluster/ports.mjs';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { callApi } from '../support/callApi.ts';
import { TEST_SERVER_ENV } from '../support/serve.mjs';
import { until } from '../support/until.ts';

export const SITE = DEMO_SITE.uuid;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The cluster tests import `until` from here with the rest of the cluster's tools.
export { until };

export interface ClusterState {
  processes: { pid: number; port: number; log: string }[];
  nginx: { pid: number; port: number };
  postgres: { pid: number; port: number; dir: string; url: string };
  redis: { pid: number; port: number; url: string };
}

/** The test environment the cluster's processes inherit: test/support/serve.mjs's. */
const TEST_ENV = {
  ...TEST_SERVER_ENV,
  LOG_LEVEL: 'info', // the drain's lines ("shutting down", "shut down" and how long) explain a failure
};

export class Cluster {
  readonly origin: string;
  readonly wsUrl: string;

  private constructor(private readonly child: ChildProcess, readonly dir: string, readonly port: number, readonly output: () => string) {
    this.origin = `http://127.0.0.1:${port}`;
    this.wsUrl = `ws://127.0.0.1:${port}/ws?site_uuid=${SITE}`;
  }

  /**
   * `npm run cluster -- --port <free> --processes <n> --data <new folder>`, `env` on top of the
   * test environment; resolves once cluster.json is written.
   */
  static async start(processes = 3, env: Record<string, string> = {}, readyWithinMs = 120_000): Promise<Cluster> {
    const dir = mkdtempSync(join(tmpdir(), 'vf-cluster-test-'));
    const port = await freePort();
    const args = ['--import', 'tsx', 'scripts/cluster/main.ts', '--port', String(port), '--processes', String(processes), '--data', dir];
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...TEST_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
    // A test process that dies before stop() must not leave the cluster running: it stops it all.
    const stopWithParent = () => child.kill('SIGTERM');
    process.once('exit', stopWithParent);
    child.once('exit', () => process.removeListener('exit', stopWithParent));
    const cluster = new Cluster(child, dir, port, () => output);
    try {
      await until(() => existsSync(join(dir, 'cluster.json')) || child.exitCode !== null, readyWithinMs, 'the cluster to write cluster.json', 100);
      if (child.exitCode !== null) throw new Error(`npm run cluster exited ${child.exitCode}:\n${output}`);
    } catch (error) {
      await cluster.stop(true);
      throw error;
    }
    return cluster;
  }

  state(): ClusterState {
    return JSON.parse(readFileSync(join(this.dir, 'cluster.json'), 'utf8')) as ClusterState;
  }

  /** Each vf process's last warnings, errors and shutdown lines (for a failure's message). */
  logs(lines = 10): string {
    const notable = (line: string) => /"level":[456]0|shut|drain/.test(line);
    const tail = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(notable).slice(-lines).map((line) => line.slice(0, 300)).join('\n') : '');
    return this.state().processes.map((p) => `--- ${p.log}\n${tail(p.log)}`).join('\n');
  }

  /**
   * SIGTERM to the cluster (it stops everything it started) and waits for its exit; removes its
   * folder unless `keep` (a failed test: the processes' and nginx's logs stay there to read).
   */
  async stop(keep = false): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      process.kill(this.child.pid!, 'SIGTERM');
      await exited;
    }
    if (keep) console.log(`the cluster's folder, kept: ${this.dir}`);
    else rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A process's /readyz straight on its port: the status (0: nothing answered) and the dependencies it names. */
export async function readyz(port: number): Promise<{ status: number; failed: string[] }> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5000) });
    const body = (await response.json()) as { failed?: Record<string, string> };
    return { status: response.status, failed: Object.keys(body.failed ?? {}) };
  } catch {
    return { status: 0, failed: [] };
  }
}

export interface Answer {
  what: string;
  started: number;
  ended: number;
  /** 0: no answer (connection refused or reset, time-out). */
  status: number;
  retryAfter: string | null;
  body: string;
}

/** Every HTTP call the readers and writers make, with its answer. */
export class Recorder {
  readonly answers: Answer[] = [];

  async call<T>(what: string, url: string, init: RequestInit = {}): Promise<T | null> {
    const started = Date.now();
    let answer: Answer;
    let result: T | null = null;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (response.ok) result = (JSON.parse(body) as { result: T }).result;
      answer = { what, started, ended: Date.now(), status: response.status, retryAfter: response.headers.get('retry-after'), body: response.ok ? '' : body.slice(0, 300) };
    } catch (error) {
      answer = { what, started, ended: Date.now(), status: 0, retryAfter: null, body: String((error as Error).cause ?? error) };
    }
    this.answers.push(answer);
    return result;
  }

  failures(): Answer[] {
    return this.answers.filter((answer) => answer.status !== 200);
  }
}

/** Failed answers, one line each (what, when after `since`, status, Retry-After, body), counted by kind. */
export function describeFailures(failures: Answer[], since: number): string {
  const kinds = new Map<string, number>();
  for (const f of failures) kinds.set(`${f.what} ${f.status}`, (kinds.get(`${f.what} ${f.status}`) ?? 0) + 1);
  const lines = failures.slice(0, 8).map((f) => `${f.what} +${f.started - since}…+${f.ended - since} ms: ${f.status} retry-after=${f.retryAfter} ${f.body.slice(0, 120)}`);
  return `failed answers by kind ${JSON.stringify(Object.fromEntries(kinds))}; first ones:\n${lines.join('\n')}`;
}

/** Signs up a reader through nginx and logs in; returns the access token. */
export async function account(cluster: Cluster, name: string): Promise<string> {
  const email = `${name}-${process.pid}@example.test`;
  await callApi(cluster.origin, 'POST', '/api/v2/users', { name, email, password: 'cluster-password-1', section: SITE });
  return (await callApi<{ access_token: string }>(cluster.origin, 'POST', '/api/v2/users/login', { email, password: 'cluster-password-1', section: SITE })).access_token;
}

/** A new conversation's container uuid (through nginx). */
export async function newContainer(cluster: Cluster, id: string): Promise<string> {
  return (await callApi<{ content_container_uuid: string }>(cluster.origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=${id}`)).content_container_uuid;
}

/** Posts one comment through nginx; its uuid once acknowledged (200), else null (the answer is recorded). */
export async function postComment(cluster: Cluster, recorder: Recorder, container: string, token: string, content: string): Promise<string | null> {
  const comment = await recorder.call<{ content_uuid: string }>('post', `${cluster.origin}/api/comments/${SITE}/${container}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content }),
  });
  return comment?.content_uuid ?? null;
}

/** Writers posting through nginx, each one comment every `everyMs`; `acknowledged` holds every comment answered 200. */
export class Writers {
  readonly acknowledged = new Set<string>();
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly cluster: Cluster, private readonly recorder: Recorder, private readonly container: string, private readonly tokens: string[], private readonly everyMs: number) {}

  start(): void {
    this.running = true;
    this.loops = this.tokens.map(async (token, w) => {
      for (let n = 1; this.running; n++) {
        const began = Date.now();
        const uuid = await postComment(this.cluster, this.recorder, this.container, token, `Writer ${w} says hello, number ${n}.`);
        if (uuid) this.acknowledged.add(uuid);
        await sleep(Math.max(0, this.everyMs - (Date.now() - began))); // the pace, not a wait
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** The container's latest event number (through nginx). */
export async function latestSeq(cluster: Cluster, container: string): Promise<number> {
  return (await callApi<EventsPage>(cluster.origin, 'GET', `/api/comments/${SITE}/${container}/events?after=0&limit=1`)).latest_seq;
}

/** The container's comments as the database holds them. */
export async function storedComments(cluster: Cluster, container: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: cluster.state().postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ uuid: string }>('SELECT uuid FROM contents WHERE container_uuid = $1', [container]);
    return new Set(rows.map((row) => row.uuid));
  } finally {
    await client.end();
  }
}
