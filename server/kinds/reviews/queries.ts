/**
 * Reviews' own reads and writes (migration 018): the stars and title beside a content row, a
 * container's list in the reviews' orders, its summary, one reader's review, a reader's ratings.
 * Everything else about a review (text, state, likes as helpful votes) is the engine's.
 */
import { type Kysely, sql } from 'kysely';
import type { RatingSummary, ReviewSort, UserRating } from '../../../core/api/reviewTypes.ts';
import { type Viewer, visibleTo } from '../../content/visibility.ts';
import { type Page, selectInContainer } from '../../engine/contentQueries.ts';
import { moveStarCount } from '../../engine/reviewStars.ts';
import type { ContentsTable, Database, ReviewsTable } from '../../storage/schema.ts';

/**
 * Each order walks an index and stops after a page: newest and most helpful the engine's own on
 * `contents` (as a comment list does), highest and lowest `reviews_highest` / `reviews_lowest`.
 * Every order ends in the unique uuid; "after this review" is a row-value comparison (lowest: the
 * stars ascending, then newest first, so it is spelled out).
 */
function ordered(sort: ReviewSort, after: { rating: number; row: ContentsTable } | null) {
  const contents = (column: 'date_created' | 'total_likes') => {
    const columns = [...(column === 'total_likes' ? ['contents.total_likes'] : []), 'contents.date_created', 'contents.uuid'];
    const values = after ? [...(column === 'total_likes' ? [after.row.total_likes] : []), after.row.date_created, after.row.uuid] : [];
    return { columns: columns.map((c) => [c, 'desc'] as const), keyset: after ? sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) < (${sql.join(values)})` : null };
  };
  if (sort === 'newest') return contents('date_created');
  if (sort === 'most_helpful') return contents('total_likes');
  const dir = sort === 'highest' ? 'desc' : 'asc';
  const columns = [['reviews.rating', dir], ['reviews.date_created', 'desc'], ['reviews.content_uuid', 'desc']] as const;
  if (!after) return { columns, keyset: null };
  const [r, d, u] = [after.rating, after.row.date_created, after.row.uuid];
  const beyond = sort === 'highest' ? sql`reviews.rating < ${r}` : sql`reviews.rating > ${r}`;
  return { columns, keyset: sql<boolean>`(${beyond} or (reviews.rating = ${r} and (reviews.date_created, reviews.content_uuid) < (${d}, ${u})))` };
}

/** A page of the container's reviews that `viewer` may see, in `sort` order, after `after`. */
export async function listReviews(
  db: Kysely<Database>, containerUuid: string, sort: ReviewSort, limit: number, after: ContentsTable | null, viewer: Viewer,
): Promise<Page> {
  const rating = after ? ((await ratingsOf(db, [after.uuid])).get(after.uuid)?.rating ?? 0) : 0;
  const { columns, keyset } = ordered(sort, after ? { rating, row: after } : null);
  const byStars = sort === 'highest' || sort === 'lowest';
  let page = db
    .selectFrom('contents')
    .innerJoin('reviews', 'reviews.content_uuid', 'contents.uuid')
    .select('contents.uuid')
    .where(byStars ? 'reviews.container_uuid' : 'contents.container_uuid', '=', containerUuid)
    .where('contents.parent_uuid', 'is', null)
    .where(visibleTo(viewer));
  if (keyset) page = page.where(keyset);
  for (const [column, direction] of columns) page = page.orderBy(sql.ref(column), direction);
  const uuids = (await page.limit(limit + 1).execute()).map((r) => r.uuid);
  const rows = await selectInContainer(db, containerUuid, uuids.slice(0, limit), viewer);
  return { rows, more: uuids.length > limit };
}

/** A review's stars and title beside its new content row; a visible one counts at once. */
export async function addReview(trx: Kysely<Database>, row: ContentsTable, rating: number, title: string, dateRated = Date.now()): Promise<void> {
  await trx.insertInto('reviews').values({
    content_uuid: row.uuid, container_uuid: row.container_uuid, actor_uuid: row.actor_uuid, rating, title, date_created: row.date_created, date_rated: dateRated,
  }).execute();
  if (row.state === 'visible') await moveStarCount(trx, row.container_uuid, rating, 1);
}

/** New stars and title; a visible review's count moves from its old star to its new one. */
export async function changeReview(trx: Kysely<Database>, before: { uuid: string; container_uuid: string; state: string }, oldRating: number, rating: number, title: string): Promise<void> {
  await trx.updateTable('reviews').set({ rating, title, date_rated: Date.now() }).where('content_uuid', '=', before.uuid).execute();
  if (before.state !== 'visible' || oldRating === rating) return;
  await moveStarCount(trx, before.container_uuid, oldRating, -1);
  await moveStarCount(trx, before.container_uuid, rating, 1);
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

/** Count, average and distribution of the container's visible reviews (review_counts: one row per star). */
export async function ratingSummary(db: Kysely<Database>, containerUuid: string): Promise<RatingSummary> {
  const rows = await db.selectFrom('review_counts').select(['rating', 'total']).where('container_uuid', '=', containerUuid).execute();
  const distribution: RatingSummary['distribution'] = [0, 0, 0, 0, 0];
  for (const row of rows) distribution[Number(row.rating) - 1] = Number(row.total);
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
