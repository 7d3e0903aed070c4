// The reviews' reads at scale, in process on SQLite (and PostgreSQL with DATABASE_URL): one
// container of 50,000 reviews (one in fifty disabled) by 50,000 readers; the median time of the
// summary (count, average, distribution: review_counts, kinds/reviews/queries.ts) and of the first and
// a deep page in each order. `node --import tsx bench/reviews.ts`; its rows are in `npm run bench`.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REVIEW_SORTS } from '../core/api/reviewTypes.ts';
import { DEFAULT_SITE_SETTINGS } from '../core/settings/site.ts';
import { PUBLIC_VIEWER } from '../server/content/visibility.ts';
import { migrateToLatest } from '../server/storage/engine.ts';
import { addReview, listReviews, ratingSummary } from '../server/kinds/reviews/queries.ts';
import { upsertSite } from '../server/engine/sites.ts';
import type { ContentsTable, Database } from '../server/storage/schema.ts';
import { inProcessPerEngine, type Row } from './comments-list.ts';

const TOTAL = 50_000;
const SITE = randomUUID();

async function seed(db: Kysely<Database>): Promise<{ container: string; middle: ContentsTable }> {
  const now = Date.now();
  const container = randomUUID();
  await upsertSite(db, { uuid: SITE, name: 'bench', domains: [`bench-${now}.example`], settings: DEFAULT_SITE_SETTINGS });
  await db.insertInto('containers').values({ uuid: container, site_uuid: SITE, container_id: `bench-reviews-${now}`, kind: 'reviews', is_hidden: 0, is_closed: 0, total_visible_content: 0, date_created: now }).execute();
  const users = Array.from({ length: TOTAL }, (_, i) => ({ uuid: randomUUID(), site_uuid: SITE, email: `r${i}-${now}@example.com`, name: `Reviewer ${i}`, password_hash: 'x', user_privilege: 'user', date_created: now }));
  const contents: ContentsTable[] = users.map((user, i) => {
    const uuid = randomUUID();
    return {
      uuid, type: 'review', site_uuid: SITE, container_uuid: container, thread_uuid: uuid, parent_uuid: null, parent_actor_uuid: null, actor_uuid: user.uuid,
      content: `Review ${i}`, state: i % 50 === 7 ? 'disabled' : 'visible', total_likes: (i * 31) % 47, total_dislikes: 0, total_replies: 0, total_direct_replies: 0,
      is_edited: 0, is_picked: 0, is_pinned: 0, date_created: now - (TOTAL - i) * 1000, date_edited: null,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < TOTAL; i += 500) {
      await trx.insertInto('users').values(users.slice(i, i + 500)).execute();
      await trx.insertInto('contents').values(contents.slice(i, i + 500)).execute();
      for (const [j, row] of contents.slice(i, i + 500).entries()) await addReview(trx, row, ((i + j) * 7) % 5 + 1, '', row.date_created);
    }
  });
  return { container, middle: contents[TOTAL / 2]! };
}

async function median(run: () => Promise<unknown>, times = 30): Promise<string> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return `${ms[Math.floor(times / 2)]!.toFixed(2)} ms`;
}

async function measure(name: string, db: Kysely<Database>): Promise<Row[]> {
  await migrateToLatest(db);
  const { container, middle } = await seed(db);
  const rows: Row[] = [[`reviews summary (${name}, ${TOTAL.toLocaleString('en')} reviews): median`, await median(() => ratingSummary(db, container)), '']];
  for (const sort of REVIEW_SORTS) {
    const first = await median(() => listReviews(db, container, sort, 10, null, PUBLIC_VIEWER));
    const deep = await median(() => listReviews(db, container, sort, 10, middle, PUBLIC_VIEWER));
    rows.push([`  reviews ${sort}: first / deep page median`, `${first} / ${deep}`, '']);
  }
  return rows;
}

/** The rows for `npm run bench`: SQLite, and PostgreSQL when DATABASE_URL is set. */
export const reviewRows = (): Promise<Row[]> => inProcessPerEngine('vf-bench-reviews-', measure);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await reviewRows()) console.log(row.join(' | '));
}
