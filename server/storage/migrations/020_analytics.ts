/**
 * Analytics (docs/analytics.md): no raw events are kept. Each accepted event is folded, at ingest,
 * into per-day aggregates: per site and page (analytics_page_days), per site (analytics_site_days),
 * and counts by a dimension such as referrer medium or recirculation medium (analytics_breakdowns).
 * analytics_pages keeps each page's latest title and url; analytics_visitors one row per site, day
 * and hashed visitor id (distinct visitors); analytics_eids the event ids seen lately (a retried
 * batch is not counted twice), pruned after EID_KEEP_DAYS. Days are UTC days since the epoch.
 * Upserts are `ON CONFLICT … DO UPDATE`, which both engines take. On SQLite the tables are
 * WITHOUT ROWID (keyed by their primary key only).
 */
import { type CreateTableBuilder, type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/** On SQLite a table keyed by its primary key alone is one b-tree, not a table and an index (half the writes). */
function keyedTable(db: Kysely<any>, name: string): CreateTableBuilder<string, never> {
  const table = db.schema.createTable(name);
  return db.getExecutor().adapter instanceof PostgresAdapter ? table : table.modifyEnd(sql`without rowid`);
}

export const analytics: Migration = {
  async up(db: Kysely<any>) {
    // Keyed by the UTC day of the event's own time (the same when a batch is retried) first, so
    // forgetting old ids is a range delete on the key.
    await keyedTable(db, 'analytics_eids')
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('eid', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_eids_pk', ['day', 'eid'])
      .execute();
    await keyedTable(db, 'analytics_visitors')
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull()) // a site-salted hash of the visitor id, 16 hex characters
      .addPrimaryKeyConstraint('analytics_visitors_pk', ['site_uuid', 'day', 'visitor'])
      .execute();
    await keyedTable(db, 'analytics_site_days')
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('page_views', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('engaged_ms', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('recirculation_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('events', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('analytics_site_days_pk', ['site_uuid', 'day'])
      .execute();
    await keyedTable(db, 'analytics_page_days')
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('page_views', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('engaged_ms', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('recirculation_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('analytics_page_days_pk', ['site_uuid', 'day', 'page_id'])
      .execute();
    await keyedTable(db, 'analytics_breakdowns')
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull()) // referrer | recirculation | event | ad_failure
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('analytics_breakdowns_pk', ['site_uuid', 'dimension', 'day', 'value'])
      .execute();
    await keyedTable(db, 'analytics_pages')
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_pages_pk', ['site_uuid', 'page_id'])
      .execute();
  },
};
