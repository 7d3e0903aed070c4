/**
 * Moderation at site scale (docs/moderation.md): why an item waits (`hold_reason`, JSON of
 * core/moderation/reasons.ts HoldReason; null: nothing held it), when a moderator last decided on
 * it (`moderated_at`/`moderated_by`: null means "unmoderated"), every decision (who, when, what,
 * the state before and after), staff-only notes on a user, a user's two switches (`badge_trusted`:
 * their posts skip automatic holds; `always_premoderate`), and each site's automatic-moderation
 * settings (word lists, links, new commenters, scorers with their keys: never sent to a reader).
 */
import type { Kysely, Migration } from 'kysely';

export const moderationQueue: Migration = {
  async up(db: Kysely<any>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('contents').addColumn('hold_reason', 'text').execute();
    await db.schema.alterTable('contents').addColumn('moderated_at', 'bigint').execute();
    await db.schema.alterTable('contents').addColumn('moderated_by', 'text').execute();
    await db.schema.alterTable('users').addColumn('badge_trusted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('always_premoderate', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await db.schema
      .createTable('moderation_decisions')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('content_uuid', 'text', (c) => c.notNull())
      .addColumn('actor_uuid', 'text', (c) => c.notNull()) // the moderator, or the server's own AUTOMATIC_ACTOR
      .addColumn('action', 'text', (c) => c.notNull()) // approve | reject | spam | pick | unpick | undo | hold | auto_reject
      .addColumn('state_before', 'text', (c) => c.notNull())
      .addColumn('state_after', 'text', (c) => c.notNull())
      .addColumn('reason', 'text') // JSON HoldReason for automatic decisions
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('moderation_decisions_content').on('moderation_decisions').columns(['content_uuid', 'date_created']).execute();

    await db.schema
      .createTable('staff_notes')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('user_uuid', 'text', (c) => c.notNull()) // the user the note is about
      .addColumn('author_uuid', 'text', (c) => c.notNull()) // the moderator who wrote it
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_notes_user').on('staff_notes').columns(['site_uuid', 'user_uuid', 'date_created']).execute();

    await db.schema
      .createTable('moderation_settings')
      .addColumn('site_uuid', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'text', (c) => c.notNull()) // JSON AutoModerationSettings (with secrets)
      .addColumn('date_updated', 'bigint', (c) => c.notNull())
      .execute();
  },
};
