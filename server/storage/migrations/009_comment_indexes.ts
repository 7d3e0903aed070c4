/**
 * Indexes for every comment read (docs/server.md "Indexes"), so a page stays a short index range
 * scan at 100,000 comments in one container instead of a sort of all of them:
 * - one partial index per top-level sort order (001 has newest/oldest), each ending in the
 *   order's tie-breaks so keyset paging is one row-value comparison on the index;
 * - thread replies by thread (001's comments_thread leads with the container, which the thread
 *   queries do not filter on);
 * - a user's recent comments (replaces 001's actor-only index) and the replies they received;
 * - trending: a site's recent comments.
 */
import { type Kysely, type Migration, sql } from 'kysely';

const topLevel = (db: Kysely<any>, name: string, column: string) =>
  db.schema
    .createIndex(name)
    .on('comments')
    .columns(['container_uuid', column, 'date_created', 'uuid'])
    .where(sql.ref('parent_uuid'), 'is', null)
    .execute();

export const commentIndexes: Migration = {
  async up(db: Kysely<any>) {
    await topLevel(db, 'comments_top_likes', 'total_likes');
    await topLevel(db, 'comments_top_replies', 'total_replies');
    await topLevel(db, 'comments_top_picked', 'is_picked');
    await db.schema
      .createIndex('comments_thread_replies')
      .on('comments')
      .columns(['thread_uuid', 'date_created', 'uuid'])
      .where(sql.ref('parent_uuid'), 'is not', null)
      .execute();
    await db.schema.dropIndex('comments_actor').execute();
    await db.schema.createIndex('comments_actor_recent').on('comments').columns(['actor_uuid', 'date_created', 'uuid']).execute();
    await db.schema.createIndex('comments_parent_actor').on('comments').column('parent_actor_uuid').execute();
    await db.schema.createIndex('comments_site_recent').on('comments').columns(['site_uuid', 'date_created']).execute();
  },
};
