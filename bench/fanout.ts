// Realtime fan-out: N subscribers on one container, events posted at a fixed rate through the
// HTTP API, delivery latency measured by a separate load-generator process (fanout-clients.ts).
// One process alone, or two processes relaying through Redis (subscribers split between them).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../test/server/multiprocess-infra.ts';
import { startServer } from '../test/support/serve.mjs';
import { callApi } from '../test/support/callApi.ts';
import { residentKb } from './proc.ts';

export interface Fanout {
  subscribers: number;
  processes: number;
  delivered: number; // frames per second reaching subscribers, over the time the writes took
  p50: number;
  p99: number;
  /** From the writer sending to a subscriber receiving (the request's wait and handling too). */
  sent: { p50: number; p99: number };
  kbPerConnection: number;
  /** How long the writes took, from the first sent to the last answered (`seconds` when on schedule). */
  writeSeconds: number;
  lost: number;
  /** Writes the server refused (a rate limit, an error): their frames count as lost too. */
  refused: number;
}

const SITE = '5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The p-th percentile of a histogram (count per millisecond). */
export function percentile(histogram: number[], p: number): number {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return NaN;
  const rank = Math.min(total - 1, Math.floor((total * p) / 100));
  for (let ms = 0, seen = 0; ms < histogram.length; ms++) if ((seen += histogram[ms]!) > rank) return ms;
  return NaN;
}


/** What is written, and so published: a container to watch and a way to write into it. */
export interface FanoutSource {
  /** The `content_type` of the events measured (other frames do not count as delivered). */
  contentType: string;
  /** Makes the container on the server; `write` adds one item to it through the HTTP API. */
  open(origin: string): Promise<{ container: string; write: (origin: string, text: string) => Promise<unknown> }>;
}

/** A new reader account on the demo site, signed up and logged in: its access token. */
export async function benchReader(origin: string, name = 'Fanout Writer'): Promise<string> {
  const email = `fanout-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await callApi(origin, 'POST', '/api/v2/users', { name, email, password: 'fanout-password-1', section: SITE });
  const { access_token: token } = await callApi<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email, password: 'fanout-password-1', section: SITE });
  return token;
}

/** Comments by a reader on a conversation. */
export const commentSource: FanoutSource = {
  contentType: 'comments',
  async open(origin) {
    const token = await benchReader(origin);
    const { content_container_uuid: container } = await callApi<{ content_container_uuid: string }>(origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=fanout-${Date.now()}`);
    return { container, write: (writer, content) => callApi(writer, 'POST', `/api/comments/${SITE}/${container}/comments`, { content }, token) };
  },
};

/** How the writes of a run are made (the defaults are the comments' rows). */
export interface FanoutWrites {
  /** Which process takes the writes: alternately each (half the events cross Redis), or the first only. */
  on?: 'alternate' | 'first';
  /**
   * Each write starts on time, not after the previous one has answered: several people posting
   * at once (a busy chat) rather than one writer in turn.
   */
  overlap?: boolean;
  /** More server configuration (e.g. the posting limit). */
  env?: Record<string, string>;
}

