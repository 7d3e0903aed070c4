/**
 * The guest cache (server/engine/guest-cache.ts): a guest's list answer is kept and sent again,
 * and must always be what a fresh read gives. A fresh read here is a signed-in bystander's (a
 * reader with nothing of their own in the container gets the same bytes as a guest, and a
 * signed-in reader never goes through the cache).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Comment, CommentPage, Container } from '../../core/api/types.ts';
import { call, setSiteSettings } from './comment-calls.ts';
import { bearer, build, container, postComment, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { liveblog, publish } from './liveblog-calls.ts';

const listUrl = (c: Container, service = 'comments', roots = 'comments') => `/api/${service}/${SITE}/${c.content_container_uuid}/${roots}`;

/** The raw body a guest gets, twice (the second from the cache), checked against a fresh read. */
async function asGuest(app: FastifyInstance, url: string, fresh: string, query: Record<string, string> = {}): Promise<string> {
  const bodies: string[] = [];
  for (const token of [undefined, undefined, fresh]) {
    const response = await app.inject({ method: 'GET', url, query, headers: bearer(token) });
    assert.equal(response.statusCode, 200, response.body);
    bodies.push(response.body);
  }
  assert.equal(bodies[0], bodies[2], 'a guest gets what a fresh read gives');
  assert.equal(bodies[1], bodies[2], 'and gets it again from the cache');
  return bodies[0]!;
}

const page = (body: string) => (JSON.parse(body) as { result: CommentPage }).result;
const texts = (body: string) => page(body).contents.map((c) => c.content);

