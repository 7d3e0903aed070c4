/**
 * The reviews service (docs/api.md "reviews", under the api base: `reviews/…`, `ratings/{uuid}`,
 * `users/{uuid}/ratings`). A page's reviews container, its summary with the reader's own review,
 * its list pages, and the writes. Every read of a container carries its `Reviews` tag: a write,
 * a helpful vote or a realtime event refetches the summary and the lists, so the average, the
 * distribution and the order never disagree with what the server counts.
 */
import type { Container } from './types.ts';
import type { RatingAnswer, Review, ReviewPage, ReviewSort, UserRating } from './reviewTypes.ts';
import { registerContentHandler } from '../realtime/contentHandlers.ts';
import { baseApi } from './base.ts';

export interface ReviewsContainerArgs {
  sectionUuid: string;
  containerId: string;
}
/** The container, and whose view (null: a guest), so logging in or out reads afresh. */
export interface ContainerViewArgs {
  sectionUuid: string;
  containerUuid: string;
  userUuid: string | null;
}
export interface ReviewPageArgs extends ContainerViewArgs {
  sort: ReviewSort;
  limit: number;
  startingFrom: string | null;
}
export interface ReviewInput {
  rating: number;
  title: string;
  content: string;
}
export interface WriteArgs extends ContainerViewArgs {
  review: ReviewInput;
  /** The reader's review to change; absent, a new one. */
  contentUuid?: string;
}
export interface ReviewActionArgs {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
}
export type ModerationAction = 'enable' | 'disable' | 'spam';

const tag = (containerUuid: string) => [{ type: 'Reviews' as const, id: containerUuid }];

export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The page's reviews container (created on first use). */
    reviewsContainer: build.query<Container, ReviewsContainerArgs>({
      query: ({ sectionUuid, containerId }) => ({ url: `reviews/${sectionUuid}`, method: 'POST', body: { container_id: containerId } }),
    }),
    ratingSummary: build.query<RatingAnswer, ContainerViewArgs>({
      query: ({ sectionUuid, containerUuid }) => ({ url: `reviews/${sectionUuid}/${containerUuid}/ratings`, containerUuid }),
      providesTags: (_r, _e, { containerUuid }) => tag(containerUuid),
    }),
    reviewPage: build.query<ReviewPage, ReviewPageArgs>({
      query: ({ sectionUuid, containerUuid, sort, limit, startingFrom }) => ({
        url: `reviews/${sectionUuid}/${containerUuid}/reviews`,
        params: { sorted_by: sort, limit, starting_from: startingFrom },
        containerUuid,
      }),
      providesTags: (_r, _e, { containerUuid }) => tag(containerUuid),
    }),
    saveReview: build.mutation<Review, WriteArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, review }) => ({
        url: `reviews/${sectionUuid}/${containerUuid}/reviews${contentUuid ? `/${contentUuid}` : ''}`,
        method: contentUuid ? 'PUT' : 'POST',
        body: { ...review },
        containerUuid,
      }),
      invalidatesTags: (_r, _e, { containerUuid }) => tag(containerUuid),
    }),
    markHelpful: build.mutation<unknown, ReviewActionArgs & { on: boolean }>({
      query: ({ sectionUuid, containerUuid, contentUuid, on }) => ({
        url: `reviews/${sectionUuid}/${containerUuid}/reviews/${contentUuid}/helpful`,
        method: on ? 'POST' : 'DELETE',
        containerUuid,
      }),
      invalidatesTags: (_r, _e, { containerUuid }) => tag(containerUuid),
    }),
    moderateReview: build.mutation<unknown, ReviewActionArgs & { action: ModerationAction }>({
      query: ({ sectionUuid, containerUuid, contentUuid, action }) => ({
        url: `reviews/${sectionUuid}/${containerUuid}/moderation/${contentUuid}/${action}`,
        method: 'POST',
        containerUuid,
      }),
      invalidatesTags: (_r, _e, { containerUuid }) => tag(containerUuid),
    }),
    userRatings: build.query<{ ratings: UserRating[] }, { userUuid: string; limit: number }>({
      query: ({ userUuid, limit }) => ({ url: `users/${userUuid}/ratings`, params: { limit } }),
    }),
  }),
});

// Any event of a reviews container (a review written, changed, voted on or moderated) reads it again.
registerContentHandler(['reviews', 'review'], {
  apply(dispatch, _getState, event) {
    dispatch(reviewsApi.util.invalidateTags(tag(event.content_container_uuid)));
  },
});

export const {
  useReviewsContainerQuery, useRatingSummaryQuery, useReviewPageQuery, useSaveReviewMutation,
  useMarkHelpfulMutation, useModerateReviewMutation, useUserRatingsQuery,
} = reviewsApi;
