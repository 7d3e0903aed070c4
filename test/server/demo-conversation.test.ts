/**
 * The demo conversation (server/demo/conversation.ts): what `npm start` seeds in demo mode for
 * demo/article.html, read back through the public API; seeding again, or twice at once (two
 * processes starting together), adds nothing; outside demo mode nothing is seeded.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, ContainerWithPage } from '../../core/api/types.ts';
import { DEMO_COMMENTERS, DEMO_CONVERSATION_ID, DEMO_THREADS } from '../../server/demo/conversation.ts';
import { DEMO_READER } from '../../server/demo/liveblog.ts';
import { DEMO_ACCOUNTS, seed } from '../../server/demo/index.ts';
import { bearer, buildWithDemoContent, countRows, resultOf, SITE } from './helpers.ts';

const load = (app: FastifyInstance, query: Record<string, string> = {}, token?: string) => app.inject({
  method: 'GET', url: `/api/comments/${SITE}`, headers: bearer(token),
  query: { container_id: DEMO_CONVERSATION_ID, limit: '100', reply_limit: '100', ...query },
});
/** Likes on the conversation's comments and replies (the demo cookbook's Helpful votes are reactions too). */
async function conversationLikes(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('reactions').innerJoin('contents', 'contents.uuid', 'reactions.content_uuid')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('contents.type', 'in', ['comment', 'reply']).executeTakeFirstOrThrow();
  return Number(row.n);
}

const tables = ['contents', 'events', 'reactions', 'users', 'containers'] as const;
const count = async (app: FastifyInstance) => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(app, table)])));
const replyCount = DEMO_THREADS.reduce((n, thread) => n + (thread.replies?.length ?? 0), 0);
const likeCount = DEMO_THREADS.flatMap((thread) => [thread, ...(thread.replies ?? [])]).reduce((n, item) => n + (item.likedBy?.length ?? 0), 0);

