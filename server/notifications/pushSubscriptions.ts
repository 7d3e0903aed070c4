/**
 * Browser push subscriptions (`push_subscriptions`, docs/push.md) and each user's push switch
 * (`users.push_notifications_on`, the API's `is_user_notification_on`).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../storage/schema.ts';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * Stores (or replaces: a browser may renew its keys under the same id) a subscription, and turns
 * the user's push switch on: subscribing is how a reader asks for push.
 */
export async function saveSubscription(db: Kysely<Database>, row: Omit<PushSubscriptionRow, 'date_created'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { endpoint, public_key, auth_secret, site_uuid } = row;
    await trx
      .insertInto('push_subscriptions')
      .values({ ...row, date_created: Date.now() })
      .onConflict((oc) => oc.columns(['user_uuid', 'subscription_id']).doUpdateSet({ endpoint, public_key, auth_secret, site_uuid }))
      .execute();
    await trx.updateTable('users').set({ push_notifications_on: 1 }).where('uuid', '=', row.user_uuid).execute();
  });
}

/**
 * Removes a subscription; when it was the user's last, the push switch goes off too (nothing is
 * left to deliver to, so the opt-in shows "unsubscribed" on every device).
 */
export async function deleteSubscription(db: Kysely<Database>, userUuid: string, subscriptionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('user_uuid', '=', userUuid).where('subscription_id', '=', subscriptionId).execute();
    const left = await trx.selectFrom('push_subscriptions').select('subscription_id').where('user_uuid', '=', userUuid).executeTakeFirst();
    if (!left) await trx.updateTable('users').set({ push_notifications_on: 0 }).where('uuid', '=', userUuid).execute();
  });
}

export async function setPushSwitch(db: Kysely<Database>, userUuid: string, on: boolean): Promise<void> {
  await db.updateTable('users').set({ push_notifications_on: on ? 1 : 0 }).where('uuid', '=', userUuid).execute();
}

export async function pushSwitchOf(db: Kysely<Database>, userUuid: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('push_notifications_on').where('uuid', '=', userUuid).executeTakeFirst();
  return Number(row?.push_notifications_on ?? 0) === 1;
}

/** The subscriptions of those of `userUuids` whose push switch is on, in one query. */
export async function subscriptionsToNotify(db: Kysely<Database>, userUuids: string[]): Promise<PushSubscriptionRow[]> {
  if (userUuids.length === 0) return [];
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.uuid', 'push_subscriptions.user_uuid')
    .selectAll('push_subscriptions')
    .where('push_subscriptions.user_uuid', 'in', userUuids)
    .where('users.push_notifications_on', '=', 1)
    .execute();
}
