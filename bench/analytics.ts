// Analytics (docs/analytics.md "Bench"), per engine (SQLite; PostgreSQL too with DATABASE_URL):
// - ingest: batches of 100 events (a third page views, half engagement ticks, the rest widget,
//   recirculation and read events; 300 pages, 20,000 visitors) POSTed over HTTP with 16 kept-alive
//   connections to one server process of its own (rate limits off); events stored per second, and
//   per CPU-second of the server process (the client runs on the same machine).
// - dashboard: the dashboard's query (analytics/dashboard.ts) over aggregates equivalent to
//   10 million events: 365 days × 300 pages, made in bulk by SQL (bench/analyticsVolume.ts); the
//   median of 5 runs for 30 and for 365 days.
// `node --import tsx bench/analytics.ts`; its rows are in `npm run bench`.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent, AnalyticsEventType } from '../core/analytics/eventTypes.ts';
import { startServer } from '../test/support/serve.mjs';
import { openEngineDatabase, perEngine, type Engine, type Row } from './comments-list.ts';
import { dashboardRows } from './analyticsVolume.ts';

const BATCH = 100;
const BATCHES = 1_000; // 100,000 events
const CONNECTIONS = 16;
const PAGES = 300;
const VISITORS = 20_000;
const MIX: AnalyticsEventType[] = ['page_view', 'page_view', 'page_view', 'engage', 'engage', 'engage', 'engage', 'engage', 'widget_visible', 'recirculation_click'];

function event(n: number): AnalyticsEvent {
  const type = MIX[n % MIX.length]!;
  const page = `bench-page-${(n * 7) % PAGES}`;
  const e: AnalyticsEvent = {
    event_type: type, eid: randomUUID(), rq: `rq-${n >> 4}`, ts: Date.now(), ltz: 0,
    rs: { medium: ['direct', 'search', 'social', 'referral'][n % 4]! },
    meta: { page_id: page, url: `https://bench.example/${page}`, title: `Bench story ${page}`, lang: 'en' },
    view: { uniqueId: `bench-visitor-${(n * 13) % VISITORS}`, visitCount: 1, pageViews: 1, isRecirculation: false },
  };
  if (type === 'engage') e.engage = { time: 333 * 15, vftime: 333 * 3, widgets: 1, containerTime: {}, focuses: 0, hiddenTime: 0 };
  if (type === 'recirculation_click') e.data = { medium: 'standalone_top_pages' };
  return e;
}

/** Sends BATCHES batches to a server, CONNECTIONS at a time; answers events/s and failed batches. */
export async function sendBatches(origin: string): Promise<{ rate: number; failed: number }> {
  const bodies = Array.from({ length: BATCHES }, (_, b) => JSON.stringify({ events: Array.from({ length: BATCH }, (_, i) => event(b * BATCH + i)) }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(`${origin}/api/analytics/events?domain=127.0.0.1`);
  let failed = 0;
  const send = (body: string) =>
    new Promise<void>((resolve) => {
      const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(body) } }, (response) => {
        if (response.statusCode !== 204) failed++;
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', () => {
        failed++;
        resolve();
      });
      request.end(body);
    });
  await send(JSON.stringify({ events: [event(BATCHES * BATCH)] })); // warm up (validators, statements)
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (next < bodies.length) await send(bodies[next++]!);
  }));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { rate: Math.round((BATCHES * BATCH) / seconds), failed };
}

/** A process's CPU seconds so far (Linux /proc; null elsewhere). */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

async function ingestRows(engine: Engine): Promise<Row[]> {
  const server = await startServer({ env: { ...engine.env, VF_ANALYTICS_LIMIT_PER_IP: '0', VF_ANALYTICS_LIMIT_PER_SITE: '0' } });
  const db = openEngineDatabase(engine, server.dataDir);
  try {
    const cpuBefore = cpuSeconds(server.pid);
    const { rate, failed } = await sendBatches(server.origin);
    const cpuAfter = cpuSeconds(server.pid);
    // The client shares the machine: events per CPU-second of the server says what one core of it takes.
    const perCpu = cpuBefore === null || cpuAfter === null ? '' : `, ${Math.round((BATCHES * BATCH) / (cpuAfter - cpuBefore)).toLocaleString('en')} per server CPU-second`;
    // Event ids are kept for every stored event (the demo history has none); the warm-up's one is not counted.
    const stored = await db.selectFrom('analytics_eids').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return [[`analytics ingest (${engine.name}, batches of ${BATCH}, ${CONNECTIONS} connections, one process)`, `${rate.toLocaleString('en')} events/s${perCpu}`,
      `≥ 20,000 events/s; ${failed} failed, ${(Number(stored.n) - 1).toLocaleString('en')} of ${(BATCHES * BATCH).toLocaleString('en')} stored`]];
  } finally {
    await db.destroy();
    await server.stop();
  }
}

/** The rows for `npm run bench`. */
export async function analyticsRows(): Promise<Row[]> {
  return [...(await perEngine(ingestRows)), ...(await dashboardRows())];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await analyticsRows()) console.log(row.join(' | '));
}
