/**
 * Shares and the media gallery on the api service (docs/api.md "shares", "media gallery"). A
 * recorded share answers the page's new totals, which replace the cached ones, so every
 * <vf-share-total> and share bar of the page shows the count at once.
 */
import type { ShareNetwork } from '../share/links.ts';
import { baseApi } from './base.ts';
import type { GalleryImage } from './types.ts';

export interface ShareTotals {
  page_uuid: string;
  total: number;
  by_network: Partial<Record<ShareNetwork, number>>;
}

export type GalleryKind = 'conversation' | 'liveblog' | 'chat';
export interface GalleryArgs {
  sectionUuid: string;
  containerId: string;
  kind: GalleryKind;
}

export const sharesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    shareTotals: build.query<ShareTotals, string>({
      query: (pageUuid) => ({ url: `pages/${pageUuid}/shares` }),
      providesTags: (_result, _error, pageUuid) => [{ type: 'Shares', id: pageUuid }],
    }),
    recordShare: build.mutation<ShareTotals, { pageUuid: string; network: ShareNetwork }>({
      query: ({ pageUuid, network }) => ({ url: `pages/${pageUuid}/shares`, method: 'POST', body: { network } }),
      async onQueryStarted({ pageUuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sharesApi.util.upsertQueryData('shareTotals', pageUuid, data));
      },
    }),
    gallery: build.query<GalleryImage[], GalleryArgs>({
      query: ({ sectionUuid, containerId, kind }) => ({ url: `media/${sectionUuid}`, params: { container_id: containerId, kind } }),
      transformResponse: (result: { items: GalleryImage[] }) => result.items,
      providesTags: (_result, _error, { containerId }) => [{ type: 'Gallery', id: containerId }],
    }),
  }),
});

export const { useShareTotalsQuery, useRecordShareMutation, useGalleryQuery } = sharesApi;
