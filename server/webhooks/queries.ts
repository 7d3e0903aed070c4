/**
 * Webhooks and their outbox (migration 022, docs/webhooks.md). Registrations: list, create,
 * update, delete (with their deliveries), rotate the secret. Deliveries: enqueue inside the
 * change's transaction, claim due ones with a lease, record each attempt.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { type DeliveryStatus, type Webhook, type WebhookDelivery, type WebhookEventType } from '../../core/api/webhookTypes.ts';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../storage/schema.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** A new signing secret: `whsec_` and 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function toApiDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    delivery_uuid: row.uuid,
    event: row.event_type as WebhookDelivery['event'],
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    last_status: row.last_status === null ? null : Number(row.last_status),
    last_error: row.last_error,
    date_created: Number(row.date_created),
    date_last_attempt: row.date_last_attempt === null ? null : Number(row.date_last_attempt),
    next_attempt_at: row.status === 'pending' ? Number(row.next_attempt_at) : null,
  };
}

function toApiWebhook(row: WebhookRow, last: DeliveryRow | undefined): Webhook {
  return {
    webhook_uuid: row.uuid,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    date_created: Number(row.date_created),
    date_updated: Number(row.date_updated),
    last_delivery: last ? toApiDelivery(last) : null,
  };
}

/** The site's webhooks, oldest first, each with its last attempted delivery. */
/** The site's webhooks with their last deliveries (only `uuid`'s, when one is named). */
export async function listWebhooks(db: Db, siteUuid: string, uuid?: string): Promise<Webhook[]> {
  let query = db.selectFrom('webhooks').selectAll().where('site_uuid', '=', siteUuid);
  if (uuid !== undefined) query = query.where('uuid', '=', uuid);
  const rows = await query.orderBy('date_created').orderBy('uuid').execute();
  const lastUuids = rows.map((row) => row.last_delivery_uuid).filter((uuid): uuid is string => uuid !== null);
  const last = lastUuids.length === 0 ? [] : await db.selectFrom('webhook_deliveries').selectAll().where('uuid', 'in', lastUuids).execute();
  const byUuid = new Map(last.map((row) => [row.uuid, row]));
  return rows.map((row) => toApiWebhook(row, row.last_delivery_uuid ? byUuid.get(row.last_delivery_uuid) : undefined));
}

export async function getWebhook(db: Db, siteUuid: string, uuid: string): Promise<Webhook | null> {
  return (await listWebhooks(db, siteUuid, uuid))[0] ?? null;
}

/** The sites that have at least one webhook. */
export async function hookedSites(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('webhooks').select('site_uuid').distinct().execute();
  return new Set(rows.map((row) => row.site_uuid));
}

export async function countWebhooks(db: Db, siteUuid: string): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('site_uuid', '=', siteUuid).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface WebhookChange {
  url?: string;
  events?: WebhookEventType[];
  description?: string;
}

/** Registers a webhook; answers it with its secret (the only answer that shows it, with rotation's). */
export async function createWebhook(db: Db, siteUuid: string, createdBy: string, input: Required<WebhookChange>, now = Date.now()): Promise<Webhook & { secret: string }> {
  const row: WebhookRow = {
    uuid: randomUUID(),
    site_uuid: siteUuid,
    url: input.url,
    description: input.description,
    events: JSON.stringify(input.events),
    secret: newSecret(),
    last_delivery_uuid: null,
    created_by: createdBy,
    date_created: now,
    date_updated: now,
  };
  await db.insertInto('webhooks').values(row).execute();
  return { ...toApiWebhook(row, undefined), secret: row.secret };
}

/** Changes the named fields; false when the site has no such webhook. */
export async function updateWebhook(db: Db, siteUuid: string, uuid: string, change: WebhookChange, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.events !== undefined ? { events: JSON.stringify(change.events) } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      date_updated: now,
    })
    .where('site_uuid', '=', siteUuid)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new secret for the webhook (the old one stops signing at once); null when no such webhook. */
export async function rotateSecret(db: Db, siteUuid: string, uuid: string, now = Date.now()): Promise<string | null> {
  const secret = newSecret();
  const result = await db.updateTable('webhooks').set({ secret, date_updated: now }).where('site_uuid', '=', siteUuid).where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? secret : null;
}

/** Removes the webhook and every delivery to it, sent or not: nothing more goes out to it. */
export async function deleteWebhook(db: Kysely<Database>, siteUuid: string, uuid: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('webhooks').where('site_uuid', '=', siteUuid).where('uuid', '=', uuid).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx.deleteFrom('webhook_deliveries').where('webhook_uuid', '=', uuid).execute();
    return true;
  });
}

/** The webhook's latest deliveries, newest first. */
export async function recentDeliveries(db: Db, webhookUuid: string, limit: number): Promise<WebhookDelivery[]> {
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_uuid', '=', webhookUuid).orderBy('date_created', 'desc').orderBy('uuid', 'desc').limit(limit).execute();
  return rows.map(toApiDelivery);
}

export async function getDelivery(db: Db, uuid: string): Promise<DeliveryRow | null> {
  return (await db.selectFrom('webhook_deliveries').selectAll().where('uuid', '=', uuid).executeTakeFirst()) ?? null;
}
