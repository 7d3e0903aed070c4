/**
 * Group commit for votes (docs/polls.md "Under load"): votes that arrive while a write is running
 * go into the next transaction together, so a busy poll costs one transaction per batch, not per
 * vote. A vote is answered only after its transaction committed: an acknowledged vote is stored.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { castVotes, type NewVote, type VoteOutcome } from '../storage/polls.ts';

/** The most votes one transaction takes (the rest wait for the next). */
export const MAX_BATCH = 500;

interface Waiting {
  vote: NewVote;
  resolve(outcome: VoteOutcome): void;
  reject(error: unknown): void;
}

export class VoteBatcher {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves with the poll as the vote's batch left it, or why the vote was refused; rejects only when the write failed. */
  cast(vote: NewVote): Promise<VoteOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ vote, resolve, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch = this.queue.splice(0, MAX_BATCH);
    try {
      const outcomes = await castVotes(this.db, batch.map((waiting) => waiting.vote));
      batch.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.writing = false;
      void this.flush();
    }
  }
}
