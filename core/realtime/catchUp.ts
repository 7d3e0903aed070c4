/**
 * Runs the EventSequencer's decisions: applies events (through `eventReceived`, which patches
 * the RTK Query caches) and fetches missing ranges with the catch-up call, one fetch at a time
 * per container. If the log no longer holds the range, the container's caches are refetched.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/base.ts';
import type { ContentEvent } from '../api/types.ts';
import { catchUpApi } from './catchUpApi.ts';
import type { EventSequencer, Step } from './sequencer.ts';
import { eventReceived } from './slice.ts';

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Pages fetched in one catch-up before giving up until the next trigger. */
const MAX_PAGES = 50;
export const CATCH_UP_SUBSCRIPTION = 'catch_up';

export function createCatchUp(dispatch: Dispatch, sequencer: EventSequencer, sectionUuid: () => string | null) {
  const running = new Set<string>();
  const again = new Set<string>();

  const apply = (events: ContentEvent[], subscriptionId: string) => {
    for (const event of events) dispatch(eventReceived({ subscriptionId, event }));
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
        const request = dispatch(catchUpApi.endpoints.realtimeEvents.initiate({ sectionUuid: section, containerUuid: container, after: from }, { subscribe: false, forceRefetch: true }));
        const result = await request.unwrap();
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
    } catch {
      // Offline or a server error: the next event, reconnect or wake-up tries again.
    } finally {
      running.delete(container);
    }
  };

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
  };
}
