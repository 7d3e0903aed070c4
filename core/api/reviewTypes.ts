/** The reviews service's shapes (docs/api.md "reviews"), shared by the server and the elements. */
import type { Comment, CommentPage } from './types.ts';

export const REVIEW_SORTS = ['newest', 'most_helpful', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const MIN_POINTS = 1;
export const MAX_POINTS = 5;
/** A review's title, at most this many characters. */
export const MAX_TITLE = 120;

/** A review: a root content item with its stars and title; helpful votes are its likes (`total_likes`). */
export interface Review extends Comment {
  rating: number;
  title: string;
}

export interface ReviewPage extends Omit<CommentPage, 'contents'> {
  contents: Review[];
}

/** The container's visible reviews: count, average (0 without any) and the count per star (index 0 is one star). */
export interface RatingSummary {
  count: number;
  average: number;
  distribution: [number, number, number, number, number];
}

/** PUT ratings/{uuid}: the reader's own review (null: none yet) and the container's summary. */
export interface RatingAnswer {
  rating: Review | null;
  ratings: RatingSummary;
}

/** One of a reader's ratings across the site (GET users/{uuid}/ratings). */
export interface UserRating {
  content_uuid: string;
  content_container_uuid: string;
  container_id: string;
  rating: number;
  title: string;
  content: string;
  date_created: number;
}
