/**
 * The mail dispatcher every server process runs (docs/mail.md "Delivery"): every POLL_MS, and at
 * once when kicked (a mail enqueued for now), it claims due rows of the outbox (outbox.ts) a batch
 * at a time (two batches under way when there is a backlog), hands each to the mailer's `send`, and
 * records the outcome: sent (a claim's sent rows in one statement), tried again
 * after retryDelay (core/mail/types.ts), or given up after MAX_SEND_ATTEMPTS and logged. Without
 * SMTP it runs the same way: the mailer's `send` writes to /demo/mail or the log.
 *
 * The log never gets a mail's text or links (a reader's mail carries unsubscribe tokens): only
 * to, subject and the error.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { Mailer } from './mailer.ts';
import { CLAIM_MS, type ClaimedMail, claimDue, markAllSent, markFailed, pendingMailCount } from './outbox.ts';

/** How often a process looks for due mails (retries, and mails other processes enqueued). */
export const POLL_MS = 1000;
/**
 * Mails claimed, and handed to the mailer at once, per claim. The mailer's pool (mailer.ts) sends
 * them over a few connections; a claim's mails must all be sent well within CLAIM_MS.
 */
const BATCH = 100;
/**
 * Claims under way at once when there is a backlog (a digest run): the next batch is claimed and
 * sent while the last one's marks are written, so neither the database nor SMTP waits for the other.
 */
const LANES = 2;
/** The outbox's depth for /metrics is counted at most this often. */
const COUNT_EVERY_MS = 10_000;

/** A mail's Message-ID from its outbox row: the same on every try of that row. */
export const outboxMessageId = (uuid: string) => `<${uuid}@vf.outbox>`;

export interface DispatcherOptions {
  pollMs?: number;
  claimMs?: number;
  batch?: number;
  lanes?: number;
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
  private chain: Promise<unknown> = Promise.resolve();
  private waiting: Promise<number> | null = null;
  private kicked = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
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
  }

  /** Polls from now on (the timer does not keep the process alive). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a round soon; a burst of kicks is one round. */
  kick(): void {
    if (this.kicked || this.closed) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      this.flush().catch((error: unknown) => this.log.error({ err: error }, 'mail: a dispatch round failed'));
    });
  }

  /**
   * Sends everything due now; resolves with the number of mails tried. Rounds run one after
   * another, and at most one waits behind the running one.
   */
  flush(): Promise<number> {
    this.waiting ??= (() => {
      const run = this.chain.then(() => {
        this.waiting = null;
        return this.round();
      });
      this.chain = run.catch(() => undefined);
      return run;
    })();
    return this.waiting;
  }

  /** Stops polling and waits for the round under way (its marks are written before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.chain;
  }

  private async round(): Promise<number> {
    let tried = 0;
    // One lane first; a full claim means a backlog, and the other lanes join in.
    let backlog = false;
    const lane = async (first: boolean) => {
      while (!this.closed && (first || backlog)) {
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

  /** Sends a claim's mails at once, records the failures one by one and the sent ones together. */
  private async deliverAll(claimed: ClaimedMail[]): Promise<void> {
    const outcomes = await Promise.all(claimed.map((row) => this.deliver(row).catch((error: unknown) => {
      // A failure to record an outcome leaves its row claimed until the claim runs out (sent again then).
      this.log.error({ err: error, outbox: row.uuid }, 'mail: recording a send failed');
      return null;
    })));
    const sent = claimed.filter((_row, i) => outcomes[i] === 'sent');
    if (sent.length === 0) return;
    // Sent: if recording it fails the claims run out and the mails are sent again (at least once).
    try {
      const ours = await markAllSent(this.db, this.owner, sent.map((row) => row.uuid), this.now());
      for (const row of sent) {
        if (!ours.has(row.uuid)) this.log.warn({ outbox: row.uuid, to: row.mail?.to, subject: row.mail?.subject }, 'mail: sent after its claim ran out (another process may send it too)');
      }
    } catch (error) {
      this.log.error({ err: error, outbox: sent.length }, 'mail: recording sends failed');
    }
  }

  /** Sends one mail; a failure is recorded here, a success by the caller (with the rest of its claim). */
  private async deliver(row: ClaimedMail): Promise<'sent' | 'failed'> {
    if (!row.mail) {
      await markFailed(this.db, this.owner, row, 'the stored mail is not a mail', this.now(), true);
      this.log.warn({ outbox: row.uuid }, 'mail: given up (the stored mail is unreadable)');
      return 'failed';
    }
    const { to, subject } = row.mail;
    try {
      await this.mailer.send({ ...row.mail, messageId: outboxMessageId(row.uuid) });
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const state = await markFailed(this.db, this.owner, row, message, this.now());
      if (state === 'failed') this.log.warn({ outbox: row.uuid, to, subject, error: message, attempts: row.attempts + 1 }, 'mail: given up after the last try');
      else if (state === 'pending') this.log.info({ outbox: row.uuid, to, subject, error: message, attempts: row.attempts + 1 }, 'mail: sending failed, will try again');
      return 'failed';
    }
  }
}
