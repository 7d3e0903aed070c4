/**
 * The analytics service's dashboard call (`GET /api/analytics/{section_uuid}/dashboard`,
 * docs/analytics.md): a site's figures for a period, admins only. Read-only; the answer is
 * cached per site and period (the element shows a period seen before at once and reads it again).
 */
import type { AnalyticsDashboard } from './analyticsTypes.ts';
import { baseApi } from './base.ts';

/** The site and the period, UTC calendar days `YYYY-MM-DD`, both included. */
export interface DashboardArgs {
  sectionUuid: string;
  from: string;
  to: string;
}

export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    analyticsDashboard: build.query<AnalyticsDashboard, DashboardArgs>({
      query: ({ sectionUuid, from, to }) => ({ url: `${sectionUuid}/dashboard`, service: 'analytics', params: { from, to } }),
    }),
  }),
});

export const { useAnalyticsDashboardQuery } = analyticsApi;
