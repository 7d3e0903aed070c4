/**
 * Profiles, follows and mutes (spec platform.md §3 User; content.md §3 Follow item, Mute):
 * pictures and pre-moderation state on users, one row per follow and per mute, and the dead
 * `users.ban_level` column goes (the `bans` table is the truth since migration 004).
 */
import type { Kysely, Migration } from 'kysely';

export const profiles: Migration = {
  async up(db: Kysely<any>) {
    // One column per statement: SQLite's ALTER TABLE takes one change at a time.
    for (const column of ['pic_small', 'pic_large', 'pic_small_pending', 'pic_large_pending', 'username_pending']) {
      await db.schema.alterTable('users').addColumn(column, 'text').execute();
    }
    for (const column of ['avatar_moderation_status', 'username_moderation_status']) {
      await db.schema.alterTable('users').addColumn(column, 'text', (c) => c.notNull().defaultTo('none')).execute();
    }
    await db.schema.alterTable('users').dropColumn('ban_level').execute();

    await db.schema
      .createTable('follows')
      .addColumn('follower_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('followee_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('page_id', 'text') // where the follow was made, when the client said
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('follows_pair', ['follower_uuid', 'followee_uuid'])
      .execute();
    await db.schema.createIndex('follows_followee').on('follows').columns(['followee_uuid', 'date_created']).execute();

    await db.schema
      .createTable('mutes')
      .addColumn('muter_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('muted_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mutes_pair', ['muter_uuid', 'muted_uuid'])
      .execute();
  },
};
