/**
 * The mail dispatcher every server process runs (docs/mail.md "Delivery"): every POLL_MS, and at
 * once when kicked (a mail enqueued for now), it claims due rows of the outbox (outbox.ts) a small
 * batch at a time, hands each to the mailer's `send`, and records the outcome: sent, tried again
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
import { CLAIM_MS, type ClaimedMail, claimDue, markFailed, markSent, pendingMailCount } from './outbox.ts';

/** How often a process looks for due mails (retries, and mails other processes enqueued). */
export const POLL_MS = 1000;
/** Mails claimed, and sent at once, per round of claims. */
const BATCH = 10;
/** The outbox's depth for /metrics is counted at most this often. */
const COUNT_EVERY_MS = 10_000;

export interface DispatcherOptions {
  pollMs?: number;
  claimMs?: number;
  batch?: number;
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
    while (!this.closed) {
      const claimed = await claimDue(this.db, this.owner, this.now(), this.batch, this.claimMs);
      // A failure to record an outcome leaves its row claimed until the claim runs out (sent again then).
      await Promise.all(claimed.map((row) => this.deliver(row).catch((error: unknown) => this.log.error({ err: error, outbox: row.uuid }, 'mail: recording a send failed'))));
      tried += claimed.length;
      if (claimed.length < this.batch) break;
    }
    if (this.now() - this.countedAt >= COUNT_EVERY_MS) {
      this.countedAt = this.now();
      this.pending = await pendingMailCount(this.db);
    }
    return tried;
  }

  private async deliver(row: ClaimedMail): Promise<void> {
    if (!row.mail) {
      await markFailed(this.db, this.owner, row, 'the stored mail is not a mail', this.now(), true);
      this.log.warn({ outbox: row.uuid }, 'mail: given up (the stored mail is unreadable)');
      return;
    }
    const { to, subject } = row.mail;
    try {
      await this.mailer.send(row.mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const state = await markFailed(this.db, this.owner, row, message, this.now());
      if (state === 'failed') this.log.warn({ outbox: row.uuid, to, subject, error: message, attempts: row.attempts + 1 }, 'mail: given up after the last try');
      else if (state === 'pending') this.log.info({ outbox: row.uuid, to, subject, error: message, attempts: row.attempts + 1 }, 'mail: sending failed, will try again');
      return;
    }
    // Sent: if recording it fails the claim runs out and the mail is sent again (at least once).
    if (!(await markSent(this.db, this.owner, row.uuid, this.now()))) {
      this.log.warn({ outbox: row.uuid, to, subject }, 'mail: sent after its claim ran out (another process may send it too)');
    }
  }
}
