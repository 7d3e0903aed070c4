/**
 * New items (comments, replies, live-blog posts, reviews) are written by group commit
 * (groupCommit.ts): items posted while a write is running go into the next transaction together,
 * so a busy conversation costs one BEGIN and one COMMIT (on SQLite, one fsync, during which the
 * synchronous driver holds the whole process) per group rather than per item. Each item still
 * has its own rows, counters and numbered event, in the order it was posted; it is answered only
 * after its group committed. When a group's transaction fails, its items are written again one
 * transaction each, so one item's failure is its own (a rolled-back group left nothing behind).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ContentEvent } from '../../core/api/types.ts';
import { moveCountsMany, newContentRow, type NewContent } from './contents.ts';
import { recordFollowups } from './followups.ts';
import { appendEvents, type EventDraft } from './events.ts';
import { chunks } from '../storage/chunks.ts';
import { GroupCommit } from '../storage/groupCommit.ts';
import type { ContentsTable, Database } from '../storage/schema.ts';

/** The most items one transaction takes (the rest wait for the next). */
export const MAX_INSERT_BATCH = 200;

interface PendingInsert {
  row: ContentsTable;
  describe: (row: ContentsTable) => EventDraft;
  also?: (trx: Transaction<Database>) => Promise<ContentEvent | null>;
  /** Record its notices and mails as still to do (followups.ts), when it shows. */
  followUp: boolean;
}

type Outcome = { events: ContentEvent[] } | { error: unknown };

/** Content rows per insert statement (about 25 values each: inside both engines' bound on parameters). */
const ROWS_PER_INSERT = 100;

/**
 * The items in `trx`, each one's events in the order of their numbers, in a few statements
 * whatever their number: the rows and the followups first, then the counters (the thread
 * starters', the parents', and the containers' visible total, once for the group: moveCountsMany)
 * and the containers' event counters with the events, then each item's `also` (its own events
 * numbered after the item's). Under load every
 * statement waits a turn of a busy event loop, so a group costs about what one item does; and on
 * PostgreSQL the container row's lock, which orders the writers of one conversation across
 * processes, is taken late and held only to the commit.
 */
async function writeItems(trx: Transaction<Database>, items: PendingInsert[]): Promise<ContentEvent[][]> {
  const rows = items.map((item) => item.row);
  for (const part of chunks(rows, ROWS_PER_INSERT)) await trx.insertInto('contents').values(part).execute();
  await recordFollowups(trx, 'created', items.filter((item) => item.followUp && item.row.state === 'visible').map((item) => item.row.uuid), null);
  const drafts = items.map(({ row, describe }) => describe(row));
  // A held comment counts once enabled.
  const shown = rows.filter((row) => row.state === 'visible').map((row) => ({ row, delta: 1 as const }));
  if (shown.length > 0) await moveCountsMany(trx, shown);
  const created = await appendEvents(trx, drafts);
  const events: ContentEvent[][] = [];
  for (const [i, { also }] of items.entries()) {
    const more = (await also?.(trx)) ?? null;
    events.push(more ? [created[i]!, more] : [created[i]!]);
  }
  return events;
}

async function writeGroup(db: Kysely<Database>, items: PendingInsert[]): Promise<Outcome[]> {
  try {
    return (await db.transaction().execute((trx) => writeItems(trx, items))).map((events) => ({ events }));
  } catch (error) {
    if (items.length === 1) return [{ error }];
    const outcomes: Outcome[] = [];
    for (const item of items) {
      try {
        outcomes.push({ events: (await db.transaction().execute((trx) => writeItems(trx, [item])))[0]! });
      } catch (itemError) {
        outcomes.push({ error: itemError });
      }
    }
    return outcomes;
  }
}

/** One writer per database handle (the server's, a test's, a bench's). */
const writers = new WeakMap<Kysely<Database>, GroupCommit<PendingInsert, Outcome>>();

function writerFor(db: Kysely<Database>): GroupCommit<PendingInsert, Outcome> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new GroupCommit((items) => writeGroup(db, items), (queued) => Math.min(queued.length, MAX_INSERT_BATCH));
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Stores the item and, in the same transaction, the realtime event `describe` makes of it and
 * whatever `also` writes (e.g. locking the comment a moderator answered) with its event, and
 * with `followUp` its followup (followups.ts: the caller then does its notices after commit).
 * Publish `events` (the item's first) only after this resolves: they have committed. Inside a
 * caller's transaction it is written there, at once.
 */
export async function insertContent(
  db: Kysely<Database>,
  input: NewContent,
  describe: (row: ContentsTable) => EventDraft,
  also?: (trx: Transaction<Database>) => Promise<ContentEvent | null>,
  { followUp = false }: { followUp?: boolean } = {},
): Promise<{ row: ContentsTable; events: ContentEvent[] }> {
  const item = { row: newContentRow(input), describe, followUp, ...(also ? { also } : {}) };
  if (db.isTransaction) return { row: item.row, events: (await writeItems(db as Transaction<Database>, [item]))[0]! };
  const outcome = await writerFor(db).add(item);
  if ('error' in outcome) throw outcome.error;
  return { row: item.row, events: outcome.events };
}
