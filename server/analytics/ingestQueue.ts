/**
 * Group commit for analytics batches (docs/analytics.md "Ingest", storage/groupCommit.ts): batches
 * that arrive while a write is running go into the next transaction together, so a busy site
 * costs one transaction per group, not per batch. A batch is answered after its group committed.
 */
import type { Kysely } from 'kysely';
import { ingestEvents, type SiteBatch } from './queries.ts';
import { GroupCommit } from '../storage/groupCommit.ts';
import type { Database } from '../storage/schema.ts';

/** The most events one transaction takes (the rest wait for the next): keeps each write short. */
export const MAX_GROUP_EVENTS = 2_000;

/** How many queued batches fit in one group (at least one). */
function fitting(queued: readonly SiteBatch[]): number {
  let events = 0;
  let taken = 0;
  while (taken < queued.length && events + queued[taken]!.events.length <= MAX_GROUP_EVENTS) events += queued[taken++]!.events.length;
  return taken;
}

/**
 * The process's ingest queue: `add(batch)` resolves when the batch is stored (its repeats and old
 * events dropped) and rejects when the write failed; `depth` is what waits (vf_queue_depth).
 */
export function ingestQueue(db: Kysely<Database>): GroupCommit<SiteBatch, void> {
  return new GroupCommit(async (batches) => {
    await ingestEvents(db, batches);
    return batches.map(() => undefined);
  }, fitting);
}
