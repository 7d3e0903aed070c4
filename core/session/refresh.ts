/**
 * Session upkeep (spec §4 "Login lifecycle", §9): every 270000 ms a signed-in reader's tokens
 * are refreshed; for a guest the timer only reschedules. The refresh itself is the base query's
 * (one at a time, shared with requests that met a 401): a 401/403 from it removes the stored
 * tokens and signs the reader out.
 */
import { refreshSession, type BaseQueryContext } from '../api/baseQuery.ts';
import type { Timers } from '../loader/timers.ts';
import { isLoggedInUser, type SessionState } from './slice.ts';

export const SESSION_REFRESH_MS = 270000;

export interface SessionKeeper {
  stop(): void;
  /** Resolves when the refresh under way (if any) has finished; tests wait on it. */
  settled(): Promise<void>;
}

export function keepSessionFresh(api: BaseQueryContext, timers: Timers = globalThis): SessionKeeper {
  let handle: unknown = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    handle = timers.setTimeout(run, SESSION_REFRESH_MS);
    // Under Node (tests of startup) this page-long timer must not keep the process alive.
    (handle as { unref?: () => void } | null)?.unref?.();
  };
  const run = () => {
    running = (async () => {
      const session = (api.getState() as { session?: SessionState }).session;
      if (isLoggedInUser(session?.user)) {
        await refreshSession(api);
      }
    })()
      .catch(() => undefined)
      .finally(schedule);
  };

  schedule();
  return {
    stop() {
      stopped = true;
      timers.clearTimeout(handle);
    },
    settled: () => running,
  };
}
