// The moderation queue at scale (docs/moderation.md "Indexes"): a site with 100,000 pending items
// on 1,000 pages (conversations, chats, live blogs, reviews) by 500 authors, beside 20,000 shown
// items of which 2,000 are reported. Prints p50 / p99 of each queue's first page and of the page,
// author and kind filters as a moderator asks them, then the time to approve 500 selected items
// (one transaction, one event per item). SQLite; PostgreSQL too when DATABASE_URL is set.
// `node --import tsx bench/moderationQueue.ts`
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_SITE, seed } from '../server/demo/index.ts';
import type { ContainerKind, ContentType } from '../server/storage/schema.ts';
import type { UserRow } from '../server/engine/users.ts';
import { perEngine } from './comments-list.ts';

type Row = [string, string, string];
const PAGES = 1000;
const PENDING = 100_000;
const SHOWN = 20_000;
const AUTHORS = 500;
/** Timed requests per row: p99 is then the fifth-slowest, not the second (a shared machine's one-off stalls). */
const RUNS = 500;
const APPROVALS = 5;
/** Requests before each timed series (the statements planned, the pages cached). */
const WARM_UP = 10;
const SITE = DEMO_SITE.uuid;
const KINDS: [ContainerKind, ContentType][] = [['conversation', 'comment'], ['conversation', 'comment'], ['chat', 'chat_message'], ['liveblog', 'reply_to_liveblog_post'], ['reviews', 'review']];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Filled {
  token: string;
  container: string;
  author: string;
  pending: { uuid: string; container: number }[];
}

async function fill(app: FastifyInstance, now: number): Promise<Filled> {
  const base = { site_uuid: SITE, password_hash: '!', user_privilege: 'user', date_created: now - 86_400_000 };
  const authors = Array.from({ length: AUTHORS }, (_, i) => ({ ...base, uuid: randomUUID(), email: `author${i}@bench.test`, name: `Author ${i}` }));
  const moderator = { ...base, uuid: randomUUID(), email: 'mod@bench.test', name: 'Moderator', user_privilege: 'mod' };
  for (let i = 0; i < authors.length; i += 250) await app.db.insertInto('users').values(authors.slice(i, i + 250)).execute();
  await app.db.insertInto('users').values(moderator).execute();
  const containers = Array.from({ length: PAGES }, (_, i) => ({
    uuid: randomUUID(), site_uuid: SITE, container_id: `story-${i}`, kind: KINDS[i % KINDS.length]![0], is_hidden: 0, is_closed: 0, total_visible_content: 0, date_created: now,
  }));
  for (let i = 0; i < containers.length; i += 250) {
    const part = containers.slice(i, i + 250);
    await app.db.insertInto('containers').values(part).execute();
    await app.db.insertInto('pages').values(part.map((c) => ({
      uuid: randomUUID(), site_uuid: SITE, unique_id: c.container_id, url: `https://news.example/${c.container_id}`, title: `Story ${c.container_id}`,
      description: '', image_url: null, image_alt: null, page_type: 'article', owners: '[]', topics: '[]', section: null, lang: null, date_created: now, date_updated: now,
      meta_source: 'server',
    }))).execute();
  }
  const pending: Filled['pending'] = [];
  for (let i = 0; i < PENDING + SHOWN; i += 500) {
    await app.db.insertInto('contents').values(Array.from({ length: 500 }, (_, j) => {
      const n = i + j;
      const uuid = randomUUID();
      const c = n % PAGES;
      const held = n < PENDING;
      if (held) pending.push({ uuid, container: c });
      return {
        uuid, type: KINDS[c % KINDS.length]![1], site_uuid: SITE, container_uuid: containers[c]!.uuid, thread_uuid: uuid, parent_uuid: null, parent_actor_uuid: null,
        actor_uuid: authors[n % AUTHORS]!.uuid, content: `words ${n}`, state: held ? 'awaiting_moderation' : 'visible', total_likes: 0, total_dislikes: 0, total_replies: 0,
        total_direct_replies: 0, is_edited: 0, is_picked: 0, is_pinned: 0, date_created: now - n * 1000, date_edited: null, total_flags: !held && n % 10 === 0 ? 1 : 0,
        hold_reason: held ? '{"rule":"premoderation"}' : null,
      };
    })).execute();
  }
  const row = (await app.db.selectFrom('users').selectAll().where('uuid', '=', moderator.uuid).executeTakeFirstOrThrow()) as UserRow;
  return { token: (await app.auth.login(row)).access_token, container: containers[0]!.uuid, author: authors[0]!.uuid, pending };
}

async function timed(app: FastifyInstance, runs: number, request: () => InjectOptions, warmUp = 0): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await app.inject(request());
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await app.inject(request());
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  }
  return times.sort((a, b) => a - b);
}

const p50p99 = (times: number[]) => `p50 ${percentile(times, 50).toFixed(1)} ms / p99 ${percentile(times, 99).toFixed(1)} ms`;

async function engineRows(engine: string, env: Record<string, string>): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-bench-moderation-'));
  const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }) });
  try {
    await app.ready();
    await seed(app);
    const filled = await fill(app, Date.now());
    // A site's steady state, not the minute after a bulk load: PostgreSQL's statistics and
    // visibility map brought up to date now rather than by autovacuum in the middle of the timings.
    if (engine === 'PostgreSQL') await sql`vacuum analyze`.execute(app.db);
    const headers = { authorization: `Bearer ${filled.token}` };
    const get = (path: string, query: Record<string, string> = {}) => async () =>
      p50p99(await timed(app, RUNS, () => ({ method: 'GET', url: `/api/v2/moderation/${path}`, headers, query: { section: SITE, ...query } }), WARM_UP));
    const label = (what: string) => `moderation queue ${what} (${engine}, ${PENDING.toLocaleString('en')} pending)`;
    const rows: Row[] = [];
    for (const queue of ['pending', 'reported', 'unmoderated', 'rejected']) rows.push([label(`${queue}: first page`), await get(`queue/${queue}`)(), 'p99 ≤ 25 ms']);
    rows.push([label('pending, one page'), await get('queue/pending', { container: filled.container })(), 'p99 ≤ 25 ms']);
    rows.push([label('pending, one author'), await get('queue/pending', { author: filled.author })(), 'p99 ≤ 25 ms']);
    rows.push([label('pending, one kind (chat)'), await get('queue/pending', { kind: 'chat_message' })(), 'p99 ≤ 25 ms']);
    rows.push([label('pending, second page by cursor'), await get('queue/pending', { cursor: `${Date.now() - 20_000 * 1000}.ffffffff-ffff-ffff-ffff-ffffffffffff` })(), '']);
    rows.push([label('counts'), await get('counts')(), '']);
    // Approving 500 selected items: each run a new 500 from the pending pool.
    let next = 0;
    const approvals = await timed(app, APPROVALS, () => {
      const items = filled.pending.slice(next, (next += 500)).map((p) => ({ uuid: p.uuid, state: 'awaiting_moderation' }));
      return { method: 'POST', url: '/api/v2/moderation/decisions', headers, payload: { section: SITE, decision: 'approve', items } };
    });
    rows.push([`moderation queue: approve 500 selected items (${engine})`, `median ${percentile(approvals, 50).toFixed(0)} ms / worst ${approvals[approvals.length - 1]!.toFixed(0)} ms (${APPROVALS} runs)`, '≤ 1 s']);
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const moderationQueueRows = (): Promise<Row[]> => perEngine((engine) => engineRows(engine.name, engine.env));

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await moderationQueueRows()) console.log(row.join(' | '));
}
