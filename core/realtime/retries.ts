/**
 * Keyed retries with back-off (backoff.ts): `failed(key)` schedules `run(key)` after 1 s, 2 s,
 * 4 s… (capped at 30 s, with jitter) by the key's failures so far; `succeeded(key)` resets the
 * key; `cancel`/`cancelAll` stop it. A key is `pending` from its first failure until it succeeds
 * or is cancelled. One timer per key: a new failure replaces the scheduled attempt.
 */
import { realTimers, type Timers } from '../loader/timers.ts';
import { backoffDelay } from './backoff.ts';

export interface RetryOptions {
  timers?: Timers;
  random?: () => number;
}

export function createRetries(run: (key: string) => void, { timers = realTimers, random = Math.random }: RetryOptions = {}) {
  /** Failures so far per key: its presence means the key is pending. */
  const failures = new Map<string, number>();
  const scheduled = new Map<string, unknown>();

  const unschedule = (key: string) => {
    if (scheduled.has(key)) timers.clearTimeout(scheduled.get(key));
    scheduled.delete(key);
  };
  const cancel = (key: string) => {
    unschedule(key);
    failures.delete(key);
  };

  return {
    /** The key's attempt failed: schedules the next one; returns its delay in ms. */
    failed(key: string): number {
      unschedule(key);
      const attempt = failures.get(key) ?? 0;
      failures.set(key, attempt + 1);
      const delay = backoffDelay(attempt, random);
      scheduled.set(key, timers.setTimeout(() => {
        scheduled.delete(key);
        run(key);
      }, delay));
      return delay;
    },
    succeeded: cancel,
    cancel,
    cancelAll(): void {
      for (const key of [...failures.keys()]) cancel(key);
    },
    /** Runs every scheduled attempt now (a Retry button), keeping the failure counts. */
    runNow(): void {
      for (const key of [...scheduled.keys()]) {
        unschedule(key);
        run(key);
      }
    },
    pending(key: string): boolean {
      return failures.has(key);
    },
    keys(): string[] {
      return [...failures.keys()];
    },
  };
}

export type Retries = ReturnType<typeof createRetries>;
