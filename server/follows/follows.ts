/** Follows (spec content.md §3 "Follow item", §4 "Follow user"): one row per follower/followee pair. */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

export interface Follower {
  uuid: string;
  date_followed: number;
}

/** Records the follow (idempotent) and returns when it was made. */
export async function follow(db: Kysely<Database>, follower: string, followee: string, siteUuid: string, pageId: string | null, now = Date.now()): Promise<number> {
  await db
    .insertInto('follows')
    .values({ follower_uuid: follower, followee_uuid: followee, site_uuid: siteUuid, page_id: pageId, date_created: now })
    .onConflict((oc) => oc.columns(['follower_uuid', 'followee_uuid']).doNothing())
    .execute();
  return (await followedSince(db, follower, followee)) ?? now;
}

/** Removes the follow; true when there was one. */
export async function unfollow(db: Kysely<Database>, follower: string, followee: string): Promise<boolean> {
  const result = await db.deleteFrom('follows').where('follower_uuid', '=', follower).where('followee_uuid', '=', followee).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** When `follower` started following `followee` (null: not following). */
export async function followedSince(db: Kysely<Database>, follower: string, followee: string): Promise<number | null> {
  const row = await db
    .selectFrom('follows')
    .select('date_created')
    .where('follower_uuid', '=', follower)
    .where('followee_uuid', '=', followee)
    .executeTakeFirst();
  return row ? Number(row.date_created) : null;
}

/** The newest `limit` followers of the user, and how many there are in all. */
export async function followersOf(db: Kysely<Database>, followee: string, limit: number): Promise<{ items: Follower[]; total_count: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['follower_uuid', 'date_created'])
      .where('followee_uuid', '=', followee)
      .orderBy('date_created', 'desc')
      .orderBy('follower_uuid')
      .limit(limit)
      .execute(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followee_uuid', '=', followee).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ uuid: row.follower_uuid, date_followed: Number(row.date_created) })),
    total_count: Number(total.n),
  };
}
