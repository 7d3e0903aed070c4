/**
 * Polls storage (migration 017, docs/polls.md). A vote is one transaction: the vote row (its
 * primary key refuses a second vote by the same voter), each chosen option's counter and the
 * poll's voter total; so the counters always equal the stored votes, on SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPollClosed, type PollInput, type ResultsVisibility } from '../../core/api/pollTypes.ts';
import type { Database, PollOptionsTable, PollsTable } from '../storage/schema.ts';
import { isPostgres } from '../storage/engine.ts';

export interface StoredPoll {
  row: PollsTable;
  options: PollOptionsTable[];
}

/** The vote was refused for this reason (the route turns it into a 409); nothing was stored. */
export class VoteRefused extends Error {}

async function withOptions(db: Kysely<Database>, row: PollsTable | undefined): Promise<StoredPoll | null> {
  if (!row) return null;
  const options = await db.selectFrom('poll_options').selectAll().where('poll_uuid', '=', row.uuid).orderBy('position').execute();
  return { row, options };
}

export async function pollById(db: Kysely<Database>, site: string, pollId: string): Promise<StoredPoll | null> {
  return withOptions(db, await db.selectFrom('polls').selectAll().where('site_uuid', '=', site).where('poll_id', '=', pollId).executeTakeFirst());
}

export async function pollByUuid(db: Kysely<Database>, site: string, uuid: string): Promise<StoredPoll | null> {
  return withOptions(db, await db.selectFrom('polls').selectAll().where('site_uuid', '=', site).where('uuid', '=', uuid).executeTakeFirst());
}

/** The options the voter chose in this poll; null when they have not voted. */
export async function voteOf(db: Kysely<Database>, poll: string, voterKey: string | null): Promise<string[] | null> {
  if (!voterKey) return null;
  const row = await db.selectFrom('poll_votes').select('option_uuids').where('poll_uuid', '=', poll).where('voter_key', '=', voterKey).executeTakeFirst();
  return row ? (JSON.parse(row.option_uuids) as string[]) : null;
}

