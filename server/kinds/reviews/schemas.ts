/** The reviews calls' bodies and answers (docs/api.md "reviews"); what an answer may carry is listed. */
import { MAX_TITLE } from '../../../core/api/reviewTypes.ts';
import { MAX_COMMENT_LENGTH } from '../../content/normalise.ts';
import { itemWith } from '../../engine/schemas.ts';
import { answers, strictObject } from '../../routes/schemas.ts';

/** Stars are checked in the handler, so a 6 or a 2.5 gets one clear message ("… an integer from 1 to 5"). */
const stars = { type: 'number' } as const;
const words = { title: { type: 'string', maxLength: MAX_TITLE * 4 }, content: { type: 'string', maxLength: MAX_COMMENT_LENGTH * 4 } };

export const newReviewBody = strictObject({ rating: stars, ...words }, ['rating']);
export const reviewChangeBody = strictObject({ rating: stars, ...words });
export const pointsBody = strictObject({ points: stars }, ['points']);

const count = { type: 'integer', minimum: 0 } as const;
const summary = {
  type: 'object',
  additionalProperties: false,
  properties: { count, average: { type: 'number' }, distribution: { type: 'array', items: count, minItems: 5, maxItems: 5 } },
  required: ['count', 'average', 'distribution'],
} as const;

/** A review's own fields beside the engine's content item (the reviews policy's itemFields). */
export const reviewFields = { rating: { type: 'integer' }, title: { type: 'string' } } as const;

/** A review: the engine's content item (its fields as comments carry them) with stars and title. */
const review = { ...itemWith(reviewFields), required: [...itemWith().required, 'rating', 'title'] };

export const reviewAnswer = answers(review);
export const ratingAnswer = answers({
  type: 'object', additionalProperties: false, properties: { rating: { anyOf: [review, { type: 'null' }] }, ratings: summary }, required: ['rating', 'ratings'],
});

const userRating = {
  type: 'object',
  additionalProperties: false,
  properties: {
    content_uuid: { type: 'string' }, content_container_uuid: { type: 'string' }, container_id: { type: 'string' },
    rating: { type: 'integer' }, title: { type: 'string' }, content: { type: 'string' }, date_created: { type: 'integer' },
  },
  required: ['content_uuid', 'content_container_uuid', 'container_id', 'rating', 'title', 'content', 'date_created'],
} as const;
export const userRatingsAnswer = answers({ type: 'object', additionalProperties: false, properties: { ratings: { type: 'array', items: userRating } }, required: ['ratings'] });
