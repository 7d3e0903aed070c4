// Likes and dislikes share one mechanism: each change moves its total, is logged as a realtime
// event in the same transaction, and shows in the viewer's `actions`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CommentPage, EventsPage } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup } from './helpers.ts';

test('a dislike is counted, logged as disliked/undisliked, and shown only to the viewer who made it', async (t) => {
  const app = await build(t);
  const [author, reader] = [await signup(app), await signup(app)];
  const c = await container(app);
  const posted = await postComment(app, author.access_token, c.content_container_uuid, 'a take');
  const base = `/api/comments/${SITE}/${c.content_container_uuid}`;
  const dislike = `${base}/comments/${posted.content_uuid}/dislike`;

  const added = resultOf<{ total_dislikes: number; disliked: boolean }>(
    await app.inject({ method: 'POST', url: dislike, headers: bearer(reader.access_token) }));
  assert.deepEqual([added.total_dislikes, added.disliked], [1, true]);
  resultOf(await app.inject({ method: 'POST', url: dislike, headers: bearer(reader.access_token) })); // no change

  const listFor = async (token?: string) =>
    resultOf<CommentPage>(await app.inject({ method: 'GET', url: `${base}/comments`, headers: token ? bearer(token) : {} })).contents[0]!;
  const seenByReader = await listFor(reader.access_token);
  assert.deepEqual([seenByReader.total_dislikes, seenByReader.total_likes, seenByReader.actions], [1, 0, { liked: false, disliked: true, flagged: false }]);
  assert.deepEqual((await listFor(author.access_token)).actions, { liked: false, disliked: false, flagged: false });
  assert.deepEqual((await listFor()).actions, { liked: false, disliked: false, flagged: false });

  resultOf(await app.inject({ method: 'DELETE', url: dislike, headers: bearer(reader.access_token) }));
  const log = resultOf<EventsPage>(await app.inject({ method: 'GET', url: `${base}/events?after=0` }));
  assert.deepEqual(
    log.events.map((e) => [e.event, e.total_dislikes]),
    [['created', undefined], ['disliked', 1], ['undisliked', 0]],
  );
});
