/**
 * The first schema. Written with Kysely's schema builder using only types both engines share
 * (text, integer, bigint), so SQLite and PostgreSQL get the same tables.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../engine.ts';

export const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sites')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domains', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();

    // The one engine difference: an auto-numbered key is `serial` on PostgreSQL.
    const users = isPostgres(db)
      ? db.schema.createTable('users').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('users').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    await users
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('user_privilege', 'text', (c) => c.notNull())
      .addColumn('ban_level', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('users_site_email', ['site_uuid', 'email'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_expires', 'bigint', (c) => c.notNull())
      .addColumn('date_revoked', 'bigint')
      .execute();

    await db.schema
      .createTable('containers')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('container_id', 'text', (c) => c.notNull())
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_visible_content', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('containers_site_container_id', ['site_uuid', 'container_id'])
      .execute();

    const counter = (name: string) => (t: any) => t.addColumn(name, 'integer', (c: any) => c.notNull().defaultTo(0));
    let comments = db.schema
      .createTable('comments')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('container_uuid', 'text', (c) => c.notNull().references('containers.uuid'))
      .addColumn('thread_uuid', 'text', (c) => c.notNull())
      .addColumn('parent_uuid', 'text', (c) => c.references('comments.uuid'))
      .addColumn('parent_actor_uuid', 'text')
      .addColumn('actor_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull());
    for (const name of ['total_likes', 'total_dislikes', 'total_replies', 'total_direct_replies', 'is_edited', 'is_picked', 'is_pinned']) {
      comments = counter(name)(comments);
    }
    await comments
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_edited', 'bigint')
      .execute();

    // Thread replies, oldest first (reply previews and the direct endpoint).
    await db.schema
      .createIndex('comments_thread')
      .on('comments')
      .columns(['container_uuid', 'thread_uuid', 'date_created', 'uuid'])
      .execute();
    // Top-level newest/oldest keyset paging: a partial index holding only thread starters.
    await db.schema
      .createIndex('comments_top_level')
      .on('comments')
      .columns(['container_uuid', 'date_created', 'uuid'])
      .where(sql.ref('parent_uuid'), 'is', null)
      .execute();
    await db.schema.createIndex('comments_actor').on('comments').column('actor_uuid').execute();

    await db.schema
      .createTable('likes')
      .addColumn('content_uuid', 'text', (c) => c.notNull().references('comments.uuid'))
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('likes_pk', ['content_uuid', 'user_uuid'])
      .execute();
    await db.schema.createIndex('likes_user').on('likes').column('user_uuid').execute();
  },
};