test('demo mode: the demo article holds threads with replies by several readers with pictures, real likes, a pick and a pin', async (t) => {
  const before = Date.now();
  const { app } = await buildWithDemoContent(t);
  const page = resultOf<ContainerWithPage>(await load(app));
  const threads = page.contents;
  const replies = threads.flatMap((thread) => thread.replies ?? []);
  const all = [...threads, ...replies];
  assert.ok(threads.length >= 5, 'several threads');
  assert.equal(threads.length, DEMO_THREADS.length);
  assert.ok(replies.length >= 6, 'replies');
  assert.equal(replies.length, replyCount);
  assert.equal(page.total_visible_content, all.length, 'the count counts threads and replies');
  assert.ok(threads.filter((thread) => thread.total_replies > 0).length >= 3, 'several threads have replies');
  for (const thread of threads) assert.equal(thread.total_replies, thread.replies?.length ?? 0);
  for (const item of all) assert.equal(item.state, 'visible');

  // Newest first, over the last day or so (not written in the same instant), none in the future.
  const dates = threads.map((thread) => thread.date_created);
  assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'newest first');
  assert.ok(dates[0]! - dates.at(-1)! >= 12 * 60 * 60 * 1000, 'spread over hours');
  assert.ok(Math.min(...all.map((item) => item.date_created)) >= before - 2 * 24 * 60 * 60 * 1000 && dates[0]! <= Date.now());
  for (const reply of replies) {
    const thread = threads.find((item) => item.content_uuid === reply.thread_uuid)!;
    assert.ok(reply.date_created > thread.date_created, 'a reply comes after its comment');
  }

  // Several readers with pictures, besides the demo reader and the editors.
  const names = new Set(all.map((item) => item.actor.name));
  for (const name of [...DEMO_COMMENTERS.map((c) => c.name), DEMO_READER.name, ...DEMO_ACCOUNTS.map((a) => a.name)]) assert.ok(names.has(name), name);
  for (const commenter of DEMO_COMMENTERS) {
    const by = all.find((item) => item.actor.name === commenter.name)!;
    const picture = by.actor.pic_small;
    assert.match(picture ?? '', /^\/avatars\/[0-9a-f]{32}\.png$/, `${commenter.name} has a picture`);
    const file = await app.inject({ method: 'GET', url: picture! });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.deepEqual(file.rawPayload, readFileSync(commenter.avatar));
  }
  assert.equal(new Set(DEMO_COMMENTERS.map((c) => all.find((item) => item.actor.name === c.name)!.actor.pic_small)).size, DEMO_COMMENTERS.length, 'a picture each');

  // Likes are rows, one per reader: the totals add up to them, and a liker sees their own like.
  const likes = all.reduce((n, item) => n + item.total_likes, 0);
  assert.equal(likes, likeCount);
  assert.equal(await conversationLikes(app), likes);
  assert.ok(threads.filter((thread) => thread.total_likes > 0).length >= 4, 'most threads are liked');
  const moderator = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'mod')!;
  const login = resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: moderator.email, password: moderator.password, section: SITE } }));
  const asModerator = resultOf<ContainerWithPage>(await load(app, {}, login.access_token)).contents;
  const likedByModerator = asModerator.filter((item) => item.actions.liked);
  assert.equal(likedByModerator.length, DEMO_THREADS.filter((thread) => thread.likedBy?.includes('mod')).length);
  assert.ok(likedByModerator.every((item) => item.actor.name !== moderator.name), 'nobody likes their own comment');

  // One editor's pick (the featured filter finds it) and one pinned comment, the newest: a newcomer sees it first.
  const picked = threads.filter((thread) => thread.is_picked);
  const pinned = threads.filter((thread) => thread.is_pinned);
  assert.equal(picked.length, 1);
  assert.equal(pinned.length, 1);
  assert.equal(pinned[0]!.content_uuid, threads[0]!.content_uuid);
  assert.equal(picked[0]!.total_likes, Math.max(...all.map((item) => item.total_likes)), 'the pick is the most liked comment');
  const featured = resultOf<ContainerWithPage>(await load(app, { filtered_by: 'featured_threads' })).contents;
  assert.deepEqual(featured.map((item: Comment) => item.content_uuid), [picked[0]!.content_uuid]);

  // The event log has every comment, like, pick and pin (catch-up starts from the conversation's history).
  const events = resultOf<{ events: { event: string }[]; latest_seq: number }>(
    await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${page.content_container_uuid}/events`, query: { after: '0', limit: '200' } }));
  const tally = (name: string) => events.events.filter((e) => e.event === name).length;
  assert.deepEqual([tally('created'), tally('liked'), tally('picked'), tally('pinned')], [all.length, likeCount, 1, 1]);
  assert.equal(page.latest_seq, events.latest_seq);

  // No password opens the readers' accounts (readers sign up to comment).
  for (const commenter of DEMO_COMMENTERS) {
    const attempt = await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: commenter.email, password: '!demo-reader', section: SITE } });
    assert.equal(attempt.statusCode, 401, commenter.email);
  }
});

test('seeding again (a restart) adds nothing: no comment, like, event, picture, account or container', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t);
  const before = await count(app);
  const page = resultOf<ContainerWithPage>(await load(app));
  await seed(app, { demoContent: { dataDir } });
  await seed(app, { demoContent: { dataDir } });
  assert.deepEqual(await count(app), before);
  assert.deepEqual(resultOf<ContainerWithPage>(await load(app)), page);
  assert.equal(readdirSync(join(dataDir, 'avatars')).length, DEMO_COMMENTERS.length);
});

test('two seeds at once (two processes starting together) write the conversation once', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t, {}, 2);
  const page = resultOf<ContainerWithPage>(await load(app));
  assert.equal(page.contents.length, DEMO_THREADS.length);
  assert.equal(page.total_visible_content, DEMO_THREADS.length + replyCount);
  assert.equal(await conversationLikes(app), likeCount);
  assert.equal(readdirSync(join(dataDir, 'avatars')).length, DEMO_COMMENTERS.length);
});

test('outside demo mode (VF_DEMO=0) no conversation, comment, like, reader or picture is seeded', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t, { VF_DEMO: '0' });
  assert.equal((await load(app)).statusCode, 404);
  for (const table of ['contents', 'reactions', 'users', 'containers'] as const) assert.equal(await countRows(app, table), 0, table);
  assert.equal(existsSync(join(dataDir, 'avatars')), false);
});
