// The trending read at scale (docs/api.md "trending"): a site with 100,000 conversations opened
// over 60 days, each with its page, and 200,000 comments over the last 7 days. Prints p50 / p99
// of GET …/trending (defaults: 5 items, 7 days, 3 hours) and of …/trendingrecommended as
// <vf-trending-articles content-recirculation> asks it (6 items, with_page) for a signed-in
// reader who follows 20 topics and has read 200 pages. SQLite; PostgreSQL too when DATABASE_URL
// is set (a throw-away database on it).
// `node --import tsx bench/trending.ts`
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_SITE, seed } from '../server/demo/index.ts';
import { recordRead } from '../server/pages/pageReads.ts';
import type { UserRow } from '../server/engine/users.ts';
import { perEngine } from './comments-list.ts';

type Row = [string, string, string];
const CONTAINERS = 100_000;
const COMMENTS = 200_000;
const RUNS = 300;
const SITE = DEMO_SITE.uuid;
const DAY = 86_400_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function fill(app: FastifyInstance, now: number): Promise<string> {
  const reader = { uuid: randomUUID(), site_uuid: SITE, email: 'reader@bench.test', name: 'Reader', password_hash: '!', user_privilege: 'user', date_created: now };
  const others = Array.from({ length: 100 }, (_, i) => ({ ...reader, uuid: randomUUID(), email: `other${i}@bench.test`, name: `Other ${i}` }));
  await app.db.insertInto('users').values([reader, ...others]).execute();
  const containers = Array.from({ length: CONTAINERS }, (_, i) => ({
    uuid: randomUUID(), site_uuid: SITE, container_id: `story-${i}`, kind: 'conversation' as const, is_hidden: 0, is_closed: 0,
    total_visible_content: i % 97, date_created: now - Math.floor((i / CONTAINERS) * 60 * DAY),
  }));
  for (let i = 0; i < containers.length; i += 500) {
    const part = containers.slice(i, i + 500);
    await app.db.insertInto('containers').values(part).execute();
    await app.db.insertInto('pages').values(part.map((c, j) => ({
      uuid: randomUUID(), site_uuid: SITE, unique_id: c.container_id, url: `https://news.example/${c.container_id}`, title: `Story ${i + j}`,
      description: '', image_url: null, image_alt: null, page_type: 'article', owners: '[]', topics: JSON.stringify([`topic-${(i + j) % 50}`]),
      section: null, lang: null, date_created: c.date_created, date_updated: c.date_created,
    }))).execute();
  }
  // Comments go to the newest 10,000 conversations (the last 6 days), spread over the last 7 days.
  for (let i = 0; i < COMMENTS; i += 500) {
    await app.db.insertInto('contents').values(Array.from({ length: 500 }, (_, j) => {
      const uuid = randomUUID();
      const container = containers[(i + j) % 10_000]!;
      return {
        uuid, type: 'comment' as const, site_uuid: SITE, container_uuid: container.uuid, thread_uuid: uuid, parent_uuid: null, parent_actor_uuid: null,
        actor_uuid: (i + j) % 1000 === 0 ? reader.uuid : others[(i + j) % 100]!.uuid, content: 'words', state: 'visible', total_likes: 0, total_dislikes: 0, total_replies: 0,
        total_direct_replies: 0, is_edited: 0, is_picked: 0, is_pinned: 0, date_created: now - Math.floor(((i + j) / COMMENTS) * 7 * DAY), date_edited: null,
      };
    })).execute();
  }
  for (let t = 0; t < 20; t++) await app.db.insertInto('topic_follows').values({ user_uuid: reader.uuid, site_uuid: SITE, topic_id: `topic-${t}`, topic_name: `Topic ${t}`, topic_type: 'topic', date_created: now }).execute();
  for (let r = 0; r < 200; r++) await recordRead(app.db, SITE, 'bench-visitor', containers[r * 7]!.uuid, now - r);
  const row = (await app.db.selectFrom('users').selectAll().where('uuid', '=', reader.uuid).executeTakeFirstOrThrow()) as UserRow;
  return (await app.auth.login(row)).access_token;
}

async function measure(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms / p99 ${percentile(times, 99).toFixed(1)} ms`;
}

async function engineRows(engine: string, env: Record<string, string>): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-bench-trending-'));
  const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }) });
  try {
    await app.ready();
    await seed(app);
    const token = await fill(app, Date.now());
    const n = CONTAINERS.toLocaleString('en');
    return [
      [`trending (${engine}, ${n} containers)`, await measure(app, `/api/comments/${SITE}/trending`), 'p99 ≤ 50 ms'],
      [`trendingrecommended as the element asks (${engine}, 200 reads, 20 topics)`, await measure(app, `/api/comments/${SITE}/trendingrecommended?limit=6&with_page=true`, { authorization: `Bearer ${token}`, 'x-unique-id': 'bench-visitor' }), 'p99 ≤ 50 ms'],
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const trendingRows = (): Promise<Row[]> => perEngine((engine) => engineRows(engine.name, engine.env));

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await trendingRows()) console.log(row.join(' | '));
}
