/** Topic follows (content.md §3 "Followed topic record", §4 "Topic follow"): one row per user and topic. */
import type { Kysely } from 'kysely';
import type { FollowedTopic } from '../../core/api/notificationTypes.ts';
import type { Database } from '../storage/schema.ts';

/**
 * The most topics one reader follows. The reader's list holds them all (GET …/topics), so a
 * page knows every topic it follows from one call.
 */
export const MAX_FOLLOWED_TOPICS = 500;

/** Whether the user follows the topic, and how many topics they follow. */
export async function topicStanding(db: Kysely<Database>, user: string, topicId: string): Promise<{ follows: boolean; count: number }> {
  const rows = await db
    .selectFrom('topic_follows')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('topic_id', '=', topicId).then(1).else(0).end()).as('mine')])
    .where('user_uuid', '=', user)
    .executeTakeFirstOrThrow();
  return { follows: Number(rows.mine ?? 0) > 0, count: Number(rows.n) };
}

/** Follows the topic (idempotent: the first follow's name and date stay) and returns the record. */
export async function followTopic(db: Kysely<Database>, user: string, site: string, topic: Omit<FollowedTopic, 'date_created'>, now = Date.now()): Promise<FollowedTopic> {
  await db
    .insertInto('topic_follows')
    .values({ user_uuid: user, site_uuid: site, ...topic, date_created: now })
    .onConflict((oc) => oc.columns(['user_uuid', 'topic_id']).doNothing())
    .execute();
  const row = await db.selectFrom('topic_follows').select(['topic_id', 'topic_name', 'topic_type', 'date_created']).where('user_uuid', '=', user).where('topic_id', '=', topic.topic_id).executeTakeFirstOrThrow();
  return { ...row, date_created: Number(row.date_created) };
}

export async function unfollowTopic(db: Kysely<Database>, user: string, topicId: string): Promise<void> {
  await db.deleteFrom('topic_follows').where('user_uuid', '=', user).where('topic_id', '=', topicId).execute();
}

export async function topicsOf(db: Kysely<Database>, user: string, limit: number): Promise<FollowedTopic[]> {
  const rows = await db
    .selectFrom('topic_follows')
    .select(['topic_id', 'topic_name', 'topic_type', 'date_created'])
    .where('user_uuid', '=', user)
    .orderBy('date_created', 'desc')
    .orderBy('topic_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, date_created: Number(row.date_created) }));
}

export async function topicFollowerCount(db: Kysely<Database>, site: string, topicId: string): Promise<number> {
  const row = await db
    .selectFrom('topic_follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_uuid', '=', site)
    .where('topic_id', '=', topicId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every follower of the topic (a broadcast's recipients). */
export async function topicFollowers(db: Kysely<Database>, site: string, topicId: string): Promise<string[]> {
  const rows = await db.selectFrom('topic_follows').select('user_uuid').where('site_uuid', '=', site).where('topic_id', '=', topicId).execute();
  return rows.map((row) => row.user_uuid);
}
