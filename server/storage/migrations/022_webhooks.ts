/**
 * Webhooks (docs/webhooks.md): the URLs a site's admins registered, and the durable outbox of
 * deliveries to them. A delivery row is written in the transaction of the change it reports, so a
 * committed change always has its deliveries and nothing is lost on restart; the worker claims a
 * due row with a lease (lease_until, lease_token) so only one server process sends it.
 */
import type { Kysely, Migration } from 'kysely';

export const webhooks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('events', 'text', (c) => c.notNull()) // JSON array of event types
      .addColumn('secret', 'text', (c) => c.notNull()) // the signing key: kept as is, it signs every delivery
      .addColumn('last_delivery_uuid', 'text') // the delivery attempted last (its status shows in the list)
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_site').on('webhooks').column('site_uuid').execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('webhook_uuid', 'text', (c) => c.notNull())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull()) // the exact JSON sent (signed as is on every attempt)
      .addColumn('status', 'text', (c) => c.notNull()) // pending | delivered | failed
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint') // set while one process sends it
      .addColumn('lease_token', 'text')
      .addColumn('last_status', 'integer') // the receiver's HTTP status; null: no answer
      .addColumn('last_error', 'text')
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_last_attempt', 'bigint')
      .execute();
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_uuid', 'date_created']).execute();
  },
};
