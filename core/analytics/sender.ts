/**
 * The queue's sending loop (content.md §9): the first try 3 s after analytics started on the
 * page, then every 15 s; batch after batch while the transport succeeds; a batch stays queued
 * until it was sent. `flushByBeacon` is for a page that is leaving (pagehide, hidden, a link
 * followed): beacons only, synchronously. Failures are swallowed (§8).
 */
import type { AnalyticsEvent } from './eventTypes.ts';
import { limitQueue, loadQueue, nextBatch, saveQueue } from './queue.ts';
import { sendBatch, sendByBeacon, type TransportEnv } from './transport.ts';

export const FIRST_FLUSH_MS = 3_000;
export const FLUSH_RETRY_MS = 15_000;

export interface Sender {
  add(event: AnalyticsEvent): void;
  flush(): Promise<void>;
  flushByBeacon(): void;
  stop(): void;
}

export function createSender(options: { storage: Storage | null; url: () => string; transport: TransportEnv }): Sender {
  const { storage, url, transport } = options;
  let queue = loadQueue(storage);
  let flushing = false;
  // A stopped sender neither sends nor writes: the next one (reset, SPA navigation) owns the
  // stored queue. A batch in flight when it stopped may go again; the server drops repeats by eid.
  let stopped = false;
  const save = () => {
    if (!stopped) saveQueue(storage, queue);
  };
  const remove = (sent: readonly AnalyticsEvent[]) => {
    const ids = new Set(sent.map((event) => event.eid));
    queue = queue.filter((event) => !ids.has(event.eid));
    save();
  };

  /** The batch at the front of the queue (events that can never fit one are dropped), or null when it is empty. */
  const next = (): AnalyticsEvent[] | null => {
    while (queue.length > 0) {
      const { events, skipped } = nextBatch(queue);
      if (skipped.length > 0) remove(skipped);
      if (events.length > 0) return events;
    }
    return null;
  };

  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      while (!stopped) {
        const events = next();
        if (!events || !(await sendBatch(url(), { events }, transport))) break;
        remove(events);
      }
    } catch {
      // swallowed: the events stay queued for the next try
    } finally {
      flushing = false;
    }
  };

  const first = setTimeout(() => void flush(), FIRST_FLUSH_MS);
  const retry = setInterval(() => void flush(), FLUSH_RETRY_MS);

  return {
    add(event) {
      queue = limitQueue([...queue, event]);
      save();
    },
    flush,
    flushByBeacon() {
      try {
        for (let events = next(); events && sendByBeacon(url(), { events }, transport); events = next()) remove(events);
      } catch {
        // swallowed
      }
    },
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(retry);
    },
  };
}
