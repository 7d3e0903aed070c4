/**
 * Runs the EventSequencer's decisions: applies events (through `eventReceived`, which patches
 * the RTK Query caches) and fetches missing ranges with the catch-up call, one fetch at a time
 * per container. If the log no longer holds the range, the container's caches are refetched.
 * A failed catch-up (offline, a server error) is retried with back-off (retries.ts) for as long
 * as a subscription watches the container; meanwhile the container is `behind` in the slice
 * (its widgets show live updates as paused). Generic: keyed by container, whatever its kind.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/base.ts';
import type { ContentEvent, EventsPage } from '../api/types.ts';
import { catchUpApi } from './catchUpApi.ts';
import { createRetries, type RetryOptions } from './retries.ts';
import type { EventSequencer, Step } from './sequencer.ts';
import { catchUpFailed, catchUpSettled, eventReceived } from './slice.ts';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Pages fetched in one catch-up before giving up until the next trigger. */
const MAX_PAGES = 50;
export const CATCH_UP_SUBSCRIPTION = 'catch_up';

export interface CatchUpOptions extends RetryOptions {
  /** Whether some subscription still watches the container: retries stop when none does. */
  watching?: (container: string) => boolean;
}

export function createCatchUp(
  dispatch: Dispatch,
  sequencer: EventSequencer,
  sectionUuid: () => string | null,
  { watching = () => true, ...retryOptions }: CatchUpOptions = {},
) {
  const running = new Set<string>();
  const again = new Set<string>();

  const apply = (events: ContentEvent[], subscriptionId: string) => {
    for (const event of events) dispatch(eventReceived({ subscriptionId, event }));
  };

  /** Stops retrying a container; it is no longer behind. */
  const settle = (container: string) => {
    if (!retries.pending(container)) return;
    retries.cancel(container);
    dispatch(catchUpSettled({ container }));
  };

  const fetchFrom = async (container: string, after: number): Promise<void> => {
    const section = sectionUuid();
    if (!section) return;
    if (running.has(container)) {
      again.add(container);
      return;
    }
    running.add(container);
    try {
      let from: number | null = after;
      for (let page = 0; from !== null && page < MAX_PAGES; page++) {
        again.delete(container);
        // Subscribed until read: unwrap() reads the cache entry, which an unsubscribed query's
        // clean-up (keepUnusedDataFor 0, e.g. left from a failed attempt) may already have removed.
        const request = dispatch(catchUpApi.endpoints.realtimeEvents.initiate({ sectionUuid: section, containerUuid: container, after: from }, { forceRefetch: true }));
        let result: EventsPage;
        try {
          result = await request.unwrap();
        } finally {
          request.unsubscribe();
        }
        if (result.expired) {
          // Too far behind for the log: reload what the widgets show, continue from now.
          sequencer.restartAt(container, result.latest_seq);
          dispatch(baseApi.util.invalidateTags([{ type: 'Comments', id: container }, { type: 'Container', id: container }]));
          from = null;
          continue;
        }
        for (const event of result.events) apply(sequencer.receive(event).apply, CATCH_UP_SUBSCRIPTION);
        const next = sequencer.latest(container, result.latest_seq);
        apply(next.apply, CATCH_UP_SUBSCRIPTION);
        from = next.fetchAfter ?? (again.has(container) ? (sequencer.lastSeq(container) ?? null) : null);
      }
      settle(container);
    } catch {
      // Offline or a server error: ask again after a back-off while someone watches the container.
      if (!watching(container)) {
        settle(container);
      } else {
        if (!retries.pending(container)) dispatch(catchUpFailed({ container }));
        retries.failed(container);
      }
    } finally {
      running.delete(container);
    }
  };

  const retries = createRetries((container) => {
    const last = sequencer.lastSeq(container);
    if (watching(container) && last !== undefined) void fetchFrom(container, last);
    else settle(container);
  }, retryOptions);

  return {
    /** Applies what a sequencer step says, fetching the gap if there is one. */
    run(container: string, step: Step, subscriptionId: string): void {
      apply(step.apply, subscriptionId);
      if (step.fetchAfter !== null) void fetchFrom(container, step.fetchAfter);
    },
    /** A comment list was read at event `seq`: fetch what may have happened since. */
    baseline(container: string, seq: number): void {
      const from = sequencer.baseline(container, seq);
      if (from !== null) void fetchFrom(container, from);
    },
    /** Asks for anything after the last applied event (after sleep or going offline). */
    check(container: string): void {
      const last = sequencer.lastSeq(container);
      if (last !== undefined) void fetchFrom(container, last);
    },
    /** Runs the scheduled retries now (the reader asked to retry). */
    retryNow(): void {
      retries.runNow();
    },
    /** Stops the retries of containers no subscription watches any more. */
    prune(): void {
      for (const container of retries.keys()) if (!watching(container)) settle(container);
    },
    /** The page is torn down: no more retries (the slice forgets `behind` itself). */
    stop(): void {
      retries.cancelAll();
    },
  };
}
