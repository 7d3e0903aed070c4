/**
 * The publisher's legal duties (docs/law.md): notices of illegal content (DSA Art. 16), the
 * statement of reasons written for every decision that restricts a reader (Art. 17), appeals
 * (Art. 20), trusted flaggers (Art. 22), each site's grounds (its kinds of illegality and the rules
 * of its terms), and a reader's account deletion with its grace period (GDPR Art. 17).
 */
import type { Kysely, Migration } from 'kysely';

export const legal: Migration = {
  async up(db: Kysely<any>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('users').addColumn('trusted_flagger', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('deletion_requested_at', 'bigint').execute();
    await db.schema.alterTable('users').addColumn('erased_at', 'bigint').execute();

    await db.schema
      .createTable('legal_settings')
      .addColumn('site_uuid', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'text', (c) => c.notNull()) // JSON LegalSettings (core/legal/types.ts)
      .addColumn('date_updated', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('legal_notices')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().unique()) // what the reporter quotes
      .addColumn('target_type', 'text', (c) => c.notNull()) // content | profile_name | profile_picture
      .addColumn('content_uuid', 'text')
      .addColumn('target_user_uuid', 'text') // the item's author, or the profile's owner
      .addColumn('kind', 'text', (c) => c.notNull()) // an id of the site's illegal_kinds
      .addColumn('explanation', 'text', (c) => c.notNull())
      .addColumn('reporter_name', 'text')
      .addColumn('reporter_email', 'text')
      .addColumn('reporter_user_uuid', 'text')
      .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0)) // sent by a trusted flagger
      .addColumn('state', 'text', (c) => c.notNull()) // open | illegal | not_illegal
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'bigint')
      .addColumn('statement_uuid', 'text')
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('legal_notices_queue').on('legal_notices').columns(['site_uuid', 'state', 'trusted', 'date_created']).execute();
    await db.schema.createIndex('legal_notices_content').on('legal_notices').columns(['content_uuid']).execute();

    await db.schema
      .createTable('statements_of_reasons')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('user_uuid', 'text') // the reader restricted (null: a guest's item)
      .addColumn('content_uuid', 'text') // null for a ban
      .addColumn('notice_uuid', 'text')
      .addColumn('decision_uuid', 'text') // the moderation_decisions row, where there is one
      .addColumn('restriction', 'text', (c) => c.notNull()) // RESTRICTIONS
      .addColumn('ground_type', 'text', (c) => c.notNull()) // illegal | terms
      .addColumn('ground', 'text', (c) => c.notNull()) // an id of the site's lists
      .addColumn('ground_label', 'text', (c) => c.notNull()) // its label when decided
      .addColumn('explanation', 'text')
      .addColumn('facts', 'text', (c) => c.notNull())
      .addColumn('automated', 'integer', (c) => c.notNull()) // 0/1: decided by automatic means
      .addColumn('automated_rule', 'text') // HoldRule
      .addColumn('moderator_uuid', 'text')
      .addColumn('state', 'text', (c) => c.notNull()) // in_force | reversed
      .addColumn('appeal_until', 'bigint', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('statements_site').on('statements_of_reasons').columns(['site_uuid', 'date_created']).execute();
    await db.schema.createIndex('statements_user').on('statements_of_reasons').columns(['user_uuid', 'date_created']).execute();

    await db.schema
      .createTable('appeals')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('statement_uuid', 'text') // an author's appeal
      .addColumn('notice_uuid', 'text') // a reporter's appeal of "not illegal"
      .addColumn('appellant_uuid', 'text') // null: a guest reporter
      .addColumn('appellant_role', 'text', (c) => c.notNull()) // author | reporter
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('first_decided_by', 'text') // who took the decision appealed (another must decide)
      .addColumn('state', 'text', (c) => c.notNull()) // open | upheld | reversed
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'bigint')
      .addColumn('explanation', 'text')
      .addColumn('single_moderator', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('appeals_queue').on('appeals').columns(['site_uuid', 'state', 'date_created']).execute();
  },
};
