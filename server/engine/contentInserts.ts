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
import { moveCounts, newContentRow, type NewContent } from './contents.ts';
import { appendEvent, type EventDraft } from './events.ts';
import { GroupCommit } from '../storage/groupCommit.ts';
import type { ContentsTable, Database } from '../storage/schema.ts';

/** The most items one transaction takes (the rest wait for the next). */
export const MAX_INSERT_BATCH = 200;

interface PendingInsert {
  row: ContentsTable;
  describe: (row: ContentsTable) => EventDraft;
  also?: (trx: Transaction<Database>) => Promise<ContentEvent | null>;
}

type Outcome = { events: ContentEvent[] } | { error: unknown };

/** One item's rows, counters and events, in `trx`. */
async function writeItem(trx: Transaction<Database>, { row, describe, also }: PendingInsert): Promise<ContentEvent[]> {
  await trx.insertInto('contents').values(row).execute();
  if (row.state === 'visible') await moveCounts(trx, row, 1); // a held comment counts once enabled
  const created = await appendEvent(trx, describe(row));
  const more = await also?.(trx);
  return more ? [created, more] : [created];
}

async function writeGroup(db: Kysely<Database>, items: PendingInsert[]): Promise<Outcome[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      const outcomes: Outcome[] = [];
      for (const item of items) outcomes.push({ events: await writeItem(trx, item) });
      return outcomes;
    });
  } catch (error) {
    if (items.length === 1) return [{ error }];
    const outcomes: Outcome[] = [];
    for (const item of items) {
      try {
        outcomes.push({ events: await db.transaction().execute((trx) => writeItem(trx, item)) });
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
 * whatever `also` writes (e.g. locking the comment a moderator answered) with its event.
 * Publish `events` (the item's first) only after this resolves: they have committed. Inside a
 * caller's transaction it is written there, at once.
 */
export async function insertContent(
  db: Kysely<Database>,
  input: NewContent,
  describe: (row: ContentsTable) => EventDraft,
  also?: (trx: Transaction<Database>) => Promise<ContentEvent | null>,
): Promise<{ row: ContentsTable; events: ContentEvent[] }> {
  const item = { row: newContentRow(input), describe, ...(also ? { also } : {}) };
  if (db.isTransaction) return { row: item.row, events: await writeItem(db as Transaction<Database>, item) };
  const outcome = await writerFor(db).add(item);
  if ('error' in outcome) throw outcome.error;
  return { row: item.row, events: outcome.events };
}
