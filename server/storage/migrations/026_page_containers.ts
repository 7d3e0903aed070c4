/**
 * The page each conversation is on (DESIGN.md "Pages and conversations", docs/api.md "Pages"):
 * `page_containers`, one row per site and container id, naming the page (one page may hold
 * several: an article with its comments, reviews and a chat). `strength` says how surely the
 * page holds it (server/pages/containerPages.ts): 3 its own as a read of it found (or the demo
 * seed's), 2 shown by an element of its body, 1 its key, unconfirmed.
 * `pages.containers_read_at` (ms; null: never) is when a read of the page last collected them.
 *
 * Backfilled with the old rule (a page's key, `pages.unique_id`, is its conversation's container
 * id), so nothing that was joined before is lost; every page's containers are unread, so the next
 * reader's visit has a read page read again once, which confirms its own and joins its body's.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const pageContainers: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('page_containers')
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('container_id', 'text', (c) => c.notNull())
      .addColumn('page_uuid', 'text', (c) => c.notNull())
      .addColumn('strength', 'integer', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('page_containers_pk', ['site_uuid', 'container_id'])
      .execute();
    // A page's containers (the moderation queue's page filter, a page's conversation).
    await db.schema.createIndex('page_containers_page').on('page_containers').columns(['page_uuid']).execute();
    await db.schema.alterTable('pages').addColumn('containers_read_at', 'bigint').execute();
    await sql`INSERT INTO page_containers (site_uuid, container_id, page_uuid, strength, date_created)
      SELECT site_uuid, unique_id, uuid, CASE WHEN meta_source = 'server' THEN 3 ELSE 1 END, date_created FROM pages`.execute(db);
  },
};