describe('guest cache', () => {
  test('a browser that takes gzip gets a kept answer gzipped, the same bytes once unzipped', async (t) => {
    const app = await build(t);
    const ada = await signup(app);
    const c = await container(app, 'zipped-story');
    for (let i = 0; i < 10; i++) await postComment(app, ada.access_token, c.content_container_uuid, `comment number ${i} about the river`);
    const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: listUrl(c), headers });
    const plain = await get({});
    const zipped = await get({ 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers['vary']), /accept-encoding/);
    assert.ok(zipped.rawPayload.length < plain.rawPayload.length / 2, `${zipped.rawPayload.length} of ${plain.rawPayload.length} bytes`);
    assert.equal(gunzipSync(zipped.rawPayload).toString(), plain.body);
    assert.equal((await get({})).headers['content-encoding'], undefined, 'a client without gzip gets it as it is');
  });

  test('a guest gets, from the second request on, the bytes a fresh read gives, for every query; a reader never uses it', async (t) => {
    const app = await build(t);
    const [ada, bob, bystander] = [await signup(app), await signup(app), await signup(app)];
    const c = await container(app, 'cached-story');
    const posted: Comment[] = [];
    for (let i = 0; i < 5; i++) posted.push(await postComment(app, ada.access_token, c.content_container_uuid, `comment ${i}`));
    await postComment(app, bob.access_token, c.content_container_uuid, 'a reply', posted[1]!.content_uuid);
    resultOf(await call(app, 'POST', c, `comments/${posted[2]!.content_uuid}/like`, bob.access_token));

    const queries: Record<string, string>[] = [
      {}, { limit: '2' }, { limit: '2', starting_from: posted[3]!.content_uuid }, { sorted_by: 'oldest', reply_limit: '0' },
      { sorted_by: 'num_likes_desc' }, { filtered_by: 'featured_threads' },
    ];
    const seen = new Set<string>();
    for (const query of queries) seen.add(await asGuest(app, listUrl(c), bystander.access_token, query));
    assert.equal(seen.size, queries.length, 'each query has its own answer');
    const first = await asGuest(app, `/api/comments/${SITE}`, bystander.access_token, { container_id: 'cached-story', limit: '3' });
    assert.equal((JSON.parse(first) as { result: Container }).result.content_container_uuid, c.content_container_uuid);
    assert.equal(app.guestCache.hits, queries.length + 1, 'one hit per second guest request');
    assert.equal(app.guestCache.size.entries, queries.length + 1);

    // The common fields (session, section) do not change the answer: same entry.
    const hits = app.guestCache.hits;
    resultOf(await app.inject({ method: 'GET', url: listUrl(c), query: { section: SITE } }));
    assert.equal(app.guestCache.hits, hits + 1);

    const off = await build(t, { VF_GUEST_CACHE_MB: '0' });
    const offReader = await signup(off);
    const d = await container(off);
    await postComment(off, offReader.access_token, d.content_container_uuid, 'with the cache off');
    await asGuest(off, listUrl(d), offReader.access_token);
    assert.deepEqual([off.guestCache.enabled, off.guestCache.hits, off.guestCache.size.entries], [false, 0, 0]);
  });

  test('every change of a conversation shows to a guest at once: comment, reply, edit, like, pick, moderation, removal, settings', async (t) => {
    const app = await build(t);
    const [ada, bob, bystander, mod] = [await signup(app), await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app, 'changing-story');
    const url = listUrl(c);
    const guest = (query: Record<string, string> = {}) => asGuest(app, url, bystander.access_token, query);
    const firstPage = () => asGuest(app, `/api/comments/${SITE}`, bystander.access_token, { container_id: 'changing-story' });
    const both = async () => [await guest(), await firstPage()];
    await both();

    const top = await postComment(app, ada.access_token, c.content_container_uuid, 'first words');
    for (const body of await both()) assert.deepEqual(texts(body), ['first words']);
    await postComment(app, bob.access_token, c.content_container_uuid, 'an answer', top.content_uuid);
    for (const body of await both()) assert.deepEqual(page(body).contents[0]!.replies!.map((r) => r.content), ['an answer']);
    resultOf(await call(app, 'POST', c, `content/${top.content_uuid}/edit`, ada.access_token, { content: 'second words' }));
    for (const body of await both()) assert.deepEqual(texts(body), ['second words']);
    resultOf(await call(app, 'POST', c, `comments/${top.content_uuid}/like`, bob.access_token));
    for (const body of await both()) assert.equal(page(body).contents[0]!.total_likes, 1);
    resultOf(await call(app, 'POST', c, `comments/${top.content_uuid}/pick`, mod.access_token));
    assert.deepEqual(texts(await guest({ filtered_by: 'featured_threads' })), ['second words']);
    for (const body of await both()) assert.equal(page(body).contents[0]!.is_picked, true);

    const other = await postComment(app, bob.access_token, c.content_container_uuid, 'rude words');
    assert.deepEqual(texts(await guest()), ['rude words', 'second words']);
    resultOf(await call(app, 'POST', c, `moderation/${other.content_uuid}/disable`, mod.access_token));
    for (const body of await both()) assert.deepEqual(texts(body), ['second words']);
    resultOf(await call(app, 'POST', c, `moderation/${other.content_uuid}/enable`, mod.access_token));
    for (const body of await both()) assert.deepEqual(texts(body), ['rude words', 'second words']);
    resultOf(await call(app, 'DELETE', c, `comments/${other.content_uuid}`, mod.access_token)); // the author may not: moderation locked it
    for (const body of await both()) assert.deepEqual(texts(body), ['second words']);

    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_hidden: true }));
    for (const body of await both()) assert.deepEqual([texts(body), page(body).total_visible_content], [[], 0]);
    resultOf(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_hidden: true }));
    for (const body of await both()) assert.deepEqual(texts(body), ['second words']);
  });

  test('changes outside the event log show to a guest at once: a new name, a ban, its revocation, a ban running out', async (t) => {
    const app = await build(t);
    const [ada, bystander, mod] = [await signup(app, 'ada-before'), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const guest = () => asGuest(app, listUrl(c), bystander.access_token);
    await postComment(app, ada.access_token, c.content_container_uuid, 'by ada');
    const names = (body: string) => page(body).contents.map((x) => x.actor.name);
    assert.deepEqual(names(await guest()), ['ada-before']);

    resultOf(await app.inject({ method: 'PATCH', url: `/api/v2/users/${ada.user.uuid}`, headers: bearer(ada.access_token), payload: { name: 'ada-after' } }));
    assert.deepEqual(names(await guest()), ['ada-after']);

    const ban = (body: object) => app.inject({ method: 'POST', url: `/api/v2/users/${ada.user.uuid}/ban`, headers: bearer(mod.access_token), payload: { reason: 'test', ...body } });
    resultOf(await ban({ ban_level: 'hide', permanent: true }));
    assert.deepEqual(texts(await guest()), []);
    resultOf(await app.inject({ method: 'DELETE', url: `/api/v2/users/${ada.user.uuid}/ban`, headers: bearer(mod.access_token) }));
    assert.deepEqual(texts(await guest()), ['by ada']);

    // A ban that runs out changes nothing in the database: the cache must not outlive it.
    resultOf(await ban({ ban_level: 'ghost', duration_days: 1.5 / 86_400 }));
    assert.deepEqual(texts(await guest()), []);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    assert.deepEqual(texts(await guest()), ['by ada']);
  });

  test('a signed-in reader’s held comment and likes are theirs: in their list, never in a guest’s nor in the cache', async (t) => {
    const app = await build(t);
    const [ada, reader, bystander] = [await signup(app), await signup(app), await signup(app)];
    const c = await container(app);
    const visible = await postComment(app, ada.access_token, c.content_container_uuid, 'open words');
    await setSiteSettings(app, { enable_premoderation: true });
    const held = await postComment(app, reader.access_token, c.content_container_uuid, 'my held words');
    assert.equal(held.state, 'awaiting_moderation');
    resultOf(await call(app, 'POST', c, `comments/${visible.content_uuid}/like`, reader.access_token));

    const readerList = async () => page((await app.inject({ method: 'GET', url: listUrl(c), headers: bearer(reader.access_token) })).body);
    const own = await readerList();
    assert.deepEqual(own.contents.map((x) => [x.content, x.state, x.actions.liked]), [['my held words', 'awaiting_moderation', false], ['open words', 'visible', true]]);
    assert.equal(app.guestCache.size.entries, 0, 'a reader’s answer is never kept');

    const body = await asGuest(app, listUrl(c), bystander.access_token);
    assert.ok(!body.includes(held.content_uuid), 'the held comment is not in a guest’s answer');
    assert.deepEqual(page(body).contents.map((x) => [x.content, x.actions.liked, x.total_likes]), [['open words', false, 1]]);
    assert.deepEqual(await readerList(), own, 'the reader still gets their own list, not the guest’s');
  });

  test('the live blog’s posts and the chat’s messages are cached the same way', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'admin'), await signup(app)];
    const blog = await liveblog(app);
    await asGuest(app, listUrl(blog, 'liveblog', 'posts'), reader.access_token);
    await publish(app, editor.access_token, blog, 'breaking');
    assert.deepEqual(texts(await asGuest(app, listUrl(blog, 'liveblog', 'posts'), reader.access_token)), ['breaking']);

    const room = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}`, payload: { container_id: 'cached-chat' } }));
    await asGuest(app, listUrl(room, 'chat', 'messages'), reader.access_token);
    resultOf(await app.inject({ method: 'POST', url: listUrl(room, 'chat', 'messages'), headers: bearer(editor.access_token), payload: { content: 'hello room' } }));
    assert.deepEqual(texts(await asGuest(app, listUrl(room, 'chat', 'messages'), reader.access_token)), ['hello room']);
  });
});
