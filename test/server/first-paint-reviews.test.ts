/**
 * GET /api/first-paint/vf-reviews (server/routes/firstPaint.ts, elements/vf-reviews/firstPage.ts):
 * the demo product's reviews painted by the element's own components, as a guest sees them, in
 * the order and number its attributes ask for; nothing (204) for a container that is not there (or of
 * another kind); kept for guests and painted anew after a new review.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_CONVERSATION_ID } from '../../server/demo/conversation.ts';
import { DEMO_REVIEWS, DEMO_REVIEWS_ID } from '../../server/demo/reviews.ts';
import { bearer, buildWithDemoContent, resultOf, signup, SITE } from './helpers.ts';
import { keptForTheNextGuest, type Painted } from './first-paint-calls.ts';


const paint = (app: FastifyInstance, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/first-paint/vf-reviews', query: { domain: '127.0.0.1', container_id: DEMO_REVIEWS_ID, ...query } });

/** The painted reviews' titles (a review without one has none), in order, and their star counts. */
const reviewsIn = (html: string) => html.split('part="review"').slice(1).map((review) => ({
  title: /part="title">([^<]*)</.exec(review)?.[1] ?? null,
  stars: Number(/aria-label="(\d) out of 5 stars"/.exec(review)?.[1]),
}));

test('the demo reviews are painted by their own components, newest first, as a guest sees them', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const painted = resultOf<Painted>(await paint(app));
  const { html } = painted;
  assert.match(html, /^<section class="vf-reviews" part="base" aria-label="Reviews">/);
  assert.match(html, new RegExp(`part="heading">${DEMO_REVIEWS.length} reviews<`));
  const newestFirst = [...DEMO_REVIEWS].sort((a, b) => a.ago - b.ago);
  assert.deepEqual(reviewsIn(html), newestFirst.map((review) => ({ title: review.title ?? null, stars: review.rating })));
  assert.equal(html.match(/part="helpful" aria-pressed="false"/g)?.length, DEMO_REVIEWS.length, "a guest's Helpful buttons, none pressed");
  // A guest's "More actions" holds "Report illegal content" only (docs/law.md): never the moderation menu.
  assert.equal(html.match(/part="comment-menu-button" aria-label="More actions for [^"]*’s review"/g)?.length, DEMO_REVIEWS.length, "a guest's More actions");
  assert.doesNotMatch(html, /aria-label="Moderate /, 'no moderation menu for a guest');
  assert.doesNotMatch(html, /<script|part="skeleton"/i);
  assert.match(painted.css, /\.vf-review/, "the element's own stylesheet");
  assert.equal(painted.structured_data, null, 'the element writes its structured data, with the page title, in the browser');
  assert.match(painted.data_tag, /^[0-9a-z]+\.[0-9a-z]+$/);
});

test('sorted-by and limit shape the paint: the highest two, then Show more', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const { html } = resultOf<Painted>(await paint(app, { 'sorted-by': 'highest', limit: '2' }));
  assert.deepEqual(reviewsIn(html).map((review) => review.stars), [5, 5]);
  assert.match(html, /<option value="highest" selected="">/);
  assert.match(html, /part="more"/);
});

test('a missing reviews container, or a conversation, is nothing to paint (204): the browser renders as before', async (t) => {
  const { app } = await buildWithDemoContent(t);
  assert.equal((await paint(app, { container_id: 'no-such-product' })).statusCode, 204);
  assert.equal((await paint(app, { container_id: DEMO_CONVERSATION_ID })).statusCode, 204, 'a conversation has no reviews');
});

test('kept for the next guest, and painted anew after a new review; its words escaped', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const before = await keptForTheNextGuest(app, () => paint(app));
  const reader = await signup(app, 'mallory');
  const written = await app.inject({
    method: 'POST', url: `/api/v2/reviews/${SITE}/${before.container_uuid}/reviews`, headers: bearer(reader.access_token),
    payload: { rating: 4, title: '<img src=x onerror="alert(1)"> & more', content: 'Good crumb.' },
  });
  assert.equal(written.statusCode, 200, written.body);
  const after = resultOf<Painted>(await paint(app));
  assert.ok(after.html.includes('part="title">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more<'), 'the new review, escaped');
  assert.doesNotMatch(after.html, /<img src=x/);
  assert.match(after.html, new RegExp(`part="heading">${DEMO_REVIEWS.length + 1} reviews<`));
  assert.notEqual(after.data_tag, before.data_tag);
});
