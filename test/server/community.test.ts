/**
 * Community reads (docs/api.md "community"): top users, a user's comments, the site's latest,
 * popular and trending comments, a page's threads and comments — their ranking, limits and
 * windows, who sees what (removed, banned, muted, hidden), and 400s for bad queries.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, CommunityCommentList, Container, Page, TopUser } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';
import { call } from './comment-calls.ts';

const get = (app: FastifyInstance, url: string, query: Record<string, string> = {}, token?: string) =>
  app.inject({ method: 'GET', url: `/api/v2/${url}`, query: { section: SITE, ...query }, headers: bearer(token) });
const comments = async (app: FastifyInstance, query: Record<string, string>, token?: string) =>
  resultOf<CommunityCommentList>(await get(app, 'comments', query, token));
const texts = (list: CommunityCommentList) => list.contents.map((c) => c.content);
const topNames = async (app: FastifyInstance, token?: string, query: Record<string, string> = {}) =>
  resultOf<{ users: TopUser[] }>(await get(app, 'users', query, token)).users.map((u) => u.name);

async function like(app: FastifyInstance, c: Container, item: Comment, ...fans: string[]): Promise<void> {
  for (const fan of fans) resultOf(await call(app, 'POST', c, `comments/${item.content_uuid}/like`, fan));
}

/** Moves a comment back in time (its windows count from its date). */
const age = (app: FastifyInstance, item: Comment, hours: number) =>
  app.db.updateTable('contents').set({ date_created: Date.now() - hours * 3_600_000 }).where('uuid', '=', item.content_uuid).execute();

