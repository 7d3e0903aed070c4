// A busy poll (docs/polls.md "Live results"): 1,000 votes a second for a few seconds from
// distinct guests (one browser token each) over HTTP to a server process of its own, with one page subscribed to the live
// results. Prints the rate achieved, vote latency p50/p99, votes lost (acknowledged votes against
// the stored vote rows and the option counters: must be 0) and the result frames the page got
// (coalesced: about four a second, not one per vote). Per engine, like bench/comments-list.ts.
// `node --import tsx bench/polls.ts` (add DATABASE_URL for PostgreSQL too)
import http from 'node:http';
import WebSocket from 'ws';
import type { Poll } from '../core/api/pollTypes.ts';
import type { ContentEvent } from '../core/api/types.ts';
import { DEMO_SITE } from '../server/demo/index.ts';
import { startServer } from '../test/support/serve.mjs';
import { openEngineDatabase, perEngine, type Engine } from './comments-list.ts';

type Row = [string, string, string];
const RATE = 1_000;
const TICK_MS = 20; // votes go out in batches of RATE * TICK_MS / 1000
const CONNECTIONS = 50;
const SITE = DEMO_SITE.uuid;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function pollRows(engine: Engine, seconds: number): Promise<Row[]> {
  // The server in its own process (demo mode: the demo moderator makes the poll), the voters here.
  const server = await startServer({ env: engine.env });
  const db = openEngineDatabase(engine, server.dataDir);
  let socket: WebSocket | null = null;
  try {
    const post = async <T>(path: string, body: object, token?: string) => {
      const response = await fetch(`${server.origin}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body),
      });
      return ((await response.json()) as { result: T }).result;
    };
    const { access_token } = await post<{ access_token: string }>('/api/v2/users/login', { email: 'moderator@vf.local', password: 'moderator-demo-1', section: SITE });
    const poll = await post<Poll>(`/api/polls/${SITE}`, { poll_id: 'bench', question: 'Busy poll?', options: ['One', 'Two', 'Three', 'Four'] }, access_token);
    const address = server.origin;

    socket = new WebSocket(`${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
    await new Promise((resolve, reject) => socket!.once('open', resolve).once('error', reject));
    let frames = 0;
    let lastTotal = 0;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; data?: ContentEvent };
      if (frame.type !== 'event' || frame.data?.event !== 'poll_updated') return;
      frames++;
      lastTotal = frame.data.poll?.total_votes ?? lastTotal;
    });
    const subscribed = new Promise((resolve) => socket!.once('message', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', subscription_id: 'p', filter: { one_of: [{ key: 'content_container_uuid', values: [poll.uuid] }] } }));
    await subscribed;

    const latencies: number[] = [];
    let acknowledged = 0;
    let refused = 0;
    let sent = 0;
    // Kept-alive connections, as browsers behind a proxy would come: not one socket per vote.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const url = new URL(`${address}/api/polls/${SITE}/${poll.uuid}/votes`);
    const vote = (n: number) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        const body = JSON.stringify({ options: [poll.options[n % 4]!.uuid], voter_token: `bench-voter-${String(n).padStart(10, '0')}` });
        const done = (ok: boolean) => {
          latencies.push(performance.now() - started);
          if (ok) acknowledged++;
          else refused++;
          resolve();
        };
        const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode === 200));
        });
        request.on('error', () => done(false));
        request.end(body);
      });
    const total = RATE * seconds;
    const inFlight: Promise<void>[] = [];
    const start = performance.now();
    while (sent < total) {
      // Catch up to the schedule: the batch is what the clock says is due.
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE) + RATE * TICK_MS / 1000);
      while (sent < due) inFlight.push(vote(sent++));
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    await Promise.all(inFlight);
    agent.destroy();
    const elapsed = (performance.now() - start) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 600)); // the last coalesced frame

    const stored = Number((await db.selectFrom('poll_votes').select((eb) => eb.fn.countAll<number>().as('n')).where('poll_uuid', '=', poll.uuid).executeTakeFirstOrThrow()).n);
    const counted = (await db.selectFrom('poll_options').select('votes').where('poll_uuid', '=', poll.uuid).execute()).reduce((sum, o) => sum + Number(o.votes), 0);
    const lost = acknowledged - Math.min(stored, counted);
    const sorted = latencies.sort((a, b) => a - b);
    const label = `poll, ${RATE.toLocaleString('en')} votes/s for ${seconds} s (${engine.name})`;
    return [
      [`${label}: rate achieved`, `${Math.round(acknowledged / elapsed).toLocaleString('en')} votes/s (${acknowledged} stored, ${refused} refused)`, '≥ 1,000 votes/s'],
      [`${label}: vote latency p50 / p99`, `${percentile(sorted, 50).toFixed(1)} ms / ${percentile(sorted, 99).toFixed(1)} ms`, ''],
      [`${label}: votes lost`, `${lost} (rows ${stored}, counters ${counted}, last frame total ${lastTotal})`, '0'],
      [`${label}: live result frames to one page`, `${frames} (${(frames / elapsed).toFixed(1)}/s)`, '≤ 4/s per poll'],
    ];
  } finally {
    socket?.terminate();
    await db.destroy();
    await server.stop();
  }
}

export const pollTable = (seconds = 5): Promise<Row[]> => perEngine((engine) => pollRows(engine, seconds));

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await pollTable()) console.log(row.join(' | '));
}
