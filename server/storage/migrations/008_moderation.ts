/**
 * Moderation (content.md §3–§5): one flag per user and comment, the comment columns the write and
 * moderation calls need, and premoderation per container. Comment state stays a text column:
 * visible | disabled | hidden | awaiting_moderation | spam | deleted.
 */
import type { Kysely, Migration } from 'kysely';

export const moderation: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('flags')
      .addColumn('content_uuid', 'text', (c) => c.notNull().references('comments.uuid'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('flags_pk', ['content_uuid', 'user_uuid'])
      .execute();
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('comments').addColumn('anonymous_name', 'text').execute();
    await db.schema.alterTable('comments').addColumn('total_flags', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('comments').addColumn('date_pinned', 'bigint').execute();
    await db.schema.alterTable('comments').addColumn('date_locked', 'bigint').execute();
    await db.schema.alterTable('containers').addColumn('is_premoderated', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
