/**
 * The webhooks' outbox, the event log's other half (docs/webhooks.md "Events"; the webhooks
 * feature sends what is queued here). Every content change logs its realtime event
 * in its own transaction (engine/events.ts appendEvent); that one place also queues the
 * deliveries, in the same transaction, so a change that committed has its deliveries and a
 * change that rolled back has none. Bans are not content events: the ban route queues
 * `user.banned` with the ban. Payloads carry public fields only (what the API shows any reader):
 * no emails, IP addresses or password hashes.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ContentEvent, ContentEventName } from '../../core/api/types.ts';
import type { WebhookBanData, WebhookContentData, WebhookEventType, WebhookPayload } from '../../core/api/webhookTypes.ts';
import { holdReasonOf } from '../content/visibility.ts';
import { getCommentWithActor, type Row, toApiComment } from './contentQueries.ts';
import type { Database } from '../storage/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The site's webhooks subscribed to any of `types` (uuid and events), for enqueueing. */
export async function subscribers(db: Db, siteUuid: string, types: readonly string[]): Promise<{ uuid: string; events: string[] }[]> {
  const rows = await db.selectFrom('webhooks').select(['uuid', 'events']).where('site_uuid', '=', siteUuid).execute();
  return rows
    .map((row) => ({ uuid: row.uuid, events: JSON.parse(row.events) as string[] }))
    .filter((row) => row.events.some((event) => types.includes(event)));
}

/** Queues one delivery per webhook (in the caller's transaction); answers their uuids. */
export async function enqueueDeliveries(
  db: Db,
  siteUuid: string,
  webhookUuids: string[],
  type: WebhookPayload['type'],
  data: WebhookPayload['data'],
  now = Date.now(),
): Promise<string[]> {
  if (webhookUuids.length === 0) return [];
  const created_at = new Date(now).toISOString();
  const rows = webhookUuids.map((webhook_uuid) => {
    const uuid = randomUUID();
    const payload: WebhookPayload = { id: uuid, type, site: siteUuid, created_at, data };
    return {
      uuid,
      webhook_uuid,
      site_uuid: siteUuid,
      event_type: type,
      body: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      date_created: now,
    };
  });
  await db.insertInto('webhook_deliveries').values(rows).execute();
  return rows.map((row) => row.uuid);
}

/** The webhook events a content event may be, before looking at the item. */
const CANDIDATES: Partial<Record<ContentEventName, readonly WebhookEventType[]>> = {
  created: ['comment.created', 'reply.created', 'liveblog.post_published'],
  updated: ['comment.edited'],
  deleted: ['comment.deleted'],
  visible: ['comment.approved'],
  disabled: ['comment.rejected'],
  spammed: ['comment.rejected'],
  flagged: ['comment.flagged'],
};

/** Whether a content event may have queued deliveries (the worker is woken for those). */
export const mayQueue = (event: ContentEvent): boolean => CANDIDATES[event.event] !== undefined;

/** The one webhook event this content event is, for this item. */
function typeOf(event: ContentEventName, row: Row): WebhookEventType {
  if (event !== 'created') return CANDIDATES[event]![0]!;
  if (row.type === 'liveblog_post') return 'liveblog.post_published';
  return row.parent_uuid ? 'reply.created' : 'comment.created';
}

/** The item's public fields; a deleted item's words and images are not sent on. */
function publicComment(row: Row): WebhookContentData['comment'] {
  const { actions: _actions, media, ...comment } = toApiComment(row);
  // The site's own receivers hear why automatic moderation held or rejected it (docs/webhooks.md).
  const reason = holdReasonOf(row);
  const why = reason ? { moderation_reason: reason } : {};
  return row.state === 'deleted' ? { ...comment, content: '', ...why } : { ...comment, ...(media ? { media } : {}), ...why };
}

/**
 * The site's webhooks, read once per transaction: a decision on 500 items logs 500 events in one
 * transaction, and the webhooks cannot change inside it.
 */
const hooksRead = new WeakMap<Transaction<Database>, Map<string, ReturnType<typeof siteHooks>>>();
const siteHooks = (trx: Transaction<Database>, siteUuid: string) => subscribers(trx, siteUuid, ALL_TYPES);
const ALL_TYPES = [...new Set(Object.values(CANDIDATES).flat())];

function hooksOf(trx: Transaction<Database>, siteUuid: string, types: readonly WebhookEventType[]) {
  let sites = hooksRead.get(trx);
  if (!sites) hooksRead.set(trx, (sites = new Map()));
  let read = sites.get(siteUuid);
  if (!read) sites.set(siteUuid, (read = siteHooks(trx, siteUuid)));
  return read.then((hooks) => hooks.filter((hook) => hook.events.some((event) => types.includes(event as WebhookEventType))));
}

/** Queues the deliveries of a content event to the site's webhooks that want it (inside its transaction). */
export async function enqueueContentEvent(trx: Transaction<Database>, event: ContentEvent): Promise<void> {
  const candidates = CANDIDATES[event.event];
  if (!candidates) return;
  const hooks = await hooksOf(trx, event.section_uuid, candidates);
  if (hooks.length === 0) return;
  const row = await getCommentWithActor(trx, event.content_uuid);
  if (!row) return;
  const type = typeOf(event.event, row);
  const wanted = hooks.filter((hook) => hook.events.includes(type)).map((hook) => hook.uuid);
  if (wanted.length === 0) return;
  const container = await trx.selectFrom('containers').select(['uuid', 'container_id', 'kind']).where('uuid', '=', row.container_uuid).executeTakeFirstOrThrow();
  const data: WebhookContentData = {
    comment: publicComment(row),
    content_type: row.type,
    container,
    // The flagger stays private, as in the realtime event (engine/changes.ts).
    ...(event.event === 'flagged' ? {} : { by_uuid: event.actor_uuid }),
  };
  await enqueueDeliveries(trx, event.section_uuid, wanted, type, data, event.time);
}

/** Queues `user.banned` to the site's webhooks that want it (inside the ban's transaction). */
export async function enqueueBan(trx: Transaction<Database>, siteUuid: string, data: WebhookBanData): Promise<void> {
  const hooks = await subscribers(trx, siteUuid, ['user.banned']);
  await enqueueDeliveries(trx, siteUuid, hooks.map((hook) => hook.uuid), 'user.banned', data, data.ban.date_created);
}
