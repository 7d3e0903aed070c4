/**
 * Analytics through the real server, as a reader's page and an admin would: a batch of events
 * sent to `/api/analytics/events` (what core/analytics sends), and the dashboard's answer read
 * with the demo admin's token.
 */
import type { AnalyticsDashboard } from '../../../core/api/analyticsTypes.ts';
import type { AnalyticsEvent } from '../../../core/analytics/eventTypes.ts';
import { adminToken, testConfig, unique } from './api.ts';

/** A reader's visit to `url`: a page view and `engagedMs` of engaged time, from `medium`. */
export function visitEvents(url: string, title: string, { engagedMs = 60_000, medium = 'direct', visitor = unique('visitor') } = {}): AnalyticsEvent[] {
  const rq = unique('rq');
  const base = {
    rq, ts: Date.now(), ltz: 0, rs: { medium },
    meta: { page_id: url, url, title },
    view: { uniqueId: visitor, visitCount: 1, pageViews: 1, isRecirculation: medium !== 'direct' },
  };
  return [
    { ...base, event_type: 'page_view', eid: unique('eid') },
    { ...base, event_type: 'engage', eid: unique('eid'), engage: { time: engagedMs, vftime: 0, widgets: 0, containerTime: {}, focuses: 1, hiddenTime: 0 } },
  ];
}

export async function sendEvents(events: AnalyticsEvent[]): Promise<void> {
  const res = await fetch(`${testConfig().origin}/api/analytics/events?domain=127.0.0.1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  if (res.status !== 204) throw new Error(`events → ${res.status} ${await res.text()}`);
}

/** The dashboard's answer for a period, as the admin reads it elsewhere. */
export async function dashboardAnswer(from: string, to: string): Promise<AnalyticsDashboard> {
  const { origin, siteUuid } = testConfig();
  const res = await fetch(`${origin}/api/analytics/${siteUuid}/dashboard?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  if (!res.ok) throw new Error(`dashboard: ${res.status}`);
  return ((await res.json()) as { result: AnalyticsDashboard }).result;
}
