/**
 * What is still to be done after an item's write (issue 46): the notices and mails a new item,
 * an approval or a pick sends. The row is written in the item's own transaction and removed once
 * that work is done after commit, so a process killed between the two leaves the row behind and
 * another process's sweep (notifications/followupSweep.ts) does the work again. Re-running is
 * harmless: mails and digest items carry their `dedupe_key`, and in-app notifications are written
 * only when none exist for the item yet.
 */
import type { Kysely, Migration } from 'kysely';

export const contentFollowups: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('content_followups')
      .addColumn('content_uuid', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull()) // FollowupKind
      .addColumn('actor_uuid', 'text') // who approved or picked it; null for a new item
      .addColumn('due_at', 'bigint', (c) => c.notNull()) // the sweep takes it from then on (a claim moves it on)
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0)) // the sweep's runs so far
      .addPrimaryKeyConstraint('content_followups_pk', ['content_uuid', 'kind'])
      .execute();
    await db.schema.createIndex('content_followups_due').on('content_followups').columns(['due_at']).execute();
  },
};
