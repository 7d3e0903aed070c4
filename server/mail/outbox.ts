/**
 * The durable mail outbox (migrations 028 and 030, docs/mail.md "Delivery"): every mail to a
 * reader is a `mail_outbox` row written once per reason (`dedupe_key`), with its `mail_deliveries`
 * row (state, tries, claim), in the same transaction as what caused it when the caller has one, and
 * sent later by a dispatcher (dispatcher.ts) in whichever server process claims it first. Claims
 * and marks rewrite only the small delivery row, never the ~10 KB mail.
 *
 * A claim names the process (`claimed_by`) and lasts CLAIM_MS (`claimed_until`): a process
 * killed while sending frees its rows when that runs out, and another process sends them. On
 * PostgreSQL the due rows are locked with `FOR UPDATE SKIP LOCKED` (two processes claiming at once
 * take different rows instead of waiting for each other); SQLite has one writer at a time, so one
 * UPDATE … RETURNING over the due rows' keys claims atomically (a write never starts from a stale
 * read: WAL answers SQLITE_BUSY to a writer whose snapshot is behind).
 *
 * Statements that name rows by key test nothing else that is indexed (`claimed_by`, never `state`):
 * given a long `in` list, SQLite's planner (no ANALYZE statistics) otherwise walks the
 * `mail_deliveries_due` index through every pending row, and a 100,000-mail run slowed down as it grew.
 * A row claimed by a process is pending: every change of state clears `claimed_by`.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_SEND_ATTEMPTS, retryDelay } from '../../core/mail/types.ts';
import { isPostgres } from '../storage/engine.ts';
import type { Database, MailDeliveriesTable } from '../storage/schema.ts';

/** A mail as the outbox keeps it (the `mail` column's JSON). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** How long a claim holds: longer than a send can take (mailer.ts SMTP_TIMEOUTS). */
export const CLAIM_MS = 120_000;

export interface EnqueuedRow {
  site_uuid: string;
  user_uuid: string | null;
  category: string | null;
  dedupe_key: string;
  mail: OutboxMail;
  /** Not before this time (ms); default now. */
  send_after?: number;
}

/** A header with a line break would smuggle in header lines of its own. */
function checkHeaders(mail: OutboxMail): void {
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (/[\r\n]/.test(name + value) || !/^[\w-]+$/.test(name)) throw new Error(`mail header ${JSON.stringify(name)}: a name of letters, digits and dashes, a value without line breaks`);
  }
}

function outboxRow(row: EnqueuedRow, now: number) {
  checkHeaders(row.mail);
  return {
    uuid: randomUUID(),
    site_uuid: row.site_uuid,
    user_uuid: row.user_uuid,
    category: row.category,
    dedupe_key: row.dedupe_key,
    mail: JSON.stringify(row.mail),
    date_created: now,
  };
}

const newDelivery = (uuid: string, sendAfter: number) => ({
  outbox_uuid: uuid, state: 'pending' as const, attempts: 0, next_attempt_at: sendAfter, claimed_by: null, claimed_until: null, last_error: null, date_sent: null,
});

/** Rows per insert statement (SQLite binds at most 32,766 parameters; a mail row has 7, a delivery 8). */
const INSERT_CHUNK = 200;

/** In the caller's transaction, or in one of its own: a mail is never written without its delivery. */
const inTransaction = <T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Writes the mail once per dedupe_key (a second call with the same key does nothing and answers
 * false); in `db` or a caller's transaction. A header with a line break is refused.
 */
export async function enqueueMail(db: Kysely<Database>, row: EnqueuedRow): Promise<boolean> {
  return (await enqueueMails(db, [row])).size > 0;
}

/**
 * `enqueueMail` for many rows at once, a few statements instead of one per mail (a digest run's
 * page of readers): answers the dedupe keys that were new, written; a key already there is left
 * as it was. In `db` or a caller's transaction.
 */
export async function enqueueMails(db: Kysely<Database>, rows: EnqueuedRow[]): Promise<Set<string>> {
  const now = Date.now();
  const values = rows.map((row) => outboxRow(row, now));
  const sendAfter = new Map<string, number>(rows.map((row, i) => [values[i]!.uuid, row.send_after ?? now]));
  return inTransaction(db, async (trx) => {
    const written = new Set<string>();
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const inserted = await trx
        .insertInto('mail_outbox')
        .values(values.slice(i, i + INSERT_CHUNK))
        // DO NOTHING rather than catching a unique violation: on PostgreSQL that would abort the caller's transaction.
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .returning(['uuid', 'dedupe_key'])
        .execute();
      if (inserted.length === 0) continue;
      await trx.insertInto('mail_deliveries').values(inserted.map((row) => newDelivery(row.uuid, sendAfter.get(row.uuid)!))).execute();
      for (const row of inserted) written.add(row.dedupe_key);
    }
    return written;
  });
}

