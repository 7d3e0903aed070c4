/**
 * Reviews and ratings (docs/api.md "reviews"): one review per reader and page, 1–5 stars,
 * author-only edits, PUT ratings/{uuid}, helpful votes, the four orders, the summary kept in step
 * with moderation, a reader's ratings, and the refusals that store nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { RatingAnswer, Review, ReviewPage, UserRating } from '../../core/api/reviewTypes.ts';
import type { Container } from '../../core/api/types.ts';
import { DEMO_REVIEWS_ID } from '../../server/demo/reviews.ts';
import { seed } from '../../server/demo/index.ts';
import { bearer, build, buildWithDemoContent, countRows, resultOf, SITE, signup, signupAs } from './helpers.ts';

const base = (c: Container) => `/api/v2/reviews/${SITE}/${c.content_container_uuid}`;

async function reviewsOf(app: FastifyInstance, id = `product-${Math.random()}`): Promise<Container> {
  return resultOf<Container>(await app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}`, payload: { container_id: id } }));
}

const write = (app: FastifyInstance, c: Container, token: string, payload: object) =>
  app.inject({ method: 'POST', url: `${base(c)}/reviews`, headers: bearer(token), payload });

const list = async (app: FastifyInstance, c: Container, query: Record<string, string> = {}, token?: string) =>
  resultOf<ReviewPage>(await app.inject({ method: 'GET', url: `${base(c)}/reviews`, query, headers: bearer(token) }));

const summary = async (app: FastifyInstance, c: Container, token?: string) =>
  resultOf<RatingAnswer>(await app.inject({ method: 'GET', url: `${base(c)}/ratings`, headers: bearer(token) }));

const errorOf = (response: { statusCode: number; json(): unknown }) => [response.statusCode, (response.json() as { message: string }).message] as const;

describe('writing reviews', () => {
  test('a review with stars, title and text; a second one is 409; bad stars are 400; nothing extra is stored', async (t) => {
    const app = await build(t);
    const reader = await signup(app);
    const c = await reviewsOf(app);
    const review = resultOf<Review>(await write(app, c, reader.access_token, { rating: 4, title: '  Great   recipes ', content: 'The bread chapter alone is worth it.' }));
    assert.deepEqual([review.rating, review.title, review.content, review.state, review.actor.uuid], [4, 'Great recipes', 'The bread chapter alone is worth it.', 'visible', reader.user.uuid]);

    assert.deepEqual(errorOf(await write(app, c, reader.access_token, { rating: 5 })), [409, 'You have already reviewed this page; edit your review instead']);
    const other = await signup(app);
    for (const rating of [6, 0, 2.5]) {
      assert.deepEqual(errorOf(await write(app, c, other.access_token, { rating })), [400, 'rating must be an integer from 1 to 5']);
    }
    assert.equal((await write(app, c, other.access_token, { rating: '5' })).statusCode, 400);
    assert.equal((await write(app, c, '', { rating: 5 })).statusCode, 401, 'guests log in first');
    assert.equal(await countRows(app, 'reviews'), 1);
    assert.equal(await countRows(app, 'contents'), 1);
  });

  test('a posting ban stops the words of a review (as it stops a comment) but not stars alone; the refused review stores nothing', async (t) => {
    const app = await build(t);
    const [reader, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await reviewsOf(app);
    const banned = await app.inject({ method: 'POST', url: `/api/v2/users/${reader.user.uuid}/ban`, headers: bearer(mod.access_token), payload: { ban_level: 'posting', reason: 'spam', duration_days: 3 } });
    assert.equal(banned.statusCode, 200);
    const refused = await write(app, c, reader.access_token, { rating: 2, title: 'Buy cheap watches', content: 'Visit my shop.' });
    assert.deepEqual([refused.statusCode, (refused.json() as { api_code?: number }).api_code], [403, 65540]);
    assert.equal(await countRows(app, 'reviews'), 0);
    const stars = await app.inject({ method: 'PUT', url: `/api/v2/ratings/${c.content_container_uuid}`, headers: bearer(reader.access_token), payload: { points: 2 } });
    assert.equal(stars.statusCode, 200);
    const review = (stars.json() as { result: { rating: Review } }).result.rating;
    const edit = await app.inject({ method: 'PUT', url: `${base(c)}/reviews/${review.content_uuid}`, headers: bearer(reader.access_token), payload: { content: 'Visit my shop.' } });
    assert.equal(edit.statusCode, 403, 'adding words later is refused too');
    assert.equal((await list(app, c)).contents[0]?.content, '');
  });

  test('a page closed to reviews refuses them with a clear message and stores nothing', async (t) => {
    const app = await build(t);
    const [reader, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await reviewsOf(app);
    resultOf(await app.inject({ method: 'POST', url: `${base(c)}/settings`, headers: bearer(mod.access_token), payload: { is_closed: true } }));
    assert.deepEqual(errorOf(await write(app, c, reader.access_token, { rating: 3 })), [403, 'Reviews are not enabled on this page']);
    const put = await app.inject({ method: 'PUT', url: `/api/v2/ratings/${c.content_container_uuid}`, headers: bearer(reader.access_token), payload: { points: 3 } });
    assert.deepEqual(errorOf(put), [403, 'Reviews are not enabled on this page']);
    assert.equal(await countRows(app, 'reviews'), 0);
  });

  test('only its author edits a review, moderators neither; PUT ratings sets the same review', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await reviewsOf(app);
    const review = resultOf<Review>(await write(app, c, author.access_token, { rating: 2, content: 'Too salty.' }));
    const edit = (token: string, payload: object) => app.inject({ method: 'PUT', url: `${base(c)}/reviews/${review.content_uuid}`, headers: bearer(token), payload });
    assert.deepEqual(errorOf(await edit(mod.access_token, { rating: 5 })), [403, 'Only its author can edit a review']);
    assert.equal((await app.inject({ method: 'POST', url: `${base(c)}/content/${review.content_uuid}/edit`, headers: bearer(mod.access_token), payload: { content: 'x' } })).statusCode, 404, 'no engine text edit for reviews');
    const edited = resultOf<Review>(await edit(author.access_token, { rating: 3, title: 'Better second time' }));
    assert.deepEqual([edited.rating, edited.title, edited.content, edited.is_edited], [3, 'Better second time', 'Too salty.', true]);

    const rated = resultOf<RatingAnswer>(await app.inject({ method: 'PUT', url: `/api/v2/ratings/${c.content_container_uuid}`, headers: bearer(author.access_token), payload: { points: 5 } }));
    assert.equal(rated.rating?.content_uuid, review.content_uuid, 'one review per reader: the rating is its stars');
    assert.deepEqual(rated.ratings, { count: 1, average: 5, distribution: [0, 0, 0, 0, 1] });
    const bad = await app.inject({ method: 'PUT', url: `/api/v2/ratings/${c.content_container_uuid}`, headers: bearer(author.access_token), payload: { points: 6 } });
    assert.deepEqual(errorOf(bad), [400, 'points must be an integer from 1 to 5']);

    // A star-only rating by another reader is a review without words.
    const rater = await signup(app);
    const star = resultOf<RatingAnswer>(await app.inject({ method: 'PUT', url: `/api/v2/ratings/${c.content_container_uuid}`, headers: bearer(rater.access_token), payload: { points: 1 } }));
    assert.deepEqual([star.rating?.rating, star.rating?.content, star.ratings.count, star.ratings.average], [1, '', 2, 3]);
  });

  test('a deleted review makes way for a new one', async (t) => {
    const app = await build(t);
    const reader = await signup(app);
    const c = await reviewsOf(app);
    const first = resultOf<Review>(await write(app, c, reader.access_token, { rating: 1 }));
    resultOf(await app.inject({ method: 'DELETE', url: `${base(c)}/reviews/${first.content_uuid}`, headers: bearer(reader.access_token) }));
    const second = resultOf<Review>(await write(app, c, reader.access_token, { rating: 4 }));
    const answer = await summary(app, c, reader.access_token);
    assert.equal(answer.rating?.content_uuid, second.content_uuid);
    assert.deepEqual(answer.ratings, { count: 1, average: 4, distribution: [0, 0, 0, 1, 0] }, 'the removed review left the counts');
  });
});

describe('reading reviews', () => {
  test('helpful votes (not on one\'s own), four orders with paging, a summary that follows moderation', async (t) => {
    const app = await build(t);
    const mod = await signupAs(app, 'mod');
    const readers = [await signup(app), await signup(app), await signup(app), await signup(app)];
    const c = await reviewsOf(app);
    const ids: string[] = [];
    for (const [i, rating] of [3, 5, 1, 4].entries()) ids.push(resultOf<Review>(await write(app, c, readers[i]!.access_token, { rating, content: `review ${i}` })).content_uuid);
    const helpful = (token: string, id: string) => app.inject({ method: 'POST', url: `${base(c)}/reviews/${id}/helpful`, headers: bearer(token) });
    assert.deepEqual(errorOf(await helpful(readers[0]!.access_token, ids[0]!)), [403, 'You cannot vote your own review helpful']);
    for (const voter of [readers[1]!, readers[3]!]) resultOf(await helpful(voter.access_token, ids[2]!));
    resultOf(await helpful(readers[0]!.access_token, ids[3]!));

    const order = async (sorted_by: string) => {
      const all: number[] = [];
      let starting_from: string | null = null;
      do {
        const page: ReviewPage = await list(app, c, { sorted_by, limit: '3', ...(starting_from ? { starting_from } : {}) });
        all.push(...page.contents.map((r) => r.rating));
        starting_from = page.next_starting_from;
      } while (starting_from);
      return all;
    };
    assert.deepEqual(await order('newest'), [4, 1, 5, 3]);
    assert.deepEqual(await order('most_helpful'), [1, 4, 5, 3]);
    assert.deepEqual(await order('highest'), [5, 4, 3, 1]);
    assert.deepEqual(await order('lowest'), [1, 3, 4, 5]);
    assert.equal((await app.inject({ method: 'GET', url: `${base(c)}/reviews`, query: { sorted_by: 'oldest' } })).statusCode, 400);

    assert.deepEqual((await summary(app, c)).ratings, { count: 4, average: 3.3, distribution: [1, 0, 1, 1, 1] });
    resultOf(await app.inject({ method: 'POST', url: `${base(c)}/moderation/${ids[2]}/spam`, headers: bearer(mod.access_token) }));
    assert.deepEqual((await summary(app, c)).ratings, { count: 3, average: 4, distribution: [0, 0, 1, 1, 1] }, 'a spammed review no longer counts');
    assert.deepEqual((await list(app, c)).contents.map((r) => r.rating), [4, 5, 3]);
    resultOf(await app.inject({ method: 'POST', url: `${base(c)}/moderation/${ids[2]}/unspam`, headers: bearer(mod.access_token) }));
    assert.deepEqual((await summary(app, c)).ratings.distribution, [1, 0, 1, 1, 1], 'restored, it counts again');
    resultOf(await app.inject({ method: 'POST', url: `${base(c)}/moderation/${ids[2]}/spam`, headers: bearer(mod.access_token) }));

    const ratings = resultOf<{ ratings: UserRating[] }>(await app.inject({ method: 'GET', url: `/api/v2/users/${readers[1]!.user.uuid}/ratings` }));
    assert.deepEqual(ratings.ratings.map((r) => [r.rating, r.content, r.container_id]), [[5, 'review 1', c.container_id]]);
    const hidden = resultOf<{ ratings: UserRating[] }>(await app.inject({ method: 'GET', url: `/api/v2/users/${readers[2]!.user.uuid}/ratings` }));
    assert.deepEqual(hidden.ratings, [], 'a spammed review is not among the reader\'s ratings');
  });
});

describe('demo reviews', () => {
  test('the demo cookbook is seeded once with five reviews by demo readers', async (t) => {
    const { app, dataDir } = await buildWithDemoContent(t);
    await seed(app, { demoContent: { dataDir } }); // a restart adds nothing
    const c = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}`, payload: { container_id: DEMO_REVIEWS_ID } }));
    assert.deepEqual((await summary(app, c)).ratings, { count: 5, average: 3.8, distribution: [0, 1, 1, 1, 2] });
    const helpful = await list(app, c, { sorted_by: 'most_helpful', limit: '1' });
    assert.deepEqual([helpful.contents[0]?.actor.name, helpful.contents[0]?.total_likes], ['Priya Raman', 3]);
  });
});
