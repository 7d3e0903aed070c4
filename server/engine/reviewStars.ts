/**
 * A page's star counts (`review_counts`, migration 018): counters like a container's totals, so
 * the engine moves them when a review is shown or hidden (contents.ts moveCounts); the reviews
 * kind (kinds/reviews/queries.ts) moves them when a review is added or its stars change.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/** Moves the container's count of visible `rating`-star reviews (inside the write's transaction). */
export async function moveStarCount(trx: Kysely<Database>, containerUuid: string, rating: number, delta: 1 | -1): Promise<void> {
  await trx.insertInto('review_counts').values({ container_uuid: containerUuid, rating, total: delta })
    .onConflict((oc) => oc.columns(['container_uuid', 'rating']).doUpdateSet((eb) => ({ total: eb('review_counts.total', '+', delta) })))
    .execute();
}

/**
 * A review shown or no longer shown (moderation, premoderation, removal: the engine's moveCounts
 * calls this): its star's count follows. A row with no stars yet (being inserted) is addReview's.
 */
export async function moveReviewCount(trx: Kysely<Database>, contentUuid: string, delta: 1 | -1): Promise<void> {
  const review = await trx.selectFrom('reviews').select(['container_uuid', 'rating']).where('content_uuid', '=', contentUuid).executeTakeFirst();
  if (review) await moveStarCount(trx, review.container_uuid, Number(review.rating), delta);
}
