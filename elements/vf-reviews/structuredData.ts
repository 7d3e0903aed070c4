/**
 * schema.org structured data for a page's reviews (docs/elements.md "vf-reviews"): the page as
 * the reviewed item, its `AggregateRating` (visible reviews only) and its first `Review`s. Pure,
 * so it is tested alone; <vf-reviews> writes it into the page's head (useStructuredData.ts).
 */
import { MAX_POINTS, MIN_POINTS, type RatingSummary, type Review } from '../../core/api/reviewTypes.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function reviewsStructuredData(page: { title: string; url: string }, ratings: RatingSummary, reviews: Review[]): object | null {
  if (ratings.count === 0) return null;
  const scale = { bestRating: MAX_POINTS, worstRating: MIN_POINTS };
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: page.title,
    url: page.url,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: ratings.average, ratingCount: ratings.count, reviewCount: ratings.count, ...scale },
    review: reviews
      .filter((review) => review.state === 'visible')
      .map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.actor.name },
        datePublished: iso(review.date_created),
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...scale },
        ...(review.title ? { name: review.title } : {}),
        ...(review.content ? { reviewBody: review.content } : {}),
      })),
  };
}
