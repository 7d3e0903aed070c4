/**
 * When readers' digests are due (docs/notifications.md "Email"), and the schedule inside every
 * server process that runs them: hourly digests at the top of each UTC hour, daily ones at the hour
 * each site sets (`email_digest_hour`) in its time zone (`email_digest_time_zone`). A period is
 * named by the instant it started; a run takes the items from before that instant, so an item
 * that arrives after a period's digest waits for the next one. Every process runs the schedule;
 * the outbox's dedupe key (`digest:<reader>:<period start>`) keeps it to one digest per period.
 */
import type { FastifyBaseLogger } from 'fastify';

const HOUR_MS = 3_600_000;
/** How often the schedule looks for due digests; a run that finds nothing waiting costs one query (after the cleanup: digests.ts). */
export const DIGEST_TICK_MS = 60_000;

/** The start of the UTC hour `now` is in. */
export const hourlyPeriodStart = (now: number): number => Math.floor(now / HOUR_MS) * HOUR_MS;

/** The wall clock in `timeZone` at `instant`, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant at which `timeZone`'s wall clock shows `wall` (read as UTC); the later one in a DST overlap. */
function instantOf(wall: number, timeZone: string): number {
  let guess = wall - (wallClock(wall, timeZone) - wall);
  // Once more: the offset at the guess can differ from the offset at `wall` around a DST change.
  guess = wall - (wallClock(guess, timeZone) - guess);
  return guess;
}

/**
 * The latest instant at or before `now` at which it was `hour`:00 in `timeZone`: the start of
 * the daily period `now` is in. (An hour skipped by a DST change counts from the hour after.)
 */
export function dailyPeriodStart(now: number, hour: number, timeZone: string): number {
  const wallNow = wallClock(now, timeZone);
  const day = Math.floor(wallNow / (24 * HOUR_MS)) * 24 * HOUR_MS;
  for (const offsetDays of [0, -1, -2]) {
    const start = instantOf(day + offsetDays * 24 * HOUR_MS + hour * HOUR_MS, timeZone);
    if (start <= now) return start;
  }
  return now; // unreachable: two days back is always before now
}

/** What runs the due digests (digests.ts `sendDueDigests`), answering how many were written. */
export type DigestRun = (now: number) => Promise<number>;

/** Runs due digests every DIGEST_TICK_MS (the timer does not keep the process alive), one run at a time. */
export class DigestSchedule {
  /** Tests replace it to move time. */
  now: () => number = Date.now;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly run: DigestRun, private readonly log: FastifyBaseLogger, private readonly tickMs = DIGEST_TICK_MS) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
    void this.tick(); // a server started after a period began sends what is due at once
  }

  /** One run now (after any run in progress); answers the digests written. */
  tick(): Promise<number> {
    const next = this.running.then(async () => {
      if (this.closed) return 0;
      try {
        return await this.run(this.now());
      } catch (error) {
        this.log.error({ err: error }, 'mail digests: run failed');
        return 0;
      }
    });
    this.running = next;
    return next;
  }

  /** Stops the timer and waits for a run in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
