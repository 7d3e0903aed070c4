/** The catch-up call (docs/api.md "Catch-up"): a container's events after a sequence number. */
import type { EventsPage } from '../api/types.ts';
import { baseApi } from '../api/base.ts';

export interface EventsArgs {
  sectionUuid: string;
  containerUuid: string;
  after: number;
}

/** Events asked for per call (the server's maximum). */
export const CATCH_UP_LIMIT = 200;

export const catchUpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    realtimeEvents: build.query<EventsPage, EventsArgs>({
      query: ({ sectionUuid, containerUuid, after }) => ({
        service: 'comments',
        url: `${sectionUuid}/${containerUuid}/events`,
        containerUuid,
        params: { after, limit: CATCH_UP_LIMIT },
      }),
      // Read once, applied to the comment caches, then not kept.
      keepUnusedDataFor: 0,
    }),
  }),
});
