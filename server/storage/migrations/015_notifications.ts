/**
 * Notifications (docs/notifications.md): one row per recipient and notification, the broadcasts
 * they point at, topic and page follows, browser push subscriptions, the server's VAPID key pair
 * and each user's push switch (`is_user_notification_on`).
 */
import type { Kysely, Migration } from 'kysely';

export const notifications: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notifications')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('user_uuid', 'text', (c) => c.notNull()) // the recipient
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('grouping_key', 'text', (c) => c.notNull())
      .addColumn('actor_uuid', 'text', (c) => c.notNull())
      .addColumn('content_uuid', 'text') // the content that caused it (reply, post, like target)
      .addColumn('container_uuid', 'text')
      .addColumn('target_uuid', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new')) // new | seen | read
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notifications_user').on('notifications').columns(['user_uuid', 'date_created']).execute();
    // One like or follow per actor and target: a like taken back and given again notifies once.
    await db.schema.createIndex('notifications_once').on('notifications').columns(['user_uuid', 'type', 'actor_uuid', 'target_uuid']).execute();
    await db.schema
      .createTable('broadcasts')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('actor_uuid', 'text', (c) => c.notNull())
      .addColumn('topic_id', 'text') // null: the whole site
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('image_url', 'text')
      .addColumn('image_alt', 'text')
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('topic_follows')
      .addColumn('user_uuid', 'text', (c) => c.notNull())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('topic_id', 'text', (c) => c.notNull())
      .addColumn('topic_name', 'text', (c) => c.notNull())
      .addColumn('topic_type', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('topic_follows_pk', ['user_uuid', 'topic_id'])
      .execute();
    await db.schema.createIndex('topic_follows_topic').on('topic_follows').columns(['site_uuid', 'topic_id']).execute();
    await db.schema
      .createTable('page_follows')
      .addColumn('user_uuid', 'text', (c) => c.notNull())
      .addColumn('page_uuid', 'text', (c) => c.notNull())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('page_follows_pk', ['user_uuid', 'page_uuid'])
      .execute();
    await db.schema.createIndex('page_follows_page').on('page_follows').columns(['page_uuid']).execute();
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('user_uuid', 'text', (c) => c.notNull())
      .addColumn('subscription_id', 'text', (c) => c.notNull())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull()) // p256dh, base64url
      .addColumn('auth_secret', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('push_subscriptions_pk', ['user_uuid', 'subscription_id'])
      .execute();
    await db.schema
      .createTable('server_keys')
      .addColumn('name', 'text', (c) => c.primaryKey()) // vapid
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('users').addColumn('push_notifications_on', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