/** A row this process claimed; its mail is read when its turn to be sent comes (`claimedMail`). */
export interface ClaimedMail {
  /** The outbox row's. */
  uuid: string;
  attempts: number;
}

/** Claims up to `limit` due rows for `owner` until `now + claimMs`. */
export async function claimDue(db: Kysely<Database>, owner: string, now: number, limit: number, claimMs = CLAIM_MS): Promise<ClaimedMail[]> {
  const claim = { claimed_by: owner, claimed_until: now + claimMs };
  const due = (from: Kysely<Database>) =>
    from
      .selectFrom('mail_deliveries')
      .select('outbox_uuid')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
  // A read first: an idle poll (most of them) takes no lock and writes nothing.
  if (!(await due(db).limit(1).executeTakeFirst())) return [];
  let rows: Pick<MailDeliveriesTable, 'outbox_uuid' | 'attempts'>[];
  if (isPostgres(db)) {
    rows = await db.transaction().execute(async (trx) => {
      const locked = await due(trx).forUpdate().skipLocked().execute();
      if (locked.length === 0) return [];
      return trx.updateTable('mail_deliveries').set(claim).where('outbox_uuid', 'in', locked.map((row) => row.outbox_uuid)).returning(['outbox_uuid', 'attempts']).execute();
    });
  } else {
    rows = await db.updateTable('mail_deliveries').set(claim).where('outbox_uuid', 'in', due(db)).returning(['outbox_uuid', 'attempts']).execute();
  }
  return rows.map((row) => ({ uuid: row.outbox_uuid, attempts: Number(row.attempts) }));
}

/**
 * A claimed row's mail, read just before it is sent rather than with the claim: a claim's 100
 * mails (about 10 KB each) would otherwise wait in memory for their turn, long enough to be kept
 * by the garbage collector's old generation, which then grows the heap. Null when the stored JSON
 * is not a mail or the mail is gone (an erased reader's): it is then given up at once.
 */
export async function claimedMail(db: Kysely<Database>, uuid: string): Promise<OutboxMail | null> {
  const row = await db.selectFrom('mail_outbox').select('mail').where('uuid', '=', uuid).executeTakeFirst();
  return row ? readMail(row.mail) : null;
}

function readMail(json: string): OutboxMail | null {
  try {
    const mail = JSON.parse(json) as Partial<OutboxMail>;
    return typeof mail.to === 'string' && typeof mail.subject === 'string' && typeof mail.text === 'string' && typeof mail.html === 'string' ? (mail as OutboxMail) : null;
  } catch {
    return null;
  }
}

/**
 * Marks claimed rows sent, one statement per few hundred. Only while `owner` still holds them: a
 * claim that ran out and went to another process is that process's to finish. Answers the uuids that were ours.
 */
export async function markAllSent(db: Kysely<Database>, owner: string, uuids: string[], now: number): Promise<Set<string>> {
  const ours = new Set<string>();
  for (let i = 0; i < uuids.length; i += 500) {
    const marked = await db
      .updateTable('mail_deliveries')
      .set({ state: 'sent', date_sent: now, claimed_by: null, claimed_until: null, last_error: null })
      .where('outbox_uuid', 'in', uuids.slice(i, i + 500))
      .where('claimed_by', '=', owner)
      .returning('outbox_uuid')
      .execute();
    for (const row of marked) ours.add(row.outbox_uuid);
  }
  return ours;
}

/**
 * Records a failed try of a claimed row: tried again after retryDelay, or 'failed' once it has
 * had MAX_SEND_ATTEMPTS (or at once when `final`: a row that is not a mail). Answers the row's
 * new state, or null when the claim was no longer ours.
 */
export async function markFailed(db: Kysely<Database>, owner: string, claimed: ClaimedMail, error: string, now: number, final = false): Promise<'pending' | 'failed' | null> {
  const attempts = claimed.attempts + 1;
  const state = final || attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending';
  const result = await db
    .updateTable('mail_deliveries')
    .set({ state, attempts, last_error: error.slice(0, 1000), next_attempt_at: state === 'pending' ? now + retryDelay(attempts) : now, claimed_by: null, claimed_until: null })
    .where('outbox_uuid', '=', claimed.uuid)
    .where('claimed_by', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? state : null;
}

/** Mails waiting to be sent (for /metrics). */
export async function pendingMailCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('mail_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}
