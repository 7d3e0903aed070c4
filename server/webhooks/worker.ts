/**
 * The webhook sender in every server process (docs/webhooks.md "Retries"): it claims due
 * deliveries from the outbox (webhooks/outboxQueries.ts), sends them a batch at a time, and
 * records each attempt. A failed attempt is tried again after 10 s, 1 min, 5 min, 30 min, 2 h,
 * 6 h, 12 h, then daily, each ±20 % (jitter, so a receiver coming back is not hit by every
 * retry at once), until `maxAttempts`; then the delivery is failed. Sending is asynchronous I/O
 * on the event loop: requests are never waiting for it. Tests replace `now` and `random`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { WEBHOOK_PING } from '../../core/api/webhookTypes.ts';
import { Rounds } from '../operations/index.ts';
import type { Database } from '../storage/schema.ts';
import { type AttemptRecord, type ClaimedDelivery, claimDue, pendingCount, recordAttempts } from './outboxQueries.ts';
import { type Agents, newAgents, send } from './sender.ts';
import type { TargetPolicy } from './targets.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The wait after the 1st, 2nd, … failed attempt; the last repeats. */
export const RETRY_DELAYS_MS = [10 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];
/** Deliveries sent at once by one process. */
const BATCH = 20;
const USER_AGENT = 'vf-webhooks/1';

/** The wait before the next attempt after `attempts` failed ones, with ±20 % jitter (`random` in [0, 1)). */
export function retryDelay(attempts: number, random: number): number {
  const base = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(base * (0.8 + 0.4 * random));
}

export interface WorkerOptions {
  policy: TargetPolicy;
  timeoutMs: number;
  maxAttempts: number;
}

export class WebhookWorker {
  now: () => number = Date.now;
  random: () => number = Math.random;
  /** Tests shorten it. */
  timeoutMs: number;
  readonly policy: TargetPolicy;
  readonly maxAttempts: number;
  /** Deliveries waiting, as of the last round (for /metrics). */
  pending = 0;
  private readonly rounds: Rounds<number>;
  private countedAt = -Infinity;
  private readonly agents: Agents = newAgents(BATCH);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    options: WorkerOptions,
  ) {
    this.policy = options.policy;
    this.timeoutMs = options.timeoutMs;
    this.maxAttempts = options.maxAttempts;
    this.rounds = new Rounds(() => this.round(), log, 'webhook delivery round failed');
  }

  /**
   * Sends what is due now; resolves with the number of attempts made. Rounds run one after
   * another, and at most one waits behind the running one (a burst of nudges is one round).
   */
  tick(): Promise<number> {
    return this.rounds.flush();
  }

  /** Attempts one delivery now if it is due (the admins' test ping), after the rounds asked for before. */
  sendNow(deliveryUuid: string): Promise<number> {
    return this.rounds.queue(() => this.round(deliveryUuid));
  }

  /** Something was queued: run a round soon (coalesced). */
  nudge(): void {
    this.rounds.kick();
  }

  /** Polls for due deliveries (retries, and what other processes queued) every `everyMs`. */
  start(everyMs: number): void {
    this.rounds.start(everyMs);
  }

  /** Stops polling and waits for the round in flight (at most one timeout). */
  async close(): Promise<void> {
    await this.rounds.close();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private async round(only?: string): Promise<number> {
    let attempts = 0;
    for (;;) {
      const claimed = await claimDue(this.db, this.now(), this.timeoutMs + 30 * SECOND, BATCH, only);
      await recordAttempts(this.db, await Promise.all(claimed.map((delivery) => this.attempt(delivery))));
      attempts += claimed.length;
      if (only || claimed.length < BATCH || this.rounds.closed) break;
    }
    // The outbox's depth for /metrics, at most every 10 s (a count over a long backlog is not free).
    if (this.now() - this.countedAt >= 10 * SECOND) {
      this.countedAt = this.now();
      this.pending = await pendingCount(this.db);
    }
    return attempts;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<AttemptRecord> {
    const result = await send(
      { url: delivery.url, secret: delivery.secret, body: delivery.body, event: delivery.event_type, deliveryUuid: delivery.uuid },
      this.policy,
      this.agents,
      this.timeoutMs,
      this.now(),
      USER_AGENT,
    );
    const made = delivery.attempts + 1;
    const limit = delivery.event_type === WEBHOOK_PING ? 1 : this.maxAttempts;
    const now = this.now();
    const retryAt = result.error !== null && made < limit ? now + retryDelay(made, this.random()) : null;
    if (result.error !== null) this.log.info({ delivery: delivery.uuid, webhook: delivery.webhook_uuid, error: result.error, attempt: made, retryAt }, 'webhook delivery failed');
    return { claimed: delivery, outcome: { ...result, retryAt }, at: now };
  }
}
