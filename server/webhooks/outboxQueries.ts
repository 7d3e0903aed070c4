/**
 * The worker's side of the webhook outbox (migration 022): claim due deliveries with a lease so
 * that only one server process sends each, record every attempt, prune old ones.
 *
 * The claim is one UPDATE whose WHERE repeats the "due and not leased" test: on PostgreSQL a
 * second process updating the same row waits for the first and then re-checks that test against
 * the row the first wrote (lease set: skipped); SQLite runs one writer at a time. A process that
 * dies mid-send leaves a lease that runs out, and the delivery is tried again.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  uuid: string;
  webhook_uuid: string;
  event_type: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  lease_token: string;
}

/**
 * Leases up to `limit` due deliveries (or the one named by `only`, if due) until `now + leaseMs`
 * and answers them with their webhook's url and secret.
 */
export async function claimDue(db: Kysely<Database>, now: number, leaseMs: number, limit: number, only?: string): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  let due = db
    .selectFrom('webhook_deliveries')
    .select('uuid')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]));
  if (only) due = due.where('uuid', '=', only);
  const leased = await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: now + leaseMs, lease_token: token })
    .where('uuid', 'in', due.orderBy('next_attempt_at').limit(limit))
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning('uuid')
    .execute();
  if (leased.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.uuid', 'd.webhook_uuid')
    .select(['d.uuid', 'd.webhook_uuid', 'd.event_type', 'd.body', 'd.attempts', 'w.url', 'w.secret'])
    .where('d.uuid', 'in', leased.map((row) => row.uuid))
    .where('d.lease_token', '=', token)
    .orderBy('d.next_attempt_at')
    .orderBy('d.date_created')
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts), lease_token: token }));
}

export interface AttemptOutcome {
  /** The receiver's HTTP status; null when it did not answer. */
  status: number | null;
  /** Why the attempt failed; null on success. */
  error: string | null;
  /** When to try again; null: done (delivered, or out of attempts). */
  retryAt: number | null;
}

/** One finished attempt of a delivery this process leased. */
export interface AttemptRecord {
  claimed: ClaimedDelivery;
  outcome: AttemptOutcome;
  /** When the attempt ended. */
  at: number;
}

/**
 * Records a round's attempts in one transaction (one commit, not one per delivery) and makes
 * each webhook's latest one its last delivery. A lease that ran out and went to another process
 * is not overwritten.
 */
export async function recordAttempts(db: Kysely<Database>, records: AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const last = new Map<string, string>();
    for (const { claimed, outcome, at } of records) {
      const status = outcome.error === null ? 'delivered' : outcome.retryAt === null ? 'failed' : 'pending';
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({
          status,
          attempts: claimed.attempts + 1,
          last_status: outcome.status,
          last_error: outcome.error,
          date_last_attempt: at,
          ...(outcome.retryAt !== null ? { next_attempt_at: outcome.retryAt } : {}),
          lease_until: null,
          lease_token: null,
        })
        .where('uuid', '=', claimed.uuid)
        .where('lease_token', '=', claimed.lease_token)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) last.set(claimed.webhook_uuid, claimed.uuid);
    }
    for (const [webhook, delivery] of last) await trx.updateTable('webhooks').set({ last_delivery_uuid: delivery }).where('uuid', '=', webhook).execute();
  });
}

/** Deliveries waiting to be sent (for /metrics). */
export async function pendingCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes finished deliveries (delivered or failed) created before `before`, except each webhook's last one. */
export async function pruneDeliveries(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', '!=', 'pending')
    .where('date_created', '<', before)
    .where('uuid', 'not in', db.selectFrom('webhooks').select('last_delivery_uuid').where('last_delivery_uuid', 'is not', null).$narrowType<{ last_delivery_uuid: string }>())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
