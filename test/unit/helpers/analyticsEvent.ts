/** An analytics event for the queue and sender tests: `e<n>`, at time n, with what is given. */
import type { AnalyticsEvent } from '../../../core/analytics/eventTypes.ts';

export const event = (n: number, extra: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  event_type: 'engage',
  eid: `e${n}`,
  rq: 'rq1',
  ts: n,
  ltz: 0,
  meta: { page_id: 'p', url: 'https://news.example/a' },
  view: { uniqueId: 'v', visitCount: 1, pageViews: 1, isRecirculation: false },
  ...extra,
});
