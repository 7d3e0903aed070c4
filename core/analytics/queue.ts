/**
 * The event queue (content.md §9 "Event queue"): events wait in localStorage
 * (`vf.analytics.queue`) until a batch carrying them was sent, so a reload or a failed send loses
 * nothing. At most EVENT_QUEUE_LIMIT are kept, the oldest dropped first; a stored entry that is not
 * an event (garbage, another version) is dropped, and unreadable storage reads as empty. Batches
 * hold at most MAX_BATCH_EVENTS events and MAX_BATCH_BYTES of JSON. Pure but for the storage given.
 */
import {
  ANALYTICS_EVENT_TYPES, EVENT_QUEUE_LIMIT, MAX_BATCH_BYTES, MAX_BATCH_EVENTS, type AnalyticsBatch, type AnalyticsEvent,
} from './eventTypes.ts';
import { isRecord } from './cookies.ts';

export const QUEUE_KEY = 'vf.analytics.queue';
type QueueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const TYPES = new Set<string>(ANALYTICS_EVENT_TYPES);

export function isQueuedEvent(value: unknown): value is AnalyticsEvent {
  return (
    isRecord(value) &&
    TYPES.has(value.event_type as string) &&
    typeof value.eid === 'string' &&
    typeof value.rq === 'string' &&
    typeof value.ts === 'number' &&
    isRecord(value.meta) &&
    isRecord(value.view)
  );
}

/** Keeps the newest EVENT_QUEUE_LIMIT. */
export function limitQueue(events: AnalyticsEvent[]): AnalyticsEvent[] {
  return events.length > EVENT_QUEUE_LIMIT ? events.slice(events.length - EVENT_QUEUE_LIMIT) : events;
}

export function loadQueue(storage: QueueStorage | null): AnalyticsEvent[] {
  try {
    const value = JSON.parse(storage?.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? limitQueue(value.filter(isQueuedEvent)) : [];
  } catch {
    return [];
  }
}

export function saveQueue(storage: QueueStorage | null, events: AnalyticsEvent[]): void {
  try {
    storage?.setItem(QUEUE_KEY, JSON.stringify(limitQueue(events)));
  } catch {
    // Full or forbidden storage: the queue lives for this page only.
  }
}

const encoder = new TextEncoder();
export const byteLength = (text: string): number => encoder.encode(text).length;

/** Bytes of `{"events":[]}` around the events. */
const FRAME_BYTES = byteLength(JSON.stringify({ events: [] } satisfies AnalyticsBatch));

/**
 * The next batch from the front of the queue: `events` to send, and `skipped`, events that alone
 * exceed MAX_BATCH_BYTES and so can never be sent (the caller drops them).
 */
export function nextBatch(queue: readonly AnalyticsEvent[]): { events: AnalyticsEvent[]; skipped: AnalyticsEvent[] } {
  const events: AnalyticsEvent[] = [];
  const skipped: AnalyticsEvent[] = [];
  let bytes = FRAME_BYTES;
  for (const event of queue) {
    if (events.length >= MAX_BATCH_EVENTS) break;
    const size = byteLength(JSON.stringify(event)) + (events.length > 0 ? 1 : 0);
    if (FRAME_BYTES + size > MAX_BATCH_BYTES) {
      skipped.push(event);
      continue;
    }
    if (bytes + size > MAX_BATCH_BYTES) break;
    events.push(event);
    bytes += size;
  }
  return { events, skipped };
}
