/**
 * Bans (spec content.md §3 "Ban"): one row per ban a moderator gave. The user's effective ban is
 * the latest unexpired, unrevoked row (server/engine/bans.ts); the legacy `users.ban_level`
 * column is no longer read.
 */
import type { Kysely, Migration } from 'kysely';

export const bans: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('bans')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('ban_level', 'text', (c) => c.notNull()) // posting | ghost | hide | login
      .addColumn('user_message', 'text', (c) => c.notNull()) // the reason shown to the user
      .addColumn('is_permanent', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_expired', 'bigint') // null when permanent
      .addColumn('date_revoked', 'bigint') // null while not revoked
      .execute();
    await db.schema.createIndex('bans_user').on('bans').columns(['user_uuid', 'date_created']).execute();
  },
};
