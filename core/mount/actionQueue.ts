/**
 * Queued widget actions (spec §4 Startup): run one at a time, in order, once the system signals
 * ready; they pause on the unready signal; when the backlog is empty it is polled again after
 * 150 ms. Mount registrations go through it, so a widget's mount is announced only once the
 * page is ready, and never two at once.
 */
import { realTimers, type Timers } from '../loader/timers.ts';

export const QUEUE_POLL_MS = 150;

export type QueuedAction = () => unknown;

export interface ActionQueue {
  push(action: QueuedAction): void;
  /** Starts (or resumes) running actions. */
  ready(): void;
  /** Pauses: the action under way finishes, the next waits for `ready()`. */
  unready(): void;
  /** Drops every queued action (teardown). */
  clear(): void;
  readonly size: number;
  readonly isReady: boolean;
}

export function createActionQueue(timers: Timers = realTimers): ActionQueue {
  const backlog: QueuedAction[] = [];
  let ready = false;
  let running = false;
  let poll: unknown = null;

  const stopPolling = () => {
    if (poll !== null) timers.clearTimeout(poll);
    poll = null;
  };

  const drain = async () => {
    if (running) return;
    stopPolling();
    running = true;
    while (ready && backlog.length > 0) {
      const action = backlog.shift()!;
      try {
        await action();
      } catch (error) {
        console.error('vf: a queued widget action failed', error);
      }
    }
    running = false;
    // Empty (or paused): look again in 150 ms while ready.
    if (ready) poll = timers.setTimeout(() => void drain(), QUEUE_POLL_MS);
  };

  return {
    push(action) {
      backlog.push(action);
    },
    ready() {
      ready = true;
      void drain();
    },
    unready() {
      ready = false;
      stopPolling();
    },
    clear() {
      backlog.length = 0;
    },
    get size() {
      return backlog.length;
    },
    get isReady() {
      return ready;
    },
  };
}
