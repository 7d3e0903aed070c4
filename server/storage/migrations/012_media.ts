/**
 * Live-blog media (docs/api.md "liveblog", `POST …/media`): one row per uploaded image, kept with
 * the container it was uploaded to (a post may show only its own live blog's images), and the
 * images a post shows as `contents.media` (JSON MediaItem[], null for content without images).
 * Both engines take these statements as they are: a new table and a nullable column.
 */
import type { Kysely, Migration } from 'kysely';

export const media: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('media')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('container_uuid', 'text', (c) => c.notNull().references('containers.uuid'))
      .addColumn('uploader_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('file', 'text', (c) => c.notNull().unique()) // <32 hex>.<ext> under <dataDir>/media/
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_container').on('media').columns(['container_uuid']).execute();
    await db.schema.alterTable('contents').addColumn('media', 'text').execute();
  },
};
