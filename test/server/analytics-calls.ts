/** Helpers for the analytics tests: events as the client makes them, and the service's calls. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsEvent, AnalyticsEventType } from '../../core/analytics/eventTypes.ts';
import type { AnalyticsDashboard } from '../../core/api/analyticsTypes.ts';
import { bearer, resultOf, SITE } from './helpers.ts';

export const DOMAIN = 'localhost';

export interface EventOptions {
  page?: string;
  visitor?: string;
  ts?: number;
  medium?: string;
  engagedMs?: number;
  data?: AnalyticsEvent['data'];
  title?: string;
}

/** One event as core/analytics sends it. */
export function makeEvent(type: AnalyticsEventType, options: EventOptions = {}): AnalyticsEvent {
  const page = options.page ?? 'article-1';
  const event: AnalyticsEvent = {
    event_type: type,
    eid: randomUUID(),
    rq: 'rq-1',
    ts: options.ts ?? Date.now(),
    ltz: -60,
    meta: { page_id: page, url: `https://news.example/${page}`, title: options.title ?? `Story ${page}`, lang: 'en' },
    view: { uniqueId: options.visitor ?? 'visitor-1', visitCount: 1, pageViews: 1, isRecirculation: false },
  };
  if (options.medium) event.rs = { medium: options.medium };
  if (type === 'engage') {
    const time = options.engagedMs ?? 1000;
    event.engage = { time, vftime: 0, widgets: 1, containerTime: {}, focuses: 0, hiddenTime: 0 };
  }
  if (options.data) event.data = options.data;
  return event;
}

export const sendJson = (app: FastifyInstance, events: unknown, domain = DOMAIN) =>
  app.inject({ method: 'POST', url: '/api/analytics/events', query: { domain }, payload: JSON.stringify({ events }), headers: { 'content-type': 'application/json' } });

/** As navigator.sendBeacon sends a string. */
export const sendBeacon = (app: FastifyInstance, body: string, domain = DOMAIN) =>
  app.inject({ method: 'POST', url: '/api/analytics/events', query: { domain }, payload: body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });

export const sendGif = (app: FastifyInstance, events: unknown, domain = DOMAIN) =>
  app.inject({ method: 'GET', url: '/api/analytics/events.gif', query: { domain, batch: JSON.stringify({ events }) } });

export const dashboardCall = (app: FastifyInstance, token: string | undefined, query: Record<string, string> = {}, site: string = SITE) =>
  app.inject({ method: 'GET', url: `/api/analytics/${site}/dashboard`, headers: bearer(token), query });

export async function readDashboard(app: FastifyInstance, token: string, query: Record<string, string> = {}): Promise<AnalyticsDashboard> {
  return resultOf<AnalyticsDashboard>(await dashboardCall(app, token, query));
}

/** `YYYY-MM-DD` of a time. */
export const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
