/**
 * JSON schemas of the analytics service (docs/analytics.md): the event batch (core/analytics/
 * eventTypes.ts `AnalyticsEvent`, every string capped, every number bounded, no unknown property
 * anywhere, unknown event types refused), the image fallback's query and the dashboard's query and
 * answer (core/api/analyticsTypes.ts `AnalyticsDashboard`).
 */
import { ANALYTICS_EVENT_TYPES, MAX_BATCH_BYTES } from '../../core/analytics/eventTypes.ts';
import { answers, strictObject } from '../routes/schemas.ts';

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const count = (maximum: number) => ({ type: 'integer', minimum: 0, maximum }) as const;
const ms = (maximum: number) => ({ type: 'number', minimum: 0, maximum }) as const;
/** An object of exactly these properties (no common fields: events are not API calls). */
const exact = (properties: Record<string, object>, required: string[] = []) => ({ type: 'object', additionalProperties: false, properties, required }) as const;

/** An id the client made up (event id, request id): printable ASCII. */
const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7e]+$' } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const widgetRef = { widget: text(64, 1), widgetId: text(128, 1), containerId: text(512) };

export const analyticsEvent = {
  type: 'object',
  additionalProperties: false,
  required: ['event_type', 'eid', 'rq', 'ts', 'ltz', 'meta', 'view'],
  properties: {
    event_type: { type: 'string', enum: [...ANALYTICS_EVENT_TYPES] },
    eid: id,
    rq: id,
    rs: exact({ medium: text(64, 1), source: text(256), sharer_uuid: text(64), terms: text(256) }, ['medium']),
    ts: { type: 'number', minimum: 0, maximum: 8.64e15 },
    ltz: { type: 'number', minimum: -1440, maximum: 1440 },
    ua: text(512),
    meta: exact({ page_id: text(512, 1), url: text(2048, 1), title: text(500), page_type: text(64), lang: text(35) }, ['page_id', 'url']),
    view: exact(
      { uniqueId: text(128, 1), visitCount: count(10_000_000), pageViews: count(10_000_000), isRecirculation: { type: 'boolean' }, landingPage: text(2048) },
      ['uniqueId', 'visitCount', 'pageViews', 'isRecirculation'],
    ),
    w: exact(widgetRef, ['widget', 'widgetId']),
    wStats: {
      type: 'array',
      maxItems: 50,
      items: exact({ ...widgetRef, isVisible: { type: 'boolean' }, engagementTime: ms(DAY_MS) }, ['widget', 'widgetId', 'isVisible', 'engagementTime']),
    },
    engage: exact(
      {
        time: ms(HOUR_MS),
        vftime: ms(HOUR_MS),
        widgets: count(1000),
        containerTime: { type: 'object', maxProperties: 50, propertyNames: { maxLength: 512 }, additionalProperties: ms(HOUR_MS) },
        focuses: count(100_000),
        hiddenTime: ms(DAY_MS),
      },
      ['time', 'vftime', 'widgets', 'containerTime', 'focuses', 'hiddenTime'],
    ),
    adData: exact({ adIframes: count(1000), viewableAds: count(1000), viewedAds: count(1000) }, ['adIframes', 'viewableAds', 'viewedAds']),
    data: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { maxLength: 64 },
      additionalProperties: { anyOf: [text(500), { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
    },
  },
  // An engage event carries its time.
  if: { properties: { event_type: { const: 'engage' } } },
  then: { required: ['engage'] },
} as const;

/** The batch. Its size limits (MAX_BATCH_EVENTS, MAX_BATCH_BYTES) are checked before it, as 413s. */
export const analyticsBatch = exact({ events: { type: 'array', minItems: 1, items: analyticsEvent } }, ['events']);

/** The domain the event's page is on (as bootstrap takes it). */
const domain = text(253, 1);
export const eventsQuery = exact({ domain }, ['domain']);
/** The image fallback: the batch as url-encoded JSON in the query. */
/** Its size in bytes is checked by the route (a 413); the cap here only bounds what is read. */
export const gifQuery = exact({ domain, batch: text(2 * MAX_BATCH_BYTES, 1) }, ['domain', 'batch']);

const date = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
export const dashboardQuery = strictObject({ from: date, to: date });

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const all = (properties: Record<string, object>) => exact(properties, Object.keys(properties));
export const dashboardAnswer = answers(
  all({
    from: str,
    to: str,
    days: { type: 'array', items: all({ day: str, page_views: int, visitors: int, engaged_seconds: int, comments: int, replies: int }) },
    totals: all({ page_views: int, visitors: int, engaged_seconds: int, comments: int, replies: int, active_commenters: int, recirculation_clicks: int }),
    top_pages: { type: 'array', items: all({ page_id: str, title: str, url: str, page_views: int, engaged_seconds: int, comments: int }) },
    referrer_mediums: { type: 'array', items: all({ medium: str, page_views: int }) },
    recirculation: { type: 'array', items: all({ medium: str, clicks: int }) },
  }),
);
