// The production server's footprint (docs/server.md "Memory and start time"): the built server
// (dist/server/main.js, as `npm start` runs it) on the demo, with its seed. Start: the process's
// own time from start to listening (its `ready` log line), and to the first 200 from /readyz as a
// client sees it. Idle: resident memory 5 s after the start, and once it has settled (V8's memory
// reducer gives back the young generation the start grew, 30–60 s after the start). Loaded: the most seen while 1,000
// realtime sockets are open and 50 connections read the comments list for 5 s, and after.
// `node --import tsx bench/server-footprint.ts` runs it alone.
import { WebSocket } from 'ws';
import { DEMO_SITE } from '../server/demo/index.ts';
import { startServer } from '../test/support/serve.mjs';
import { measureCommentsList, type Row } from './comments-list.ts';
import { seedConversation } from './seed.ts';

const SETTLE_MS = 5_000;
/** How long the idle server is watched for its memory to stop falling, at most. */
const SETTLED_BY_MS = 90_000;
const SOCKETS = 1_000;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** The server's resident memory as its /metrics reports it (loopback may read it). */
async function rss(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1]);
}

/** Idle memory once it no longer falls: two readings 10 s apart within 1 MB, after 30 s at least. */
async function settledRss(origin: string): Promise<{ bytes: number; ms: number }> {
  const began = performance.now();
  let last = await rss(origin);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const now = await rss(origin);
    const ms = performance.now() - began + SETTLE_MS;
    if ((ms >= 30_000 && Math.abs(now - last) < 1048576) || ms >= SETTLED_BY_MS) return { bytes: now, ms };
    last = now;
  }
}

async function openSockets(origin: string, count: number): Promise<WebSocket[]> {
  const url = `${origin.replace('http', 'ws')}/ws?site_uuid=${DEMO_SITE.uuid}`;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => new WebSocket(url));
    await Promise.all(batch.map((socket) => new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))));
    sockets.push(...batch);
  }
  return sockets;
}

export async function footprintRows(): Promise<Row[]> {
  const asked = performance.now();
  const server = await startServer({ built: true, env: { LOG_LEVEL: 'info' } });
  try {
    while ((await fetch(`${server.origin}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 10));
    const clientMs = Math.round(performance.now() - asked);
    const startMs = Number(/"startMs":(\d+)/.exec(server.output())?.[1]);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await rss(server.origin);
    const settled = await settledRss(server.origin);

    const { listUrl } = await seedConversation(server.origin, 50);
    const sockets = await openSockets(server.origin, SOCKETS);
    let peak = await rss(server.origin);
    const sampling = setInterval(() => void rss(server.origin).then((bytes) => (peak = Math.max(peak, bytes)), () => {}), 250);
    const load = await measureCommentsList(listUrl, 5, 50);
    clearInterval(sampling);
    peak = Math.max(peak, await rss(server.origin));
    for (const socket of sockets) socket.close();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const after = await rss(server.origin);
    return [
      ['built server: start → listening (seed included) / → first /readyz 200', `${startMs} ms / ${clientMs} ms`, ''],
      ['built server: idle resident memory (demo, seeded) 5 s after the start / settled', `${mb(idle)} / ${mb(settled.bytes)} after ${Math.round(settled.ms / 1000)} s`, '≤ 100 MB settled'],
      [`built server: loaded (${SOCKETS} sockets + 50 connections on the list) peak / after`, `${mb(peak)} / ${mb(after)}`, `${load.requestsPerSecond} req/s, ${load.errors} errors`],
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await footprintRows()) console.log(row.join(' | '));
