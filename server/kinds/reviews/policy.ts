/**
 * Reviews (docs/api.md "reviews"): what differs from the other kinds. A review is a root item with
 * 1–5 stars and an optional title and text (its own table: kinds/reviews/queries.ts); readers write one
 * per page (page.rate) with the kind's own calls (write.ts), so the engine mounts no POST or text
 * edit. Helpful votes are the engine's likes, never on one's own review; lists sort newest, most
 * helpful, highest or lowest; the site's or the container's premoderation holds new reviews.
 */
import { REVIEW_SORTS, type Review, type ReviewSort } from '../../../core/api/reviewTypes.ts';
import { normalisePlain, MAX_COMMENT_LENGTH } from '../../content/normalise.ts';
import { limit, pageOf } from '../../engine/reads.ts';
import type { KindPolicy } from '../../engine/policy.ts';
import { holdsForModeration } from '../../engine/containers.ts';
import { presenterFor, type Row } from '../../engine/contentQueries.ts';
import { listReviews, ratingsOf } from './queries.ts';
import { reviewFields } from './schemas.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { Viewer } from '../../content/visibility.ts';

interface ListQuery {
  limit: number;
  sorted_by: ReviewSort;
}

/** A review's text: optional (a rating may have no words), plain, at most the comments' length. */
export function checkReviewText(input: string | undefined) {
  if (!input || input.trim() === '') return { ok: true as const, text: '' };
  return normalisePlain(input, 'Review', MAX_COMMENT_LENGTH);
}

/** These rows as `viewer` sees them, each with its stars and title. */
export async function presentReviews(db: Kysely<Database>, viewer: Viewer, rows: Row[]): Promise<Review[]> {
  const shown = await presenterFor(db, viewer, rows);
  const ratings = await ratingsOf(db, rows.map((r) => r.uuid));
  return rows.flatMap((row) => {
    const comment = shown(row);
    const review = ratings.get(row.uuid);
    return comment && review ? [{ ...comment, rating: review.rating, title: review.title }] : [];
  });
}

export const reviewsPolicy: KindPolicy<ListQuery> = {
  kind: 'reviews',
  types: { root: 'review', reply: 'review' },
  containerEvents: 'reviews',
  rules: {
    root: { subject: 'page', action: 'rate' }, reply: { subject: 'page', action: 'rate' },
    like: { subject: 'comment', action: 'like' }, dislike: { subject: 'comment', action: 'dislike' }, flag: { subject: 'content', action: 'flag' },
  },
  noun: 'review',
  anonymous: false,
  itemFields: reviewFields,
  editorsUnbound: false,
  ownWrites: true,
  ownLikeRefused: 'You cannot vote your own review helpful',
  async checkText(_db, _container, _isReply, input) {
    const text = checkReviewText(input);
    return text.ok ? { ...text, media: null } : text;
  },
  holds: (site, container, privileged) => holdsForModeration(site.settings, container, privileged),
  rateLimited: () => true,
  list: {
    query: { limit, sorted_by: { type: 'string', enum: REVIEW_SORTS, default: 'newest' } },
    async page({ db, container, viewer, after }, q) {
      const page = await listReviews(db, container.uuid, q.sorted_by, q.limit, after, viewer);
      return pageOf(page, await presentReviews(db, viewer, page.rows), container, viewer);
    },
  },
  paths: {
    roots: 'reviews',
    reply: 'reviews/:content_uuid/replies',
    remove: 'reviews/:content_uuid',
    like: 'reviews/:content_uuid/helpful',
    dislike: 'reviews/:content_uuid/unhelpful',
    flag: 'reviews/:content_uuid/flag',
  },
};