/** Creates the poll; null when the site already has a poll with that id. */
export async function createPoll(db: Kysely<Database>, site: string, creator: string, input: PollInput, now: number, post: { container_uuid: string; content_uuid: string } | null = null): Promise<string | null> {
  const uuid = randomUUID();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('polls')
      .values({
        uuid, site_uuid: site, poll_id: input.poll_id, question: input.question, multiple: input.multiple ? 1 : 0,
        results_visibility: input.results_visibility, closes_at: input.closes_at, is_closed: 0, total_votes: 0, creator_uuid: creator, date_created: now,
        container_uuid: post?.container_uuid ?? null, content_uuid: post?.content_uuid ?? null,
      })
      .onConflict((oc) => oc.columns(['site_uuid', 'poll_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    await trx
      .insertInto('poll_options')
      .values(input.options.map((text, position) => ({ uuid: randomUUID(), poll_uuid: uuid, position, text, votes: 0 })))
      .execute();
    return uuid;
  });
}

export interface PollChange {
  question?: string;
  results_visibility?: ResultsVisibility;
  closes_at?: number | null;
  is_closed?: boolean;
}

export async function updatePoll(db: Kysely<Database>, uuid: string, change: PollChange): Promise<void> {
  const { is_closed, ...rest } = change;
  await db.updateTable('polls').set({ ...rest, ...(is_closed === undefined ? {} : { is_closed: is_closed ? 1 : 0 }) }).where('uuid', '=', uuid).execute();
}

export interface NewVote {
  site: string;
  poll: string;
  voterKey: string;
  options: string[];
  now: number;
}

export interface Tally {
  total: number;
  counts: Record<string, number>;
}

/** Why a vote was not stored (polls/routes.ts says it in words); nothing of it was. */
export type VoteRefusal = 'no_poll' | 'closed' | 'unknown_option' | 'one_choice' | 'already_voted';
/** A vote's outcome: the poll as its batch left it (the counters included), or why it was refused. */
export type VoteOutcome = { poll: StoredPoll; refused?: undefined } | { refused: VoteRefusal };

function refusalOf(poll: StoredPoll | null, vote: NewVote): VoteRefusal | null {
  if (!poll) return 'no_poll';
  if (isPollClosed(poll.row, vote.now)) return 'closed';
  const known = new Set(poll.options.map((option) => option.uuid));
  if (!vote.options.every((option) => known.has(option))) return 'unknown_option';
  return vote.options.length > 1 && Number(poll.row.multiple) !== 1 ? 'one_choice' : null;
}

/**
 * Stores votes in one transaction (polls/voteBatcher.ts groups them). Each poll is read once per
 * batch, not once per vote: whether it exists and is open, and its options. Then each acceptable
 * vote's row (a voter who voted already is refused: nothing of it is stored), each option's and
 * poll's counter moved once by the votes it got, and the polls as they now stand.
 */
export async function castVotes(db: Kysely<Database>, votes: NewVote[]): Promise<VoteOutcome[]> {
  // Read before the write transaction, as a vote's own read was: the transaction holds SQLite's
  // one connection, and every other request's reads would wait for it.
  const pollKey = (vote: NewVote) => `${vote.site} ${vote.poll}`;
  const polls = new Map<string, StoredPoll | null>();
  for (const vote of votes) if (!polls.has(pollKey(vote))) polls.set(pollKey(vote), await pollByUuid(db, vote.site, vote.poll));
  return db.transaction().execute(async (trx) => {
    const refusals = votes.map((vote) => refusalOf(polls.get(pollKey(vote)) ?? null, vote));
    const acceptable = votes.filter((_, i) => refusals[i] === null);
    const inserted = acceptable.length === 0 ? [] : isPostgres(db) ? await insertTogether(trx, acceptable) : await insertOneByOne(trx, acceptable);
    const stored = new Set(acceptable.filter((_, i) => inserted[i]));
    const perOption = new Map<string, { poll: string; n: number }>();
    const perPoll = new Map<string, number>();
    for (const vote of stored) {
      perPoll.set(vote.poll, (perPoll.get(vote.poll) ?? 0) + 1);
      for (const option of vote.options) perOption.set(option, { poll: vote.poll, n: (perOption.get(option)?.n ?? 0) + 1 });
    }
    for (const [option, { poll, n }] of perOption) {
      await trx.updateTable('poll_options').set({ votes: sql`votes + ${n}` }).where('uuid', '=', option).where('poll_uuid', '=', poll).execute();
    }
    for (const [poll, n] of perPoll) await trx.updateTable('polls').set({ total_votes: sql`total_votes + ${n}` }).where('uuid', '=', poll).execute();
    const tallies = new Map<string, Tally>();
    for (const poll of perPoll.keys()) tallies.set(poll, (await tallyOf(trx, poll))!);
    return votes.map((vote, i): VoteOutcome => {
      const refused = refusals[i] ?? (stored.has(vote) ? null : 'already_voted');
      if (refused) return { refused };
      const { row, options } = polls.get(pollKey(vote))!;
      const tally = tallies.get(vote.poll)!;
      return { poll: { row: { ...row, total_votes: tally.total }, options: options.map((o) => ({ ...o, votes: tally.counts[o.uuid] ?? 0 })) } };
    });
  });
}

const voteRow = (vote: NewVote) => ({ poll_uuid: vote.poll, voter_key: vote.voterKey, option_uuids: JSON.stringify(vote.options), date_created: vote.now });

/** SQLite: a prepared one-row insert per vote is quickest (a batch-sized statement is prepared anew). */
async function insertOneByOne(trx: Transaction<Database>, votes: NewVote[]): Promise<boolean[]> {
  const stored: boolean[] = [];
  for (const vote of votes) {
    const inserted = await trx.insertInto('poll_votes').values(voteRow(vote)).onConflict((oc) => oc.columns(['poll_uuid', 'voter_key']).doNothing()).executeTakeFirst();
    stored.push(Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1);
  }
  return stored;
}

/**
 * PostgreSQL: one statement for the batch (each statement is a round trip to the server). A
 * voter twice in one batch is stored once, for their first vote.
 */
async function insertTogether(trx: Transaction<Database>, votes: NewVote[]): Promise<boolean[]> {
  const key = (poll: string, voter: string) => `${poll} ${voter}`;
  const rows = await trx.insertInto('poll_votes').values(votes.map(voteRow)).onConflict((oc) => oc.columns(['poll_uuid', 'voter_key']).doNothing()).returning(['poll_uuid', 'voter_key']).execute();
  const inserted = new Set(rows.map((row) => key(row.poll_uuid, row.voter_key)));
  const seen = new Set<string>();
  return votes.map((vote) => {
    const k = key(vote.poll, vote.voterKey);
    const first = !seen.has(k);
    seen.add(k);
    return first && inserted.has(k);
  });
}

/** One vote on its own (the demo's seed); throws VoteRefused with the reason when it is refused. */
export async function castVote(db: Kysely<Database>, vote: NewVote): Promise<StoredPoll> {
  const [outcome] = await castVotes(db, [vote]);
  if (outcome!.refused) throw new VoteRefused(outcome!.refused);
  return outcome!.poll;
}


/** The current counters (what a live-results frame carries). */
export async function tallyOf(db: Kysely<Database>, poll: string): Promise<Tally | null> {
  const row = await db.selectFrom('polls').select('total_votes').where('uuid', '=', poll).executeTakeFirst();
  if (!row) return null;
  const options = await db.selectFrom('poll_options').select(['uuid', 'votes']).where('poll_uuid', '=', poll).execute();
  return { total: Number(row.total_votes), counts: Object.fromEntries(options.map((o) => [o.uuid, Number(o.votes)])) };
}

/** The live blog's posts that hold a poll, and those polls' ids. */
/** A live blog's polls by post, with what shapes each one's box (PostPoll in core/api/pollTypes.ts). */
export async function pollsInContainer(db: Kysely<Database>, site: string, container: string): Promise<(Pick<PollsTable, 'poll_id' | 'results_visibility' | 'is_closed' | 'closes_at'> & { content_uuid: string; options: number })[]> {
  const rows = await db
    .selectFrom('polls')
    .select((eb) => ['content_uuid', 'poll_id', 'results_visibility', 'is_closed', 'closes_at', eb.selectFrom('poll_options').whereRef('poll_options.poll_uuid', '=', 'polls.uuid').select((o) => o.fn.countAll<number>().as('n')).as('options')])
    .where('site_uuid', '=', site)
    .where('container_uuid', '=', container)
    .orderBy('date_created')
    .execute();
  return rows.flatMap(({ content_uuid, options, ...row }) => (content_uuid ? [{ ...row, content_uuid, options: Number(options) }] : []));
}
