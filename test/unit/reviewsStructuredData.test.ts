/** The reviews' schema.org data: AggregateRating of the visible reviews, each Review with its author, stars and words. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Review } from '../../core/api/reviewTypes.ts';
import { reviewsStructuredData } from '../../elements/vf-reviews/structuredData.ts';

const review = (rating: number, extra: Partial<Review> = {}) =>
  ({ content_uuid: `r${rating}`, rating, title: '', content: '', state: 'visible', date_created: Date.UTC(2026, 0, rating), actor: { uuid: 'u', name: `Reader ${rating}` }, ...extra }) as Review;

test('AggregateRating with a 1–5 scale and one Review per visible review', () => {
  const data = reviewsStructuredData(
    { title: 'The Bread Book', url: 'https://books.example/bread' },
    { count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] },
    [review(5, { title: 'Superb', content: 'Every loaf rose.' }), review(2), review(1, { state: 'disabled' })],
  ) as Record<string, any>;
  assert.deepEqual(data['aggregateRating'], { '@type': 'AggregateRating', ratingValue: 3.5, ratingCount: 2, reviewCount: 2, bestRating: 5, worstRating: 1 });
  assert.equal(data['name'], 'The Bread Book');
  assert.deepEqual(data['review'][0], {
    '@type': 'Review', author: { '@type': 'Person', name: 'Reader 5' }, datePublished: '2026-01-05T00:00:00.000Z',
    reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 }, name: 'Superb', reviewBody: 'Every loaf rose.',
  });
  assert.equal(data['review'].length, 2, 'a disabled review is left out');
});

test('nothing without a rating (an empty AggregateRating is invalid)', () => {
  assert.equal(reviewsStructuredData({ title: 't', url: 'https://x.example' }, { count: 0, average: 0, distribution: [0, 0, 0, 0, 0] }, []), null);
});
