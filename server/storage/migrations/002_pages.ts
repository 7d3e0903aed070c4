/**
 * Pages (docs/api.md "pages"): the stored identity of each publisher page, one per site and
 * unique id (the page's `vf:unique_id`, else its url). Also what the permission rules read and
 * rule on (docs/permissions.md): the users' community mute flag and dislikes.
 */
import type { Kysely, Migration } from 'kysely';

export const pages: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pages')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('unique_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('image_alt', 'text')
      .addColumn('page_type', 'text', (c) => c.notNull())
      .addColumn('owners', 'text', (c) => c.notNull()) // JSON array of owner ids
      .addColumn('topics', 'text', (c) => c.notNull()) // JSON array of topic names
      .addColumn('section', 'text')
      .addColumn('lang', 'text')
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('pages_site_unique_id', ['site_uuid', 'unique_id'])
      .execute();
    await db.schema.createIndex('pages_site_url').on('pages').columns(['site_uuid', 'url']).execute();
    await db.schema.alterTable('users').addColumn('is_muted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // Dislikes (enable_dislikes): one per user and comment, like likes.
    await db.schema
      .createTable('dislikes')
      .addColumn('content_uuid', 'text', (c) => c.notNull().references('comments.uuid'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('dislikes_pk', ['content_uuid', 'user_uuid'])
      .execute();
  },
};
