/**
 * Community reads (docs/api.md "community"): the site's (or one conversation's) latest, popular
 * and trending comments, and its top users. The top users carry the reader's follows, so a follow
 * or unfollow (core/api/profiles.ts invalidates the user) refreshes the list; a login or logout
 * refreshes everything per-reader ('User', 'Comments').
 */
import { baseApi } from './base.ts';
import type { CommunityCommentList, CommunityShow, TopUser } from './types.ts';

export interface CommunityListArgs {
  show: CommunityShow;
  limit: number;
  /** Popular: the window in days; trending: in hours. */
  days?: number;
  hours?: number;
  /** Only this conversation (the page's `vf:container_id`). */
  containerId?: string;
}

export interface TopUsersArgs {
  limit: number;
  days?: number;
}

export const communityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    communityComments: build.query<CommunityCommentList, CommunityListArgs>({
      query: ({ show, limit, days, hours, containerId }) => ({
        url: 'comments',
        params: { show, limit, ...(days ? { days } : {}), ...(hours ? { hours } : {}), ...(containerId ? { container_id: containerId } : {}) },
      }),
      providesTags: ['Comments'],
    }),
    topUsers: build.query<TopUser[], TopUsersArgs>({
      query: ({ limit, days }) => ({ url: 'users', params: { show: 'top', limit, ...(days ? { days } : {}) } }),
      transformResponse: (result: { users: TopUser[] }) => result.users,
      providesTags: (users) => ['User', ...(users ?? []).map((user) => ({ type: 'User' as const, id: user.uuid }))],
    }),
  }),
});

export const { useCommunityCommentsQuery, useTopUsersQuery } = communityApi;
