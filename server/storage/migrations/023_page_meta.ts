/**
 * Page metadata the server read (docs/api.md "Pages"): where a page's title, description and
 * image came from (`meta_source`: `hint` a caller's claim, not yet confirmed; `page` read from the
 * page itself; `staff` set by a moderator or admin; `server` the server's own seed) and when the
 * server last started reading the page (`meta_read_at`, ms; null: never), which throttles reads.
 * Pages stored before are hints: the next reader's visit has them read.
 */
import type { Kysely, Migration } from 'kysely';

export const pageMeta: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('pages').addColumn('meta_source', 'text', (c) => c.notNull().defaultTo('hint')).execute();
    await db.schema.alterTable('pages').addColumn('meta_read_at', 'bigint').execute();
  },
};
