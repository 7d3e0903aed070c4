/**
 * Rounds of background work, one at a time: the mail dispatcher's (mail/dispatcher.ts) and the
 * webhook worker's (webhooks/worker.ts). A round is asked for by a kick (coalesced: a burst of
 * kicks in one turn of the event loop is one round), by `flush` (a caller awaiting its outcome)
 * or by the polling timer. Rounds run one after another, and at most one waits behind the running
 * one: what is asked for while one waits is answered by that one, which has not started yet and
 * so will see it.
 */
import type { FastifyBaseLogger } from 'fastify';

export class Rounds<R> {
  /** The last round (or queued work) asked for; never rejects, so what follows always runs. */
  private chain: Promise<unknown> = Promise.resolve();
  /** The round waiting behind the running one, not started yet. */
  private waiting: Promise<R> | null = null;
  private kicked = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  /** `failed` is what the log says when a round a kick asked for fails (no caller awaits it). */
  constructor(
    private readonly round: () => Promise<R>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly failed: string,
  ) {}

  /** Whether close() was called: a running round stops early at its next step. */
  get closed(): boolean {
    return this.stopped;
  }

  /** Runs a round soon; a burst of kicks is one round. */
  kick(): void {
    if (this.kicked || this.stopped) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      this.flush().catch((error: unknown) => this.log.error({ err: error }, this.failed));
    });
  }

  /** A round after the running one (the one already waiting, if any); resolves with its outcome. */
  flush(): Promise<R> {
    this.waiting ??= this.queue(() => {
      this.waiting = null;
      return this.round();
    });
    return this.waiting;
  }

  /** Runs `work` after the running round and the one waiting, on its own (not coalesced). */
  queue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Kicks every `pollMs` from now on (and at once with `atOnce`); the timer does not keep the process alive. */
  start(pollMs: number, { atOnce = false } = {}): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    if (atOnce) this.kick();
  }

  /** Stops polling and kicks, and waits for the round under way (and any queued behind it). */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.chain;
  }
}
