/**
 * Boot's handle on the analytics client (part of the core chunk; the client is a chunk of its
 * own). `scheduleAnalytics` loads and starts it in idle time after ready, never on the first
 * paint's path; an import that fails (an extension blocks the tracking script) leaves analytics
 * off without a word to the reader (content.md §5). `stopAnalytics` (teardown, reset) stops it
 * and cancels a start still waiting.
 */
import type { PageIdentity } from '../page/identity.ts';

type Client = typeof import('./analyticsClient.ts');
let client: Client | null = null;
let cancelWait: (() => void) | null = null;
let generation = 0;

/** Idle time, or a second at the latest. */
const IDLE_TIMEOUT_MS = 1000;

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}

export function scheduleAnalytics(page: PageIdentity): void {
  if (typeof document !== 'object') return;
  stopAnalytics();
  const mine = generation;
  cancelWait = whenIdle(() => {
    cancelWait = null;
    import('./analyticsClient.ts')
      .then((module) => {
        client = module;
        if (mine !== generation) return;
        return module.startAnalytics(page);
      })
      .catch(() => undefined);
  });
}

export function stopAnalytics(): void {
  generation++;
  cancelWait?.();
  cancelWait = null;
  client?.stopAnalytics();
}
