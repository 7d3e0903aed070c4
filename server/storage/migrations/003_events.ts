/**
 * The realtime event log (docs/api.md "Catch-up"): every content event, numbered per container.
 * `containers.event_seq` is the counter, bumped in the same transaction as the change, so
 * numbers are gap-free and ordered on both engines (PostgreSQL holds the row lock until commit).
 */
import type { Kysely, Migration } from 'kysely';

export const events: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('containers').addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('events')
      .addColumn('container_uuid', 'text', (c) => c.notNull().references('containers.uuid'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull()) // the ContentEvent as JSON, seq included
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('events_pk', ['container_uuid', 'seq'])
      .execute();
    // Pruning by age.
    await db.schema.createIndex('events_date').on('events').column('date_created').execute();
  },
};
