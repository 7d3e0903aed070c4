/**
 * Group commit for analytics batches (docs/analytics.md "Ingest"): batches that arrive while a
 * write is running go into the next transaction together (like polls' VoteBatcher), so a busy
 * site costs one transaction per group, not per batch. A batch is answered after its group
 * committed; a failed write fails every batch of its group.
 */
import type { Kysely } from 'kysely';
import { ingestEvents, type SiteBatch } from '../storage/analytics.ts';
import type { Database } from '../storage/schema.ts';

/** The most events one transaction takes (the rest wait for the next): keeps statements under the engines' parameter limits. */
export const MAX_GROUP_EVENTS = 2_000;

interface Waiting {
  batch: SiteBatch;
  resolve(): void;
  reject(error: unknown): void;
}

export class IngestQueue {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves when the batch is stored (its repeats and old events dropped); rejects when the write failed. */
  add(batch: SiteBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    let events = 0;
    let taken = 0;
    while (taken < this.queue.length && (taken === 0 || events + this.queue[taken]!.batch.events.length <= MAX_GROUP_EVENTS)) {
      events += this.queue[taken]!.batch.events.length;
      taken++;
    }
    const group = this.queue.splice(0, taken);
    try {
      await ingestEvents(this.db, group.map((waiting) => waiting.batch));
      for (const waiting of group) waiting.resolve();
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
    } finally {
      this.writing = false;
      void this.flush();
    }
  }
}
