/** Page follows (content.md §3 "Page subscription", §4 "Page subscribe"): one row per user and page. */
import type { Kysely } from 'kysely';
import type { FollowedPage } from '../../core/api/notificationTypes.ts';
import type { Database } from '../storage/schema.ts';
import { pageUuidOf } from '../pages/index.ts';

export async function followPage(db: Kysely<Database>, user: string, site: string, page: string, now = Date.now()): Promise<void> {
  await db
    .insertInto('page_follows')
    .values({ user_uuid: user, site_uuid: site, page_uuid: page, date_created: now })
    .onConflict((oc) => oc.columns(['user_uuid', 'page_uuid']).doNothing())
    .execute();
}

export async function unfollowPage(db: Kysely<Database>, user: string, page: string): Promise<void> {
  await db.deleteFrom('page_follows').where('user_uuid', '=', user).where('page_uuid', '=', page).execute();
}

export async function followsPage(db: Kysely<Database>, user: string, page: string): Promise<boolean> {
  const row = await db.selectFrom('page_follows').select('page_uuid').where('user_uuid', '=', user).where('page_uuid', '=', page).executeTakeFirst();
  return row !== undefined;
}

export async function pagesOf(db: Kysely<Database>, user: string, limit: number): Promise<FollowedPage[]> {
  const rows = await db
    .selectFrom('page_follows')
    .innerJoin('pages', 'pages.uuid', 'page_follows.page_uuid')
    .select(['page_follows.page_uuid', 'pages.title', 'pages.url', 'page_follows.date_created'])
    .where('page_follows.user_uuid', '=', user)
    .orderBy('page_follows.date_created', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, date_created: Number(row.date_created) }));
}

/** The followers of the page the container (its `container_id`) is on, and that page (one query). */
export async function pageFollowersOfContainer(db: Kysely<Database>, site: string, containerId: string): Promise<{ page: string; users: string[] } | null> {
  const rows = await db
    .selectFrom('pages')
    .leftJoin('page_follows', 'page_follows.page_uuid', 'pages.uuid')
    .select(['pages.uuid', 'page_follows.user_uuid'])
    .where('pages.uuid', '=', pageUuidOf(db, site, containerId))
    .execute();
  if (rows.length === 0) return null;
  return { page: rows[0]!.uuid, users: rows.flatMap((row) => (row.user_uuid ? [row.user_uuid] : [])) };
}
