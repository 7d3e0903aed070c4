// Polls (docs/polls.md): moderators create, edit, close and reopen; readers vote once (guests by
// a browser token where the site allows); bad votes store nothing; results follow the poll's rule;
// live results reach a subscribed page as coalesced poll_updated events.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Poll, PostPoll } from '../../core/api/pollTypes.ts';
import { refusal, setSiteSettings } from './comment-calls.ts';
import { connect } from './realtime-client.ts';
import { bearer, build, buildWithDemoContent, container, countRows, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';
import { liveblog, publish } from './liveblog-calls.ts';

const base = `/api/polls/${SITE}`;
const GUEST_TOKEN = 'guest-browser-token-0001';
const create = (app: FastifyInstance, token: string | undefined, payload: object) =>
  app.inject({ method: 'POST', url: base, headers: bearer(token), payload });
const vote = (app: FastifyInstance, token: string | undefined, poll: string, payload: object) =>
  app.inject({ method: 'POST', url: `${base}/${poll}/votes`, headers: bearer(token), payload });
const read = async (app: FastifyInstance, token?: string, query: Record<string, string> = {}) =>
  resultOf<Poll | null>(await app.inject({ method: 'GET', url: base, headers: bearer(token), query: { poll_id: 'lunch', ...query } }));

const LUNCH = { poll_id: 'lunch', question: '  What is for  lunch? ', options: ['Soup', 'Salad', '<b>Pie</b>'] };

test('a moderator creates a poll; readers cannot; bad polls are refused and store nothing', async (t) => {
  const app = await build(t);
  const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
  assert.equal(await read(app), null); // no poll yet: the empty state
  assert.equal((await create(app, undefined, LUNCH)).statusCode, 401);
  assert.deepEqual(refusal(await create(app, reader.access_token, LUNCH)), { status: 403, message: 'Only moderators and admins can do this' });
  for (const bad of [{ ...LUNCH, options: ['Only one'] }, { ...LUNCH, options: Array.from({ length: 11 }, (_, i) => `o${i}`) },
    { ...LUNCH, options: ['Soup', ' soup '] }, { ...LUNCH, question: ' \u200b ' }, { ...LUNCH, results_visibility: 'never' },
    { ...LUNCH, closes_at: Date.now() - 1000 }, { ...LUNCH, extra: 1 }]) {
    assert.equal((await create(app, mod.access_token, bad)).statusCode, 400, JSON.stringify(bad));
  }
  assert.equal(await countRows(app, 'polls'), 0);
  assert.equal(await countRows(app, 'poll_options'), 0);

  const poll = resultOf<Poll>(await create(app, mod.access_token, { ...LUNCH, multiple: true, results_visibility: 'after_close' }));
  assert.equal(poll.question, 'What is for lunch?');
  assert.deepEqual(poll.options.map((o) => [o.text, o.votes]), [['Soup', 0], ['Salad', 0], ['<b>Pie</b>', 0]]); // text, escaped by the client
  assert.equal(refusal(await create(app, mod.access_token, LUNCH)).status, 409);
  const edited = resultOf<Poll>(await app.inject({ method: 'PATCH', url: `${base}/${poll.uuid}`, headers: bearer(mod.access_token), payload: { question: 'Lunch?' } }));
  assert.equal(edited.question, 'Lunch?');
  assert.equal((await app.inject({ method: 'PATCH', url: `${base}/${poll.uuid}`, headers: bearer(reader.access_token), payload: { question: 'Mine' } })).statusCode, 403);
});

test('readers vote once; a bad or second vote gets a clear error and stores nothing; results follow the rule', async (t) => {
  const app = await build(t);
  const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
  const poll = resultOf<Poll>(await create(app, mod.access_token, { ...LUNCH, results_visibility: 'after_vote' }));
  const [soup, salad] = poll.options.map((o) => o.uuid) as [string, string];

  const before = await read(app, bob.access_token);
  assert.deepEqual([before?.results_visible, before?.total_votes, before?.options[0]?.votes], [false, null, null]);
  assert.deepEqual(refusal(await vote(app, ada.access_token, poll.uuid, { options: [crypto.randomUUID()] })), { status: 400, message: 'No such option in this poll' });
  assert.deepEqual(refusal(await vote(app, ada.access_token, poll.uuid, { options: [soup, salad] })), { status: 400, message: 'This poll takes one choice' });
  assert.equal((await vote(app, ada.access_token, poll.uuid, { options: [] })).statusCode, 400);
  assert.deepEqual(refusal(await vote(app, ada.access_token, crypto.randomUUID(), { options: [soup] })), { status: 404, message: 'No such poll' });
  assert.equal(await countRows(app, 'poll_votes'), 0);

  const mine = resultOf<Poll>(await vote(app, ada.access_token, poll.uuid, { options: [soup] }));
  assert.deepEqual([mine.my_vote, mine.total_votes, mine.options.map((o) => o.votes)], [[soup], 1, [1, 0, 0]]);
  assert.deepEqual(refusal(await vote(app, ada.access_token, poll.uuid, { options: [salad] })), { status: 409, message: 'You have already voted in this poll' });
  assert.equal(await countRows(app, 'poll_votes'), 1);
  // Two votes at once from one reader (two tabs) may share a write: one is stored, one refused.
  const twice = await Promise.all([soup, soup].map((option) => vote(app, undefined, poll.uuid, { options: [option], voter_token: 'two-tabs-one-browser' })));
  assert.deepEqual(twice.map((r) => r.statusCode).sort(), [200, 409]);
  assert.equal(await countRows(app, 'poll_votes'), 2);
  assert.equal((await read(app, bob.access_token))?.results_visible, false); // after_vote: bob has not voted
  assert.deepEqual((await read(app, mod.access_token))?.options.map((o) => o.votes), [2, 0, 0]); // moderators always see them

  // Guests vote by browser token (the site allows it by default), once per token.
  assert.equal(refusal(await vote(app, undefined, poll.uuid, { options: [salad] })).status, 400);
  resultOf(await vote(app, undefined, poll.uuid, { options: [salad], voter_token: GUEST_TOKEN }));
  assert.equal(refusal(await vote(app, undefined, poll.uuid, { options: [soup], voter_token: GUEST_TOKEN })).status, 409);
  assert.deepEqual((await read(app, undefined, { voter_token: GUEST_TOKEN }))?.my_vote, [salad]);
  await setSiteSettings(app, { require_user_authentication_to_vote: true });
  assert.equal(refusal(await vote(app, undefined, poll.uuid, { options: [salad], voter_token: 'another-browser-token-02' })).status, 401);

  // Close: no more votes; reopen: votes again. Only moderators may.
  const closeUrl = `${base}/${poll.uuid}/close`;
  assert.equal((await app.inject({ method: 'POST', url: closeUrl, headers: bearer(bob.access_token) })).statusCode, 403);
  const closed = resultOf<Poll>(await app.inject({ method: 'POST', url: closeUrl, headers: bearer(mod.access_token) }));
  assert.equal(closed.is_closed, true);
  assert.equal((await read(app, bob.access_token))?.results_visible, true); // after_vote shows them once closed
  assert.deepEqual(refusal(await vote(app, bob.access_token, poll.uuid, { options: [salad] })), { status: 409, message: 'This poll is closed' });
  resultOf(await app.inject({ method: 'POST', url: `${base}/${poll.uuid}/reopen`, headers: bearer(mod.access_token) }));
  resultOf(await vote(app, bob.access_token, poll.uuid, { options: [salad] }));
  assert.deepEqual((await read(app, mod.access_token))?.options.map((o) => o.votes), [2, 2, 0]);
  assert.equal((await read(app, mod.access_token))?.total_votes, 4);
});

test('live results: a subscribed page gets coalesced poll_updated events with the counts', async (t) => {
  const app = await build(t);
  const mod = await signupAs(app, 'mod');
  const poll = resultOf<Poll>(await create(app, mod.access_token, { ...LUNCH, multiple: true }));
  const [soup, salad] = poll.options.map((o) => o.uuid) as [string, string];
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const live = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
  await live.subscribe('p', poll.uuid);

  const voters = await Promise.all(Array.from({ length: 5 }, () => signup(app)));
  await Promise.all(voters.map((v) => vote(app, v.access_token, poll.uuid, { options: [soup, salad] })));
  let frame = await live.next();
  // The votes may straddle a coalescing window: read frames until the last vote shows.
  while (frame.type === 'event' && frame.data.poll?.total_votes !== 5) frame = await live.next();
  assert.equal(frame.type, 'event');
  if (frame.type !== 'event') return;
  assert.deepEqual([frame.data.event, frame.data.content_type, frame.data.poll?.counts], ['poll_updated', 'poll', { [soup]: 5, [salad]: 5, [poll.options[2]!.uuid]: 0 }]);
});

test('a poll in a live-blog post: attached by a moderator, listed for the live blog; only to a live-blog post', async (t) => {
  const app = await build(t);
  const mod = await signupAs(app, 'mod');
  const blog = await liveblog(app);
  const post = await publish(app, mod.access_token, blog, 'Polls open at eight');
  const comment = await postComment(app, mod.access_token, (await container(app)).content_container_uuid, 'not a post');
  assert.deepEqual(refusal(await create(app, mod.access_token, { ...LUNCH, content_uuid: comment.content_uuid })), { status: 400, message: 'No such live-blog post' });
  const poll = resultOf<Poll>(await create(app, mod.access_token, { ...LUNCH, poll_id: `post-${post.content_uuid}`, content_uuid: post.content_uuid }));
  const later = await publish(app, mod.access_token, blog, 'Who wins?');
  await create(app, mod.access_token, { ...LUNCH, poll_id: 'winner', options: ['A', 'B', 'C', 'D'], results_visibility: 'after_vote', content_uuid: later.content_uuid });
  // With each poll, what sets its height before a vote (the box the live blog reserves for it).
  const listed = async (token?: string) => resultOf<{ items: PostPoll[] }>(await app.inject({ method: 'GET', url: `${base}/containers/${blog.content_container_uuid}`, headers: token ? bearer(token) : {} })).items;
  assert.deepEqual(await listed(), [
    { content_uuid: post.content_uuid, poll_id: poll.poll_id, options: 3, open: true, results: true },
    { content_uuid: later.content_uuid, poll_id: 'winner', options: 4, open: true, results: false },
  ]);
  assert.equal((await listed(mod.access_token))[1]!.results, true, 'a moderator sees the results before voting');
});

test('demo mode seeds the demo polls once, with the demo readers\' votes, one inside a live-blog post', async (t) => {
  const { app } = await buildWithDemoContent(t, {}, 2); // two processes starting together
  const stadium = await read(app, undefined, { poll_id: 'stadium-plan' });
  assert.deepEqual([stadium?.question, stadium?.results_visible, stadium?.is_closed], ['Should the new stadium run without gas?', false, false]);
  const mod = await signupAs(app, 'mod');
  assert.deepEqual((await read(app, mod.access_token, { poll_id: 'stadium-plan' }))?.options.map((o) => o.votes), [3, 1, 1]);
  const race = await read(app, undefined, { poll_id: 'liveblog-bridge-poll' });
  assert.equal(race?.total_votes, 5);
  assert.equal(await countRows(app, 'polls'), 2);
});
