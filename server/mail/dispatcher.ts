/**
 * The mail dispatcher every server process runs (docs/mail.md "Delivery"): every POLL_MS, and at
 * once when kicked (a mail enqueued for now), it claims due rows of the outbox (outbox.ts) a batch
 * at a time (two batches under way when there is a backlog), hands them to the mailer's `send`, at
 * most IN_FLIGHT at once, and records each outcome: sent (marked as soon as SMTP accepted it, with
 * the marks of that instant in one statement: SentMarks), tried again after retryDelay
 * (core/mail/types.ts), or given up after MAX_SEND_ATTEMPTS and logged. Without SMTP it runs the
 * same way: the mailer's `send` writes to /demo/mail or the log.
 *
 * A mail holds its place among the IN_FLIGHT from the moment it is handed to the mailer until its
 * outcome is committed: so a process killed (kill -9) leaves at most IN_FLIGHT mails that SMTP may
 * have accepted without their row saying so, the most that can be sent twice (docs/mail.md "Delivery").
 *
 * The log never gets a mail's text or links (a reader's mail carries unsubscribe tokens): only
 * to, subject and the error.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Rounds } from '../operations/index.ts';
import { isPostgres } from '../storage/engine.ts';
import type { Database } from '../storage/schema.ts';
import type { Mailer } from './mailer.ts';
import { CLAIM_MS, type ClaimedMail, claimDue, claimedMail, markAllSent, markFailed, pendingMailCount } from './outbox.ts';

/** How often a process looks for due mails (retries, and mails other processes enqueued). */
export const POLL_MS = 1000;
/** Mails claimed per claim; a claim's mails must all be sent well within CLAIM_MS. */
const BATCH = 100;
/**
 * Claims under way at once when there is a backlog (a digest run): the next batch is claimed while
 * the last one's mails are still on their way, so SMTP does not wait for the database.
 */
const LANES = 2;
/**
 * Mails between "handed to the mailer" and "outcome committed", at most: enough to keep the
 * mailer's pool of connections (mailer.ts, 4) busy while marks are written, and the bound on the
 * mails a kill -9 can have sent without marking them.
 */
export const IN_FLIGHT = 32;
/**
 * A sent-mark waits for others to share its statement, until half of IN_FLIGHT are waiting or for
 * MARK_WAIT times as long as the last write took (within MARK_WAIT_MS): each statement is a commit,
 * on SQLite one that holds the event loop (0.1 ms on a quiet disk, several ms on a busy one), so a
 * statement per mail could cost more than sending it; this way writing marks holds the
 * loop a fifth of the time at most, and a fast commit keeps the wait (the window for a duplicate) short.
 * On PostgreSQL a write does not hold the loop: the wait stays at its least, and the marks that come
 * while a write is under way go together in the next.
 */
const MARK_WAIT = 4;
const MARK_WAIT_MS = { min: 2, max: 50 };
/** The outbox's depth for /metrics is counted at most this often. */
const COUNT_EVERY_MS = 10_000;

/** A mail's Message-ID from its outbox row: the same on every try of that row. */
export const outboxMessageId = (uuid: string) => `<${uuid}@vf.outbox>`;

export interface DispatcherOptions {
  pollMs?: number;
  claimMs?: number;
  batch?: number;
  lanes?: number;
  inFlight?: number;
}

/**
 * Sent-marks, coalesced: a mark waits (MARK_WAIT, or until `full` are waiting, or for the write
 * under way) and goes out with the others of that instant in one statement; each caller learns
 * when its own is committed, and whether the row was still its process's.
 */
class SentMarks {
  private queued: { uuid: string; resolve(ours: boolean): void; reject(error: unknown): void }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing = false;
  private wait = MARK_WAIT_MS.min;

  constructor(
    private readonly write: (uuids: string[]) => Promise<Set<string>>,
    private readonly full: number,
    /** SQLite's writes hold the event loop (the wait grows with them); PostgreSQL's do not, and marks gather while one is under way. */
    private readonly writesHoldTheLoop: boolean,
  ) {}

  mark(uuid: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queued.push({ uuid, resolve, reject });
      if (this.writing) return;
      if (this.queued.length >= this.full) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.wait);
    });
  }

  private async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing = true;
    // Marks that queue while this one is written go out right after it, without waiting again.
    while (this.queued.length > 0) {
      const marks = this.queued;
      this.queued = [];
      try {
        const started = performance.now();
        const ours = await this.write(marks.map((mark) => mark.uuid));
        if (this.writesHoldTheLoop) this.wait = Math.min(MARK_WAIT_MS.max, Math.max(MARK_WAIT_MS.min, MARK_WAIT * (performance.now() - started)));
        for (const mark of marks) mark.resolve(ours.has(mark.uuid));
      } catch (error) {
        for (const mark of marks) mark.reject(error);
      }
    }
    this.writing = false;
  }
}

