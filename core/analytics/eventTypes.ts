/**
 * The analytics event payload (content.md §3 "Analytics event payload"), shared by the client that
 * sends it (core/analytics/) and the server that checks and stores it (server/analytics/). Pure.
 * docs/privacy.md says what each field is and why it is collected.
 */

/** What happened. Anything else is refused by the server. */
export const ANALYTICS_EVENT_TYPES = [
  'page_view', // a page (or an SPA view) was shown; one per request id
  'engage', // engagement time accumulated since the last engage event (ticks of 333 ms)
  'widget_visible', // a widget came into view (w names it)
  'comment_read', // a conversation had 3000 ms of engaged time
  'login_success', // a reader logged in (once per email and page)
  'recirculation_click', // a reader followed a vf link to another story (data.medium)
  'ad_view', // an ad was viewable (50 % for 1000 ms)
  'ad_failure', // an ad could not be shown (data: AdFailureRecord)
  'consent', // the consent the page's CMP gave (sent once)
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** A batch may hold this many events; the browser's beacon carries at most 64 KiB. */
export const MAX_BATCH_EVENTS = 100;
export const MAX_BATCH_BYTES = 64 * 1024;
/** The stored queue (content.md §9 "Event queue"). */
export const EVENT_QUEUE_LIMIT = 200;

/** Where a visit came from (the referrer cookie's `ref`). */
export interface ReferrerState {
  /** direct, referral, or a `vf_medium` / `utm_medium` value from the landing URL. */
  medium: string;
  source?: string;
  sharer_uuid?: string;
  terms?: string;
}

/** The widget an event concerns (content.md §3 "widget tracking"). */
export interface WidgetRef {
  widget: string; // the tag, e.g. vf-conversations
  widgetId: string;
  containerId?: string;
}

export interface WidgetStats extends WidgetRef {
  isVisible: boolean;
  /** Engaged milliseconds so far on this page view. */
  engagementTime: number;
}

export interface EngageData {
  /** Engaged ms on the page since the last engage event. */
  time: number;
  /** …of which a vf widget was engaged. */
  vftime: number;
  widgets: number;
  /** Engaged ms per container id. */
  containerTime: Record<string, number>;
  focuses: number;
  hiddenTime: number;
}

export interface AdData {
  adIframes: number;
  viewableAds: number;
  viewedAds: number;
}

export interface AnalyticsEvent {
  event_type: AnalyticsEventType;
  /** Event id, random per event: the server drops a repeat (a retried batch). */
  eid: string;
  /** Request id of the page view the event belongs to. */
  rq: string;
  /** The referrer state of the visit. */
  rs?: ReferrerState;
  /** When, ms since the epoch (the client's clock). */
  ts: number;
  /** The client's time-zone offset in minutes (Date#getTimezoneOffset). */
  ltz: number;
  ua?: string;
  meta: {
    /** The page's id (unique id, else container id, else url), as the widgets use it. */
    page_id: string;
    url: string;
    title?: string;
    page_type?: string;
    lang?: string;
  };
  view: {
    uniqueId: string;
    visitCount: number;
    pageViews: number;
    isRecirculation: boolean;
    landingPage?: string;
  };
  w?: WidgetRef;
  wStats?: WidgetStats[];
  engage?: EngageData;
  adData?: AdData;
  /** Type-specific details: ad failure record, recirculation medium, consent result. */
  data?: Record<string, string | number | boolean | null>;
}

export interface AnalyticsBatch {
  events: AnalyticsEvent[];
}
