/**
 * Readers' email digests (issue 46, docs/notifications.md "Email"): what a reader set to hourly or
 * daily would have been mailed about, kept until their digest takes it. One row per reader and
 * reason (`dedupe_key`, the immediate mail's key: a retried producer adds nothing); `digested_at`
 * is set in the transaction that writes the digest's outbox row (`digest_key`), so an item is in
 * exactly one digest.
 */
import type { Kysely, Migration } from 'kysely';

export const mailDigests: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mail_digest_items')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('user_uuid', 'text', (c) => c.notNull()) // the reader
      .addColumn('category', 'text', (c) => c.notNull()) // MailCategory
      .addColumn('reason', 'text', (c) => c.notNull()) // MailReason
      .addColumn('item_uuid', 'text', (c) => c.notNull()) // the content shown and linked to
      .addColumn('actor_uuid', 'text')
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('digested_at', 'bigint') // null: waiting for a digest
      .addColumn('digest_key', 'text') // the outbox row's dedupe_key that took it
      .execute();
    // The runs page through readers with waiting items, in uuid order.
    await db.schema.createIndex('mail_digest_items_waiting').on('mail_digest_items').columns(['digested_at', 'user_uuid', 'date_created']).execute();
  },
};