/** `rate` events per second for `seconds`, to `subscribers` sockets over `processes` servers. */
export async function measureFanout(
  subscribers: number, processes: 1 | 2, rate = 10, seconds = 5, source = commentSource, writes: FanoutWrites = {},
): Promise<Fanout> {
  const redis = processes > 1 ? await startRedis() : null;
  // Two processes share one SQLite file (WAL) and Redis; they start one after the other so
  // their migrations do not race on SQLite.
  const shared = mkdtempSync(join(tmpdir(), 'vf-fanout-'));
  const env = { VF_DATA_DIR: shared, LOG_LEVEL: 'warn', ...(redis ? { REDIS_URL: redis.url } : {}), ...writes.env };
  const servers = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await startServer({ env }));
    const { container, write } = await source.open(servers[0]!.origin);

    const before = servers.map((s) => residentKb(s.pid).now);
    const clients = fork(new URL('./fanout-clients.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, FANOUT_URLS: servers.map((s) => `${s.origin.replace('http', 'ws')}/ws?site_uuid=${SITE}`).join(','), FANOUT_N: String(subscribers), FANOUT_CONTAINER: container, FANOUT_CONTENT_TYPE: source.contentType },
    });
    const messages: unknown[] = [];
    let waiting: (() => void) | null = null;
    clients.on('message', (m) => {
      messages.push(m);
      waiting?.();
    });
    const nextMessage = async <T>(timeoutMs: number): Promise<T> => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length === 0) {
        if (Date.now() > deadline || clients.exitCode !== null) throw new Error('fan-out load generator did not answer');
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, 200);
        });
      }
      return messages.shift() as T;
    };
    await nextMessage<{ ready: number }>(120_000);
    await sleep(500);
    const kbPerConnection = servers.reduce((sum, s, i) => sum + residentKb(s.pid).now - before[i]!, 0) / subscribers;

    // Warm-up event (JIT, first-write paths), then the measured window at a fixed rate.
    await write(servers[0]!.origin, 'warm-up');
    await sleep(1000);
    clients.send('reset');
    const started = Date.now();
    const total = rate * seconds;
    let refused = 0;
    const pending: Array<Promise<unknown>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      // Alternate the writing process unless told otherwise: with two, half the events cross through Redis.
      const writer = servers[writes.on === 'first' ? 0 : i % servers.length]!.origin;
      // `sent@`: the writer's clock, read by the load generator (fanout-clients.ts).
      const written = write(writer, `Fan-out event ${i}: the river walk is cooler. sent@${Date.now()}`).catch((error: Error) => {
        if (refused++ === 0) console.error(`fan-out: a write was refused: ${error.message}`, (error as { cause?: unknown }).cause ?? '');
      });
      if (writes.overlap) pending.push(written);
      else await written;
    }
    await Promise.all(pending);
    const writeSeconds = Math.round((Date.now() - started) / 100) / 10;
    await sleep(2000); // stragglers
    clients.send('report');
    const report = await nextMessage<{ stamped: number[]; sent: number[]; received: number }>(60_000);
    return {
      subscribers,
      processes,
      // Over the time the writes really took: a saturated server answers late and a writer that
      // waits for each answer falls behind its rate, which the latencies alone would not show.
      delivered: Math.round(report.received / Math.max(seconds, writeSeconds)),
      p50: percentile(report.stamped, 50),
      p99: percentile(report.stamped, 99),
      sent: { p50: percentile(report.sent, 50), p99: percentile(report.sent, 99) },
      kbPerConnection: Math.round(kbPerConnection * 10) / 10,
      writeSeconds,
      lost: total * subscribers - report.received,
      refused,
    };
  } finally {
    for (const server of servers) await server.stop();
    await redis?.stop();
    rmSync(shared, { recursive: true, force: true });
  }
}

/** Rows for bench/run.ts's table. */
export async function fanoutRows(): Promise<Array<[string, string, string]>> {
  const rows: Array<[string, string, string]> = [];
  const runs: Array<[number, 1 | 2]> = [[1000, 1], [5000, 1], [10000, 1], [10000, 2]];
  for (const [n, processes] of runs) {
    const r = await measureFanout(n, processes);
    const where = processes === 1 ? 'one process' : 'two processes + Redis';
    const aim = n === 10000 && processes === 1 ? 'p99 ≤ 250 ms' : '';
    rows.push([`fan-out ${n} subscribers, ${where}, 10 events/s`, `${r.delivered} frames/s, p50 ${r.p50} ms / p99 ${r.p99} ms`, aim]);
    rows.push([`fan-out ${n} subscribers, ${where}: memory, lost`, `${r.kbPerConnection} KB per connection, ${r.lost} lost; sent in ${r.writeSeconds} s of 5`, '0 lost']);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await fanoutRows()) console.log(row.join(' | '));
}
