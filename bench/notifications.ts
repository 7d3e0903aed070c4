// Notification fan-out (docs/notifications.md): one broadcast to a topic's 10,000 followers, and
// one comment by a user 10,000 readers follow. Prints the rows written, the time the call took
// (the rows are written before it answers) and the live delivery to 1,000 of those readers with a
// page open (arrival − the notice's time, which the server stamps before its write). The sockets
// run in this process, so the delivery figures include the clients' own work.
// `node --import tsx bench/notifications.ts`
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_SITE, seed } from '../server/demo/index.ts';
import type { UserRow } from '../server/engine/users.ts';

type Row = [string, string, string];
const FOLLOWERS = 10_000;
const ONLINE = 1_000;
const SITE = DEMO_SITE.uuid;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function notificationRows(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-bench-notifications-'));
  const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VF_POST_LIMIT: '0' }) });
  const sockets: WebSocket[] = [];
  try {
    await app.ready();
    await seed(app);
    const now = Date.now();
    const users = Array.from({ length: FOLLOWERS + 2 }, (_, i) => ({
      uuid: randomUUID(), site_uuid: SITE, email: `reader${i}@bench.test`, name: `Reader ${i}`, password_hash: '!', user_privilege: i === 0 ? 'admin' : 'user', date_created: now,
    }));
    for (let i = 0; i < users.length; i += 1000) await app.db.insertInto('users').values(users.slice(i, i + 1000)).execute();
    const [admin, author, ...readers] = users;
    const follows = readers.map((r) => ({ user_uuid: r.uuid, site_uuid: SITE, topic_id: 'bench', topic_name: 'Bench', topic_type: 'topic', date_created: now }));
    const userFollows = readers.map((r) => ({ follower_uuid: r.uuid, followee_uuid: author!.uuid, site_uuid: SITE, page_id: null, date_created: now }));
    for (let i = 0; i < readers.length; i += 1000) {
      await app.db.insertInto('topic_follows').values(follows.slice(i, i + 1000)).execute();
      await app.db.insertInto('follows').values(userFollows.slice(i, i + 1000)).execute();
    }
    const tokenOf = async (uuid: string) => (await app.auth.login((await app.db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow()) as UserRow)).access_token;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    // 1,000 readers with a page open: each hears its own channel and the site's broadcasts.
    const arrivals: number[][] = [[], []];
    let phase = 0;
    for (const reader of readers.slice(0, ONLINE)) {
      const socket = new WebSocket(`${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
      sockets.push(socket);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const subscribed = new Promise((resolve) => socket.once('message', resolve));
      socket.send(JSON.stringify({ type: 'subscribe', subscription_id: 'n', filter: { one_of: [{ key: 'notification_channel', values: [app.auth.notificationChannel(reader.uuid), 'broadcast'] }] } }));
      await subscribed;
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; data?: { time: number } };
        if (frame.type === 'notification' && frame.data) arrivals[phase]!.push(Date.now() - frame.data.time);
      });
    }
    const waitFor = async (n: number) => {
      const until = Date.now() + 30_000;
      while (arrivals[phase]!.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    };

    const adminToken = await tokenOf(admin!.uuid);
    let started = performance.now();
    const cast = await app.inject({ method: 'POST', url: `/api/v5/notifications/${SITE}/broadcasts`, headers: { authorization: `Bearer ${adminToken}` }, payload: { scope: 'topic', topic_id: 'bench', title: 'Bench broadcast' } });
    const castMs = performance.now() - started;
    const castRows = (cast.json() as { result: { recipients: number } }).result.recipients;
    await waitFor(ONLINE);
    const castLatency = [...arrivals[0]!].sort((a, b) => a - b);

    phase = 1;
    const container = (await app.inject({ method: 'GET', url: `/api/comments/${SITE}/contentcontainer/id`, query: { container_id: 'bench-page' } })).json() as { result: { content_container_uuid: string } };
    const authorToken = await tokenOf(author!.uuid);
    const before = Number((await app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    started = performance.now();
    await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${container.result.content_container_uuid}/comments`, headers: { authorization: `Bearer ${authorToken}` }, payload: { content: 'For my followers' } });
    const postMs = performance.now() - started;
    const postRows = Number((await app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) - before;
    await waitFor(ONLINE);
    const postLatency = [...arrivals[1]!].sort((a, b) => a - b);

    const n = FOLLOWERS.toLocaleString('en');
    const live = (l: number[]) => `${l.length}/${ONLINE} online got it, p50 ${percentile(l, 50)} ms / p99 ${percentile(l, 99)} ms`;
    return [
      [`broadcast → a topic's ${n} followers (SQLite): rows, call time`, `${castRows.toLocaleString('en')} rows in ${castMs.toFixed(0)} ms`, 'call ≤ 1 s'],
      [`broadcast → ${n}: live delivery to ${ONLINE.toLocaleString('en')} open pages`, live(castLatency), 'from the call: the write, then ≤ 100 ms'],
      [`comment by a user ${n} follow (SQLite): rows, call time`, `${postRows.toLocaleString('en')} rows in ${postMs.toFixed(0)} ms`, 'call ≤ 1 s'],
      [`comment → ${n} followers: live delivery to ${ONLINE.toLocaleString('en')} open pages`, live(postLatency), 'from the call: the write, then ≤ 100 ms'],
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await notificationRows()) console.log(row.join(' | '));
}