export class MailDispatcher {
  /** This process, as the outbox's claims name it. */
  readonly owner = `${process.pid}-${randomUUID()}`;
  /** Tests replace it to move time. */
  now: () => number = Date.now;
  /** Mails waiting, as of the last count (for /metrics). */
  pending = 0;
  private readonly pollMs: number;
  private readonly claimMs: number;
  private readonly batch: number;
  private readonly lanes: number;
  private readonly marks: SentMarks;
  /** Places among IN_FLIGHT left, and the mails waiting for one (in claim order). */
  private free: number;
  private readonly queue: (() => void)[] = [];
  private readonly rounds: Rounds<number>;
  private countedAt = -Infinity;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Pick<Mailer, 'send'>,
    private readonly log: FastifyBaseLogger,
    options: DispatcherOptions = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.claimMs = options.claimMs ?? CLAIM_MS;
    this.batch = options.batch ?? BATCH;
    this.lanes = options.lanes ?? LANES;
    this.free = options.inFlight ?? IN_FLIGHT;
    this.marks = new SentMarks((uuids) => markAllSent(this.db, this.owner, uuids, this.now()), Math.max(1, Math.floor(this.free / 2)), !isPostgres(db));
    this.rounds = new Rounds(() => this.round(), log, 'mail: a dispatch round failed');
  }

  /** Polls from now on, the first round at once (the timer does not keep the process alive). */
  start(): void {
    this.rounds.start(this.pollMs, { atOnce: true });
  }

  /** Runs a round soon; a burst of kicks is one round. */
  kick(): void {
    this.rounds.kick();
  }

  /**
   * Sends everything due now; resolves with the number of mails tried. Rounds run one after
   * another, and at most one waits behind the running one.
   */
  flush(): Promise<number> {
    return this.rounds.flush();
  }

  /** Stops polling and waits for the round under way (its marks are written before the database closes). */
  close(): Promise<void> {
    return this.rounds.close();
  }

  private async round(): Promise<number> {
    let tried = 0;
    // One lane first; a full claim means a backlog, and the other lanes join in.
    let backlog = false;
    const lane = async (first: boolean) => {
      while (!this.rounds.closed && (first || backlog)) {
        const claimed = await claimDue(this.db, this.owner, this.now(), this.batch, this.claimMs);
        tried += claimed.length;
        if (claimed.length < this.batch) {
          backlog = false;
          await this.deliverAll(claimed);
          return;
        }
        if (first && !backlog) {
          backlog = true;
          for (let i = 1; i < this.lanes; i++) others.push(lane(false));
        }
        await this.deliverAll(claimed);
      }
    };
    const others: Promise<void>[] = [];
    await lane(true);
    await Promise.all(others);
    if (this.now() - this.countedAt >= COUNT_EVERY_MS) {
      this.countedAt = this.now();
      this.pending = await pendingMailCount(this.db);
    }
    return tried;
  }

  /** Sends a claim's mails, IN_FLIGHT at a time across the lanes, each outcome recorded before its place is free. */
  private async deliverAll(claimed: ClaimedMail[]): Promise<void> {
    await Promise.all(claimed.map(async (row) => {
      if (this.free > 0) this.free--;
      else await new Promise<void>((resolve) => this.queue.push(resolve));
      try {
        await this.deliver(row);
      } catch (error) {
        // A failure to record an outcome leaves its row claimed until the claim runs out (sent again then: at least once).
        this.log.error({ err: error, outbox: row.uuid }, 'mail: recording a send failed');
      } finally {
        const next = this.queue.shift();
        if (next) next();
        else this.free++;
      }
    }));
  }

  /** Sends one mail and records the outcome: sent (as soon as SMTP accepted it), tried again later, or given up. */
  private async deliver(row: ClaimedMail): Promise<void> {
    const mail = await claimedMail(this.db, row.uuid);
    if (!mail) {
      await markFailed(this.db, this.owner, row, 'the stored mail is not a mail', this.now(), true);
      this.log.warn({ outbox: row.uuid }, 'mail: given up (the stored mail is unreadable)');
      return;
    }
    const { to, subject } = mail;
    try {
      await this.mailer.send({ ...mail, messageId: outboxMessageId(row.uuid) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const state = await markFailed(this.db, this.owner, row, message, this.now());
      if (state === 'failed') this.log.warn({ outbox: row.uuid, to, subject, error: message, attempts: row.attempts + 1 }, 'mail: given up after the last try');
      else if (state === 'pending') this.log.info({ outbox: row.uuid, to, subject, error: message, attempts: row.attempts + 1 }, 'mail: sending failed, will try again');
      return;
    }
    if (!(await this.marks.mark(row.uuid))) this.log.warn({ outbox: row.uuid, to, subject }, 'mail: sent after its claim ran out (another process may send it too)');
  }
}
