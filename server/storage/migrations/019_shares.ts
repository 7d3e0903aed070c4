/**
 * Shares (docs/api.md "shares"): one row per recorded share of a page, with its network and the
 * sharer when signed in (null: a guest). The page's total and per-network counts are indexed
 * counts over (page_uuid, network): no counter to keep in step. Plain statements both engines take.
 */
import type { Kysely, Migration } from 'kysely';

export const shares: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('shares')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('page_uuid', 'text', (c) => c.notNull().references('pages.uuid'))
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('sharer_uuid', 'text') // the signed-in sharer; null for a guest
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shares_page_network').on('shares').columns(['page_uuid', 'network']).execute();
  },
};
