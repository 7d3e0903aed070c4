/**
 * A live blog's first page carries its pinned posts (docs/api.md "liveblog"): without an index
 * that read scans every post of the container and sorts them (4–7 ms at 10,000 posts, growing
 * with the blog). This partial index holds only pinned top-level items, in the list's order.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const pinnedIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('contents_pinned')
      .on('contents')
      .columns(['container_uuid', 'date_pinned', 'uuid'])
      .where(sql<boolean>`parent_uuid is null and is_pinned = 1`)
      .execute();
  },
};
