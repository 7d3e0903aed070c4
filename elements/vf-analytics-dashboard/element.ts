import { AnalyticsDashboard, type AnalyticsDashboardProps } from './AnalyticsDashboard.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The site's analytics for its admins, for a chosen period (the last 7, 30 or 90 days, or custom
 * dates): headline totals (page views, visitors, engaged time, comments, replies, active
 * commenters, recirculation clicks) and charts drawn as inline SVG — page views and visitors per
 * day, engaged time per day, comments and replies per day, referrer mediums, recirculation clicks
 * by medium, and the top pages linking to them. Every chart is a figure whose numbers are also a
 * table (read by screen readers; "Show as table" shows it). A guest is asked to log in; a reader
 * who is not an admin is told that only administrators see it. docs/analytics.md.
 *
 * @summary Analytics dashboard for admins: totals and per-day charts for a period.
 *
 * @attr {string} preset - The period shown first: `7`, `30` (default) or `90` (the last days,
 *   today included, UTC). Anything else is 30.
 *
 * @fires {CustomEvent<{ from: string, to: string }>} vf-analytics-period - `{ from, to }` (UTC days `YYYY-MM-DD`) when the admin chooses
 *   another period.
 *
 * @csspart base - The dashboard's region.
 * @csspart title - Its heading (the focus goes there after a login from its own Log in).
 * @csspart period - The period chooser (presets and custom dates).
 * @csspart custom-period - From, To and Show, for custom dates.
 * @csspart apply - The Show button for custom dates.
 * @csspart period-error - Why the custom dates were refused.
 * @csspart showing - The period shown, in words (a polite live region).
 * @csspart figures - Totals and charts.
 * @csspart totals - The headline totals.
 * @csspart chart - One chart's figure.
 * @csspart table-toggle - A chart's "Show as table" toggle button.
 * @csspart table - A chart's numbers as a table (visually hidden until shown).
 * @csspart page-link - A top page's title, linking to the page.
 * @csspart guest - A guest's prompt to log in.
 * @csspart login - Its Log in button.
 * @csspart forbidden - "Only administrators…" for readers who are not admins.
 * @csspart empty - No activity in the period.
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-chart-color-1=#0b5cad] - The first series' bars (page views, comments, every horizontal bar).
 * @cssprop [--vf-chart-color-2=#b35900] - The second series' bars (visitors, replies).
 * @cssprop [--vf-chart-grid=#d1d9e0] - The charts' grid lines and bar tracks.
 */
export const analyticsDashboardElement: ElementDefinition<AnalyticsDashboardProps> = {
  component: AnalyticsDashboard,
  props: { preset: 'string' },
  bundle: 'page_settings',
  css: () => import('./styles.css'),
  reserve: reserves['vf-analytics-dashboard'],
};
