/**
 * Readers' mails, their delivery apart from their body (issue 46, docs/mail.md "Delivery"): a
 * claim, a retry and a sent-mark rewrite the row they touch, and with the ~10 KB mail in it
 * SQLite rewrote the body's overflow pages every time (three writes per mail). `mail_outbox` keeps
 * what is written once (reader, reason, the mail); `mail_deliveries` holds one small row per mail
 * with what changes as it is sent, and goes with its mail (`on delete cascade`: an erased
 * reader's unsent mails, server/accounts/erasure.ts). Rows already there move over as they were.
 */
import { type Kysely, type Migration, sql } from 'kysely';

const MOVED = ['state', 'attempts', 'next_attempt_at', 'claimed_by', 'claimed_until', 'last_error', 'date_sent'] as const;

export const mailDeliveries: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mail_deliveries')
      .addColumn('outbox_uuid', 'text', (c) => c.primaryKey().references('mail_outbox.uuid').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull()) // OutboxState
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_by', 'text') // the process sending it now
      .addColumn('claimed_until', 'bigint') // a claim older than this is free again (its process died)
      .addColumn('last_error', 'text')
      .addColumn('date_sent', 'bigint')
      .execute();
    await sql`insert into mail_deliveries (outbox_uuid, ${sql.join(MOVED.map((c) => sql.ref(c)))})
      select uuid, ${sql.join(MOVED.map((c) => sql.ref(c)))} from mail_outbox`.execute(db);
    await db.schema.createIndex('mail_deliveries_due').on('mail_deliveries').columns(['state', 'next_attempt_at']).execute();
    await db.schema.dropIndex('mail_outbox_due').execute();
    // One column per statement: SQLite's ALTER TABLE drops one at a time.
    for (const column of MOVED) await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  },
};