async function ban(app: FastifyInstance, modToken: string, userUuid: string, level: 'ghost' | 'hide'): Promise<void> {
  resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${userUuid}/ban`, headers: bearer(modToken), payload: { ban_level: level, reason: 'testing', permanent: true } }));
}

describe('community lists', () => {
  test('latest, popular and trending rank as documented, within their windows, limited, with each page and its link', async (t) => {
    const app = await build(t);
    const [ana, ben, cleo, fan] = [await signup(app, 'Ana'), await signup(app, 'Ben'), await signup(app, 'Cleo'), await signup(app)];
    const c = await container(app, 'community-article');
    // The article is the demo's, served by the app itself: the server reads its title from it.
    const article = `${await app.listen({ port: 0, host: '127.0.0.1' })}/demo/article.html`;
    const page = resultOf<Page>(await app.inject({
      method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url: article, title: 'The article', unique_id: 'community-article' },
    }));
    await app.pageMeta.settled();
    const old = await postComment(app, ana.access_token, c.content_container_uuid, 'old and loved');
    const liked = await postComment(app, ben.access_token, c.content_container_uuid, 'liked once');
    const discussed = await postComment(app, cleo.access_token, c.content_container_uuid, 'discussed');
    const reply = await postComment(app, ana.access_token, c.content_container_uuid, 'a reply', discussed.content_uuid);
    await like(app, c, old, ben.access_token, cleo.access_token, fan.access_token);
    await like(app, c, liked, fan.access_token);
    await age(app, old, 30); // outside trending's 3 hours, inside popular's 7 days

    assert.deepEqual(texts(await comments(app, {})), ['a reply', 'discussed', 'liked once', 'old and loved'], 'latest: newest first, replies too');
    assert.deepEqual(texts(await comments(app, { show: 'popular' })), ['old and loved', 'liked once'], 'popular: most likes first, unliked left out');
    assert.deepEqual(texts(await comments(app, { show: 'popular', days: '1' })), ['liked once']);
    assert.deepEqual(texts(await comments(app, { show: 'trending' })), ['discussed', 'liked once'], 'trending: likes + replies in the last 3 hours');
    assert.deepEqual(texts(await comments(app, { show: 'trending', hours: '48' })), ['old and loved', 'discussed', 'liked once']);

    const two = await comments(app, { limit: '2' });
    assert.deepEqual([texts(two), two.more_available], [['a reply', 'discussed'], true]);
    assert.deepEqual(two.contents[0]!.page, { title: 'City plants 10,000 trees along its river', url: article });
    assert.equal(two.contents[0]!.thread_uuid, discussed.content_uuid);

    const other = await container(app);
    await postComment(app, ben.access_token, other.content_container_uuid, 'elsewhere');
    assert.deepEqual(texts(await comments(app, { container_id: 'community-article', limit: '1' })), ['a reply'], 'one container');
    assert.deepEqual(texts(await comments(app, { container_id: 'nobody-commented' })), []);
    const onPage = resultOf<CommunityCommentList>(await get(app, `pages/${page.id}/comments`, { show: 'popular' }));
    assert.deepEqual(texts(onPage), ['old and loved', 'liked once']);
    const threads = resultOf<{ contents: Comment[] }>(await get(app, `pages/${page.id}/threads`, { sort: 'num_replies_desc', limit: '1', child_limit: '1' }));
    assert.deepEqual(threads.contents.map((x) => [x.content, x.replies?.map((r) => r.content)]), [['discussed', ['a reply']]]);

    const mine = resultOf<CommunityCommentList>(await get(app, `users/${ana.user.uuid}/comments`, { limit: '1' }));
    assert.deepEqual([texts(mine), mine.more_available], [['a reply'], true]);
    assert.equal(resultOf<CommunityCommentList>(await get(app, `users/${ana.user.uuid}/comments`)).contents.length, 2, 'default limit 5');
  });

  test('top users: comments plus likes received in the window, highest first, limited; the viewer sees whom they follow', async (t) => {
    const app = await build(t);
    const [ana, ben, cleo] = [await signup(app, 'Ana'), await signup(app, 'Ben'), await signup(app, 'Cleo')];
    const c = await container(app);
    const loved = await postComment(app, ben.access_token, c.content_container_uuid, 'loved');
    await like(app, c, loved, ana.access_token, cleo.access_token); // Ben: 1 + 2
    await postComment(app, ana.access_token, c.content_container_uuid, 'one');
    await postComment(app, ana.access_token, c.content_container_uuid, 'two'); // Ana: 2
    const late = await postComment(app, cleo.access_token, c.content_container_uuid, 'long ago');
    await age(app, late, 24 * 40); // Cleo: outside 30 days

    assert.deepEqual(await topNames(app), ['Ben', 'Ana']);
    assert.deepEqual(await topNames(app, undefined, { limit: '1' }), ['Ben']);
    const [first] = resultOf<{ users: TopUser[] }>(await get(app, 'users')).users;
    assert.deepEqual([first!.comments, first!.likes_received, first!.date_following], [1, 2, undefined]);

    resultOf(await app.inject({ method: 'PUT', url: `/api/v2/follows/${ben.user.uuid}`, headers: bearer(cleo.access_token), payload: {} }));
    const seen = resultOf<{ users: TopUser[] }>(await get(app, 'users', {}, cleo.access_token)).users;
    assert.ok(typeof seen.find((u) => u.name === 'Ben')!.date_following === 'number');
    assert.equal(seen.find((u) => u.name === 'Ana')!.date_following, null);
  });
});

describe('who sees what', () => {
  test('removed, ghost- and hide-banned and muted content stays out of the showcase, for moderators too; a ghost sees their own', async (t) => {
    const app = await build(t);
    const [reader, ghost, hidden, muted, mod] = [await signup(app, 'Reader'), await signup(app, 'Ghost'), await signup(app, 'Hidden'), await signup(app, 'Muted'), await signupAs(app, 'mod')];
    const c = await container(app);
    await postComment(app, reader.access_token, c.content_container_uuid, 'fine');
    const spam = await postComment(app, reader.access_token, c.content_container_uuid, 'spam');
    await postComment(app, ghost.access_token, c.content_container_uuid, 'ghostly');
    await postComment(app, hidden.access_token, c.content_container_uuid, 'hidden');
    await postComment(app, muted.access_token, c.content_container_uuid, 'muted');
    resultOf(await call(app, 'POST', c, `moderation/${spam.content_uuid}/spam`, mod.access_token));
    await ban(app, mod.access_token, ghost.user.uuid, 'ghost');
    await ban(app, mod.access_token, hidden.user.uuid, 'hide');
    resultOf(await app.inject({ method: 'PUT', url: `/api/v2/mutes/${muted.user.uuid}`, headers: bearer(reader.access_token), payload: {} }));

    assert.deepEqual(texts(await comments(app, {})), ['muted', 'fine'], 'a guest');
    assert.deepEqual(texts(await comments(app, {}, reader.access_token)), ['fine'], 'the reader muted one');
    assert.deepEqual(texts(await comments(app, {}, ghost.access_token)), ['muted', 'ghostly', 'fine'], 'a ghost sees their own');
    assert.deepEqual(texts(await comments(app, {}, mod.access_token)), ['muted', 'fine'], 'moderators get the public showcase too');
    assert.deepEqual((await topNames(app)).sort(), ['Muted', 'Reader']);
    assert.deepEqual(await topNames(app, reader.access_token), ['Reader']);
    assert.equal((await get(app, `users/${hidden.user.uuid}/comments`)).statusCode, 404);
    assert.deepEqual(texts(resultOf<CommunityCommentList>(await get(app, `users/${hidden.user.uuid}/comments`, {}, mod.access_token))), []);
  });

  test('a hidden container lists nothing', async (t) => {
    const app = await build(t);
    const [reader, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    await postComment(app, reader.access_token, c.content_container_uuid, 'in a hidden conversation');
    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_hidden: true }));
    assert.deepEqual(texts(await comments(app, {}, reader.access_token)), []);
    assert.deepEqual(texts(await comments(app, {}, mod.access_token)), []);
  });
});

describe('bad input', () => {
  test('out-of-range or unknown options and a missing section are 400 with a message; unknown pages 404', async (t) => {
    const app = await build(t);
    const bad: [string, Record<string, string>][] = [
      ['comments', { show: 'loudest' }], ['comments', { limit: '0' }], ['comments', { hours: '49' }], ['comments', { days: '31' }],
      ['comments', { colour: 'red' }], ['users', { show: 'bottom' }], ['users', { limit: '51' }],
      ['pages/3f0e0d52-8c36-4b43-a7c4-2c8f7f0f4e10/threads', { child_limit: '11' }], ['users/not-a-uuid/comments', {}],
    ];
    for (const [url, query] of bad) {
      const response = await get(app, url, query);
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(query)}`);
      const body = response.json() as { error_status: number; message: string };
      assert.equal(body.error_status, 400);
      assert.ok(body.message.length > 0);
    }
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/comments' })).statusCode, 400, 'section is required');
    assert.equal((await get(app, 'pages/3f0e0d52-8c36-4b43-a7c4-2c8f7f0f4e10/comments')).statusCode, 404);
  });
});
