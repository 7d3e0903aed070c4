/**
 * What `GET /api/analytics/{section_uuid}/dashboard` answers (docs/analytics.md): a site's figures
 * for a period, for `<vf-analytics-dashboard>`. Days are UTC calendar days, `YYYY-MM-DD`.
 * Comments, replies and commenters come from the content tables; the rest from analytics events.
 */
export interface DashboardDay {
  day: string;
  page_views: number;
  /** Distinct visitors (visitor ids) that day. */
  visitors: number;
  engaged_seconds: number;
  /** Root comments and replies posted that day (conversations, every state but deleted). */
  comments: number;
  replies: number;
}

export interface DashboardPage {
  page_id: string;
  title: string;
  url: string;
  page_views: number;
  engaged_seconds: number;
  comments: number;
}

export interface AnalyticsDashboard {
  from: string;
  to: string;
  days: DashboardDay[]; // every day of the period, zeros included, oldest first
  totals: {
    page_views: number;
    visitors: number;
    engaged_seconds: number;
    comments: number;
    replies: number;
    /** Distinct authors of comments and replies in the period. */
    active_commenters: number;
    recirculation_clicks: number;
  };
  /** At most 10, most viewed first. */
  top_pages: DashboardPage[];
  /** Page views by referrer medium (direct, referral, a vf_medium value…), most first. */
  referrer_mediums: { medium: string; page_views: number }[];
  /** Recirculation clicks by tracking medium, most first. */
  recirculation: { medium: string; clicks: number }[];
}

/** Longest period the dashboard answers for. */
export const DASHBOARD_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a time, in UTC: how the dashboard names a day on both sides. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of a `YYYY-MM-DD`, or NaN when it is not a real day (2026-02-30). */
export function dayMs(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || utcDay(ms) !== day ? Number.NaN : ms;
}
