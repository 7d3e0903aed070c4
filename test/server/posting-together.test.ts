// Items posted at the same moment are written by group commit (server/engine/contentInserts.ts):
// every one is stored, counted and logged once, in the order it was posted, and one item refused
// inside a group is refused alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RatingAnswer } from '../../core/api/reviewTypes.ts';
import type { ContentEvent } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup } from './helpers.ts';

test('forty comments posted at once: all stored, counted, and in the event log once each, in posting order', async (t) => {
  const app = await build(t);
  const readers = [await signup(app), await signup(app), await signup(app), await signup(app)];
  const page = await container(app);
  const posted = await Promise.all(Array.from({ length: 40 }, (_, i) => postComment(app, readers[i % 4]!.access_token, page.content_container_uuid, `at once ${i}`)));
  const base = `/api/comments/${SITE}/${page.content_container_uuid}`;
  const listed = resultOf<{ contents: { content_uuid: string }[]; total_visible_content: number }>(
    await app.inject({ method: 'GET', url: `${base}/comments`, query: { limit: '100', sorted_by: 'oldest' } }));
  assert.equal(listed.total_visible_content, 40);
  assert.deepEqual(new Set(listed.contents.map((c) => c.content_uuid)), new Set(posted.map((c) => c.content_uuid)));
  const log = resultOf<{ events: ContentEvent[]; latest_seq: number }>(await app.inject({ method: 'GET', url: `${base}/events`, query: { after: '0', limit: '100' } }));
  assert.deepEqual(log.events.map((e) => e.seq), Array.from({ length: 40 }, (_, i) => i + 1), 'numbered without gaps');
  assert.deepEqual(log.events.map((e) => e.content_uuid), listed.contents.map((c) => c.content_uuid), 'logged in the order they were posted');
});

test('two first reviews by one reader at once among others: that reader gets one and a 409, the others are all stored', async (t) => {
  const app = await build(t);
  const page = resultOf<{ content_container_uuid: string }>(await app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}`, payload: { container_id: 'product-at-once' } }));
  const url = `/api/v2/reviews/${SITE}/${page.content_container_uuid}/reviews`;
  const twice = await signup(app);
  const others = [await signup(app), await signup(app), await signup(app)];
  const write = (token: string, rating: number) => app.inject({ method: 'POST', url, headers: bearer(token), payload: { rating, content: 'Worth reading.' } });
  const answers = await Promise.all([write(twice.access_token, 5), ...others.map((o) => write(o.access_token, 4)), write(twice.access_token, 3)]);
  assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 200, 200, 200, 409]);
  const summary = resultOf<RatingAnswer>(await app.inject({ method: 'GET', url: `/api/v2/reviews/${SITE}/${page.content_container_uuid}/ratings` }));
  assert.equal(summary.ratings.count, 4);
});
