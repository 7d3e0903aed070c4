/**
 * The one RTK Query API of the page. Every service adds its endpoints with `injectEndpoints`
 * in its own file (users.ts, comments.ts); all tag types are declared here.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { vfBaseQuery } from './baseQuery.ts';

export const TAG_TYPES = ['User', 'Container', 'Comments', 'Thread', 'Notifications', 'Topics', 'Follows', 'PageFollows', 'PushSetting', 'Shares', 'Gallery', 'Reviews'] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: vfBaseQuery,
  tagTypes: TAG_TYPES,
  // Realtime keeps lists fresh; refetching on focus would throw away loaded pages.
  refetchOnFocus: false,
  endpoints: () => ({}),
});
