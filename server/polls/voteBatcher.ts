/**
 * Group commit for votes (docs/polls.md "Under load"): votes that arrive while a write is running
 * go into the next transaction together, so a busy poll costs one transaction per batch, not per
 * vote. A vote is answered only after its transaction committed: an acknowledged vote is stored.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { ALREADY_VOTED, castVotes, VoteRefused, type NewVote, type Tally } from '../storage/polls.ts';

/** The most votes one transaction takes (the rest wait for the next). */
export const MAX_BATCH = 500;

interface Waiting {
  vote: NewVote;
  resolve(tally: Tally): void;
  reject(error: unknown): void;
}

export class VoteBatcher {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves with the poll's counters after the vote; rejects with VoteRefused on a second vote. */
  cast(vote: NewVote): Promise<Tally> {
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
      const { stored, tallies } = await castVotes(this.db, batch.map((waiting) => waiting.vote));
      batch.forEach((waiting, i) => (stored[i] ? waiting.resolve(tallies.get(waiting.vote.poll)!) : waiting.reject(new VoteRefused(ALREADY_VOTED))));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.writing = false;
      void this.flush();
    }
  }
}
