/**
 * Trending articles (docs/api.md "trending"): the site's trending conversations, or the ones
 * recommended for this reader (their visitor id in X-Unique-Id), and the read that tells the
 * server which article the reader is on.
 */
import { VISITOR_ID_HEADER, visitorId } from '../analytics/visitorId.ts';
import { baseApi } from './base.ts';
import type { TrendingContainer } from './types.ts';

export interface TrendingArgs {
  sectionUuid: string;
  limit: number;
  days: number;
  hours: number;
  /** trendingrecommended: for this reader. */
  recommended: boolean;
  /** Part of the cache key only: a signed-in reader's list is their own, and one article's list leaves it out (and follows its read). */
  userUuid: string | null;
  containerId: string;
}

export const trendingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    trending: build.query<TrendingContainer[], TrendingArgs>({
      query: ({ sectionUuid, limit, days, hours, recommended }) => ({
        url: `${sectionUuid}/${recommended ? 'trendingrecommended' : 'trending'}`,
        service: 'comments',
        params: { limit, content_container_window_days: days, content_window_hours: hours, sorted_by: 'total_visible_contents', with_page: true },
        headers: recommended ? { [VISITOR_ID_HEADER]: visitorId() } : undefined,
      }),
      transformResponse: (result: { contents: TrendingContainer[] }) => result.contents,
    }),
    recordRead: build.mutation<{ recorded: boolean }, { sectionUuid: string; containerId: string }>({
      query: ({ sectionUuid, containerId }) => ({
        url: `${sectionUuid}/reads`,
        service: 'comments',
        method: 'POST',
        body: { container_id: containerId },
        headers: { [VISITOR_ID_HEADER]: visitorId() },
      }),
    }),
  }),
});

export const { useTrendingQuery, useRecordReadMutation } = trendingApi;
