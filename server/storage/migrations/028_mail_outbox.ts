/**
 * Readers' email notifications (issue 46, docs/notifications.md "Email"): each reader's frequency
 * (the spec's `email_notice_frequency`) and categories switched off, and the durable outbox every
 * mail to a reader goes through: written once per reason (`dedupe_key`), claimed by one server
 * process at a time, retried with backoff, given up after MAX_SEND_ATTEMPTS.
 */
import type { Kysely, Migration } from 'kysely';

export const mailOutbox: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('email_notice_frequency', 'text', (c) => c.notNull().defaultTo('immediate')).execute();
    await db.schema.alterTable('users').addColumn('email_notice_categories', 'text').execute(); // JSON MailCategories; null: defaults

    await db.schema
      .createTable('mail_outbox')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('user_uuid', 'text') // the reader it is for (null: not a reader's mail)
      .addColumn('category', 'text') // MailCategory, or null (digest of several)
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique()) // one mail per reason, whoever writes it
      .addColumn('mail', 'text', (c) => c.notNull()) // JSON: to, subject, text, html, headers
      .addColumn('state', 'text', (c) => c.notNull()) // OutboxState
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_by', 'text') // the process sending it now
      .addColumn('claimed_until', 'bigint') // a claim older than this is free again (its process died)
      .addColumn('last_error', 'text')
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_sent', 'bigint')
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['state', 'next_attempt_at']).execute();
  },
};
