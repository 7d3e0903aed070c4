/**
 * Trending articles (docs/api.md "trending"):
 * - `page_reads`: which containers (uuids) a visitor has read, for trendingrecommended to leave out. The
 *   visitor is a salted hash of their analytics visitor id (never the id itself), at most 200
 *   rows per visitor (server/pages/pageReads.ts);
 * - `containers_trending`: a site's conversations by age, holding all the ranking reads, so the
 *   trending read is a scan of the last days' part of one index instead of the site's 100,000
 *   and more rows;
 * - `contents_site_recent` (009's: a site's comments by time) also holds each comment's state
 *   and container, so the "commented within the last hours" set is read from the index alone.
 */
import type { Kysely, Migration } from 'kysely';

export const trending: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('page_reads')
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('visitor_key', 'text', (c) => c.notNull())
      .addColumn('container_uuid', 'text', (c) => c.notNull())
      .addColumn('date_read', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('page_reads_pk', ['site_uuid', 'visitor_key', 'container_uuid'])
      .execute();
    await db.schema.createIndex('page_reads_recent').on('page_reads').columns(['site_uuid', 'visitor_key', 'date_read']).execute();
    await db.schema.createIndex('containers_trending').on('containers').columns(['site_uuid', 'kind', 'date_created', 'is_hidden', 'total_visible_content', 'uuid']).execute();
    await db.schema.dropIndex('contents_site_recent').execute();
    await db.schema.createIndex('contents_site_recent').on('contents').columns(['site_uuid', 'date_created', 'state', 'container_uuid']).execute();
  },
};
