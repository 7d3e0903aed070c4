/**
 * Group commit for votes (docs/polls.md "Under load"): votes that arrive while a write is running
 * go into the next transaction together, so a busy poll costs one transaction per batch, not per
 * vote (storage/groupCommit.ts). A vote is answered only after its transaction committed: an
 * acknowledged vote is stored.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import { castVotes, type NewVote, type VoteOutcome } from './queries.ts';
import { GroupCommit } from '../storage/groupCommit.ts';

/** The most votes one transaction takes (the rest wait for the next). */
export const MAX_BATCH = 500;

export class VoteBatcher {
  private readonly group: GroupCommit<NewVote, VoteOutcome>;

  /** Queued, not yet written (vf_queue_depth). */
  get depth(): number {
    return this.group.depth;
  }

  constructor(db: Kysely<Database>) {
    this.group = new GroupCommit((votes) => castVotes(db, votes), (queued) => Math.min(queued.length, MAX_BATCH));
  }

  /** Resolves with the poll as the vote's batch left it, or why the vote was refused; rejects only when the write failed. */
  cast(vote: NewVote): Promise<VoteOutcome> {
    return this.group.add(vote);
  }
}
