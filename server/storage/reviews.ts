/**
 * Reviews' own reads and writes (migration 018): the stars and title beside a content row, a
 * container's list in the reviews' orders, its summary, one reader's review, a reader's ratings.
 * Everything else about a review (text, state, likes as helpful votes) is the engine's.
 */
import { type Kysely, sql } from 'kysely';
import type { RatingSummary, ReviewSort, UserRating } from '../../core/api/reviewTypes.ts';
import { type Viewer, visibleTo } from '../content/visibility.ts';
import { type Page, selectInContainer } from './content-queries.ts';
import type { ContentsTable, Database, ReviewsTable } from './schema.ts';

/**
 * Each order is a row value compared descending, ending in the unique uuid, so "after this
 * review" is one comparison (lowest first: the negated rating, newest first within a star).
 */
const ORDERS: Record<ReviewSort, (after: { rating: number; row: ContentsTable } | null) => unknown[]> = {
  newest: (a) => (a ? [a.row.date_created, a.row.uuid] : [sql.ref('contents.date_created'), sql.ref('contents.uuid')]),
  most_helpful: (a) => (a ? [a.row.total_likes, a.row.date_created, a.row.uuid] : [sql.ref('contents.total_likes'), sql.ref('contents.date_created'), sql.ref('contents.uuid')]),
  highest: (a) => (a ? [a.rating, a.row.date_created, a.row.uuid] : [sql.ref('reviews.rating'), sql.ref('contents.date_created'), sql.ref('contents.uuid')]),
  lowest: (a) => (a ? [-a.rating, a.row.date_created, a.row.uuid] : [sql`-reviews.rating`, sql.ref('contents.date_created'), sql.ref('contents.uuid')]),
};

/** A page of the container's reviews that `viewer` may see, in `sort` order, after `after`. */
export async function listReviews(
  db: Kysely<Database>, containerUuid: string, sort: ReviewSort, limit: number, after: ContentsTable | null, viewer: Viewer,
): Promise<Page> {
  const columns = ORDERS[sort](null) as ReturnType<typeof sql.ref>[];
  let page = db
    .selectFrom('contents')
    .innerJoin('reviews', 'reviews.content_uuid', 'contents.uuid')
    .select('contents.uuid')
    .where('reviews.container_uuid', '=', containerUuid)
    .where(visibleTo(viewer));
  if (after) {
    const rating = (await ratingsOf(db, [after.uuid])).get(after.uuid)?.rating ?? 0;
    const cursor = ORDERS[sort]({ rating, row: after });
    page = page.where(sql<boolean>`(${sql.join(columns)}) < (${sql.join(cursor)})`);
  }
  for (const column of columns) page = page.orderBy(column, 'desc');
  const uuids = (await page.limit(limit + 1).execute()).map((r) => r.uuid);
  const rows = await selectInContainer(db, containerUuid, uuids.slice(0, limit), viewer);
  return { rows, more: uuids.length > limit };
}

/** The stars and titles of these reviews. */
export async function ratingsOf(db: Kysely<Database>, contentUuids: string[]): Promise<Map<string, ReviewsTable>> {
  if (contentUuids.length === 0) return new Map();
  const rows = await db.selectFrom('reviews').selectAll().where('content_uuid', 'in', contentUuids).execute();
  return new Map(rows.map((r) => [r.content_uuid, { ...r, rating: Number(r.rating) }]));
}

/** The reader's review in this container (in any state), if any. */
export async function reviewBy(db: Kysely<Database>, containerUuid: string, actorUuid: string): Promise<(ReviewsTable & { state: string }) | null> {
  const row = await db
    .selectFrom('reviews')
    .innerJoin('contents', 'contents.uuid', 'reviews.content_uuid')
    .selectAll('reviews')
    .select('contents.state')
    .where('reviews.container_uuid', '=', containerUuid)
    .where('reviews.actor_uuid', '=', actorUuid)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Count, average and distribution of the container's visible reviews: one indexed aggregate
 * (reviews_container_rating), so moderation needs no counters kept in step.
 */
export async function ratingSummary(db: Kysely<Database>, containerUuid: string): Promise<RatingSummary> {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('contents', 'contents.uuid', 'reviews.content_uuid')
    .select(['reviews.rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('reviews.container_uuid', '=', containerUuid)
    .where('contents.state', '=', 'visible')
    .groupBy('reviews.rating')
    .execute();
  const distribution: RatingSummary['distribution'] = [0, 0, 0, 0, 0];
  for (const row of rows) distribution[Number(row.rating) - 1] = Number(row.n);
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const total = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { count, average: count === 0 ? 0 : Math.round((total / count) * 10) / 10, distribution };
}

/** A reader's visible ratings across their site, newest first. */
export async function ratingsByReader(db: Kysely<Database>, actorUuid: string, limit: number, viewer: Viewer): Promise<UserRating[]> {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('contents', 'contents.uuid', 'reviews.content_uuid')
    .innerJoin('containers', 'containers.uuid', 'reviews.container_uuid')
    .select(['reviews.content_uuid', 'reviews.container_uuid', 'containers.container_id', 'reviews.rating', 'reviews.title', 'contents.content', 'contents.date_created'])
    .where('reviews.actor_uuid', '=', actorUuid)
    .where('containers.is_hidden', '=', 0)
    .where(visibleTo({ ...viewer, privileged: false }))
    .where('contents.state', '=', 'visible')
    .orderBy('reviews.date_rated', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    content_uuid: r.content_uuid, content_container_uuid: r.container_uuid, container_id: r.container_id,
    rating: Number(r.rating), title: r.title, content: r.content, date_created: Number(r.date_created),
  }));
}
