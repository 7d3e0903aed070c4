/**
 * Where any part of the client reports an analytics event (an ad failure, a recirculation click)
 * without loading analytics itself: events wait here until the analytics client, loaded lazily
 * after the first paint, takes them (`takeEvents`), then go straight to it. If analytics never
 * starts (blocked, no consent), at most EVENT_QUEUE_LIMIT wait and nothing is sent.
 */
import { EVENT_QUEUE_LIMIT, type AnalyticsEvent, type AnalyticsEventType, type WidgetRef } from './eventTypes.ts';

export interface RecordedEvent {
  event_type: AnalyticsEventType;
  w?: WidgetRef;
  adData?: AnalyticsEvent['adData'];
  data?: AnalyticsEvent['data'];
}

const waiting: RecordedEvent[] = [];
let sink: ((event: RecordedEvent) => void) | null = null;

export function recordEvent(event: RecordedEvent): void {
  if (sink) sink(event);
  else if (waiting.length < EVENT_QUEUE_LIMIT) waiting.push(event);
}

/** The analytics client takes what waited and everything after; `null` stops taking (teardown). */
export function takeEvents(next: ((event: RecordedEvent) => void) | null): void {
  sink = next;
  if (next) for (const event of waiting.splice(0)) next(event);
}
