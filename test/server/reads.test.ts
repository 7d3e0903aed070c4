import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, CommentProfile, Container, ContainerWithPage, TrendingContainer } from '../../core/api/types.ts';
import { DEFAULT_SETTINGS, upsertSite } from '../../server/engine/sites.ts';
import { bearer, build, confirmedPage, container, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';

const OTHER_SITE = '0b7e4c2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d';
const base = (c: Container) => `/api/comments/${SITE}/${c.content_container_uuid}`;
const get = (app: FastifyInstance, url: string, query: Record<string, string> = {}, token?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, query, headers: { ...bearer(token), ...headers } });
const ids = (list: { content_uuid: string }[]) => list.map((c) => c.content_uuid);

async function pick(app: FastifyInstance, token: string, c: Container, id: string): Promise<void> {
  resultOf(await app.inject({ method: 'POST', url: `${base(c)}/comments/${id}/pick`, headers: bearer(token) }));
}

async function ban(app: FastifyInstance, token: string, userUuid: string, level: 'ghost' | 'hide'): Promise<void> {
  resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${userUuid}/ban`, headers: bearer(token), payload: { ban_level: level, reason: 'test', permanent: true } }));
}

/** Another site with one user on it. */
async function otherSiteUser(app: FastifyInstance): Promise<string> {
  await upsertSite(app.db, { uuid: OTHER_SITE, name: 'other', domains: ['other.example'], settings: { ...DEFAULT_SETTINGS } });
  const payload = { name: 'elsewhere', email: 'elsewhere@example.test', password: 'pw-elsewhere-1', section: OTHER_SITE };
  return resultOf<{ user: { uuid: string } }>(await app.inject({ method: 'POST', url: '/api/v2/users', payload })).user.uuid;
}

describe('GET and POST /{section}: the container', () => {
  test('POST creates once; GET returns it with its first page, shaped by limit, sort and filter', async (t) => {
    const app = await build(t);
    assert.equal((await get(app, `/api/comments/${SITE}`, { container_id: 'story-1' })).statusCode, 404, 'not created by a GET');
    const made = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/comments/${SITE}`, payload: { container_id: 'story-1' } }));
    const again = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/comments/${SITE}`, payload: { container_id: 'story-1' } }));
    assert.equal(again.content_container_uuid, made.content_container_uuid);
    assert.equal((await container(app, 'story-1')).content_container_uuid, made.content_container_uuid);
    assert.ok(made.signature);

    const [a, b] = [await signup(app), await signup(app)];
    const posted: string[] = [];
    for (let i = 0; i < 4; i++) posted.push((await postComment(app, a.access_token, made.content_container_uuid, `comment ${i}`)).content_uuid);
    await postComment(app, b.access_token, made.content_container_uuid, 'reply 1', posted[0]);
    await postComment(app, b.access_token, made.content_container_uuid, 'reply 2', posted[0]);
    const mod = await signupAs(app, 'mod');
    await pick(app, mod.access_token, made, posted[1]!);

    const first = resultOf<ContainerWithPage>(await get(app, `/api/comments/${SITE}`, { container_id: 'story-1', limit: '2', reply_limit: '1' }));
    assert.equal(first.content_container_uuid, made.content_container_uuid);
    assert.equal(first.signature, made.signature);
    assert.deepEqual(first.settings, made.settings);
    assert.equal(first.total_visible_content, 6);
    assert.deepEqual(ids(first.contents), [posted[3], posted[2]], 'newest first by default');
    assert.equal(first.more_available, true);
    assert.equal(first.next_starting_from, posted[2]);

    const oldest = resultOf<ContainerWithPage>(await get(app, `/api/comments/${SITE}`, { container_id: 'story-1', sorted_by: 'oldest', reply_limit: '1' }));
    assert.deepEqual(ids(oldest.contents), posted);
    assert.deepEqual(oldest.contents[0]!.replies!.map((r) => r.content), ['reply 1'], 'reply_limit replies, oldest first');

    const featured = resultOf<ContainerWithPage>(await get(app, `/api/comments/${SITE}`, { container_id: 'story-1', filtered_by: 'featured_threads' }));
    assert.deepEqual(ids(featured.contents), [posted[1]], "featured_threads: editor's picks only");
    const picksFirst = resultOf<ContainerWithPage>(await get(app, `/api/comments/${SITE}`, { container_id: 'story-1', sorted_by: 'newest_pick' }));
    assert.deepEqual(ids(picksFirst.contents), [posted[1], posted[3], posted[2], posted[0]], 'picks first, then newest');
  });

  test("a hidden container's count is for moderators only; it leaves trending", async (t) => {
    const app = await build(t);
    const c = await container(app, 'hidden-story');
    const [a, mod] = [await signup(app), await signupAs(app, 'mod')];
    await postComment(app, a.access_token, c.content_container_uuid, 'one');
    resultOf(await app.inject({ method: 'POST', url: `${base(c)}/settings`, headers: bearer(mod.access_token), payload: { is_hidden: true } }));
    const query = { container_id: 'hidden-story' };
    assert.equal(resultOf<ContainerWithPage>(await get(app, `/api/comments/${SITE}`, query)).total_visible_content, 0);
    assert.equal(resultOf<ContainerWithPage>(await get(app, `${base(c)}/comments`, {}, a.access_token)).total_visible_content, 0);
    assert.equal(resultOf<ContainerWithPage>(await get(app, `/api/comments/${SITE}`, query, mod.access_token)).total_visible_content, 1);
    assert.deepEqual(resultOf<{ contents: unknown[] }>(await get(app, `/api/comments/${SITE}/trending`)).contents, []);
  });

  test('bad input: 400 naming the field; unknown site 404', async (t) => {
    const app = await build(t);
    await container(app, 'story-2');
    const cases: [Record<string, string>, string][] = [
      [{}, 'container_id'],
      [{ container_id: 'story-2', sorted_by: 'random' }, 'sorted_by'],
      [{ container_id: 'story-2', filtered_by: 'mine' }, 'filtered_by'],
      [{ container_id: 'story-2', limit: '0' }, 'limit'],
      [{ container_id: 'story-2', limit: '101' }, 'limit'],
      [{ container_id: 'story-2', reply_limit: '-1' }, 'reply_limit'],
      [{ container_id: 'story-2', color: 'red' }, 'color'],
    ];
    for (const [query, field] of cases) {
      const response = await get(app, `/api/comments/${SITE}`, query);
      assert.equal(response.statusCode, 400, JSON.stringify(query));
      assert.match(response.json().message, new RegExp(field));
    }
    const sorted = await get(app, `${base(await container(app, 'story-2'))}/comments`, { sorted_by: 'best' });
    assert.equal(sorted.statusCode, 400, 'the list refuses an unknown sort too');
    assert.equal((await get(app, `/api/comments/${OTHER_SITE}`, { container_id: 'story-2' })).statusCode, 404);
    assert.equal((await app.inject({ method: 'POST', url: `/api/comments/${SITE}`, payload: { container_id: '' } })).statusCode, 400);
    assert.equal((await app.inject({ method: 'POST', url: `/api/comments/${SITE}`, payload: { container_id: 'x', is_hidden: true } })).statusCode, 400);
  });
});

describe('viewer-aware lists', () => {
  test("a hide-banned author's comments leave every list for readers; moderators still see them, with the reason", async (t) => {
    const app = await build(t);
    const c = await container(app);
    const [a, b] = [await signup(app), await signup(app)];
    const mod = await signupAs(app, 'mod');
    const kept = await postComment(app, a.access_token, c.content_container_uuid, 'kept');
    const hidden = await postComment(app, b.access_token, c.content_container_uuid, 'hidden');
    await ban(app, mod.access_token, b.user.uuid, 'hide');

    const guest = resultOf<{ contents: Comment[] }>(await get(app, `${base(c)}/comments`));
    assert.deepEqual(ids(guest.contents), [kept.content_uuid]);
    const selection = resultOf<{ contents: Comment[] }>(await get(app, `${base(c)}/selection`, { uuids: `${hidden.content_uuid},${kept.content_uuid}` }));
    assert.deepEqual(ids(selection.contents), [kept.content_uuid]);
    assert.equal((await get(app, `/api/comments/${SITE}/${b.user.uuid}/recent`)).statusCode, 404, 'a hidden user is unknown to readers');

    const seen = resultOf<{ contents: Comment[] }>(await get(app, `${base(c)}/comments`, {}, mod.access_token));
    assert.deepEqual(ids(seen.contents), [hidden.content_uuid, kept.content_uuid]);
    assert.deepEqual(seen.contents[0]!.state_reasons, ['actor_hide_banned']);
    const recent = resultOf<{ contents: Comment[] }>(await get(app, `/api/comments/${SITE}/${b.user.uuid}/recent`, {}, mod.access_token));
    assert.deepEqual(ids(recent.contents), [hidden.content_uuid]);
  });
});

describe('GET …/selection', () => {
  test('in the order asked, each once; unknown and other containers’ uuids left out; malformed lists refused', async (t) => {
    const app = await build(t);
    const [c, other] = [await container(app), await container(app)];
    const a = await signup(app);
    const [x, y] = [await postComment(app, a.access_token, c.content_container_uuid, 'x'), await postComment(app, a.access_token, c.content_container_uuid, 'y')];
    const elsewhere = await postComment(app, a.access_token, other.content_container_uuid, 'elsewhere');
    const unknown = '11111111-2222-4333-8444-555555555555';
    const result = resultOf<{ contents: Comment[] }>(
      await get(app, `${base(c)}/selection`, { uuids: [y.content_uuid, unknown, x.content_uuid, elsewhere.content_uuid, y.content_uuid.toUpperCase()].join(',') }, a.access_token),
    );
    assert.deepEqual(ids(result.contents), [y.content_uuid, x.content_uuid]);
    assert.equal(result.contents[0]!.content, 'y');
    for (const uuids of ['', 'not-a-uuid', `${x.content_uuid},`, Array(101).fill(x.content_uuid).join(',')]) {
      assert.equal((await get(app, `${base(c)}/selection`, { uuids })).statusCode, 400, uuids.slice(0, 40));
    }
    assert.equal((await get(app, `${base(c)}/selection`)).statusCode, 400, 'uuids is required');
  });
});

describe('GET /{section}/{user}/recent and /profile', () => {
  test("recent: the user's comments on the site, newest first, limit 5 by default", async (t) => {
    const app = await build(t);
    const [c1, c2] = [await container(app), await container(app)];
    const a = await signup(app);
    const posted: string[] = [];
    for (let i = 0; i < 7; i++) posted.push((await postComment(app, a.access_token, (i % 2 ? c1 : c2).content_container_uuid, `n${i}`)).content_uuid);
    const url = `/api/comments/${SITE}/${a.user.uuid}/recent`;
    const five = resultOf<{ contents: Comment[]; more_available: boolean }>(await get(app, url));
    assert.deepEqual(ids(five.contents), posted.slice(2).reverse());
    assert.equal(five.more_available, true);
    const all = resultOf<{ contents: Comment[]; more_available: boolean }>(await get(app, url, { limit: '100' }));
    assert.equal(all.contents.length, 7);
    assert.equal(all.more_available, false);
    for (const limit of ['0', '101', 'x']) assert.equal((await get(app, url, { limit })).statusCode, 400);
  });

  test('profile: comment counters; no email, even for the user; another site’s or an unknown user is not found', async (t) => {
    const app = await build(t);
    const c = await container(app);
    const [a, b] = [await signup(app), await signup(app)];
    const mine = await postComment(app, a.access_token, c.content_container_uuid, 'mine');
    await postComment(app, a.access_token, c.content_container_uuid, 'mine too');
    await postComment(app, b.access_token, c.content_container_uuid, 'a reply', mine.content_uuid);
    await postComment(app, a.access_token, c.content_container_uuid, 'replying to myself', mine.content_uuid);
    resultOf(await app.inject({ method: 'POST', url: `${base(c)}/comments/${mine.content_uuid}/like`, headers: bearer(b.access_token) }));

    const url = `/api/comments/${SITE}/${a.user.uuid}/profile`;
    const seen = resultOf<CommentProfile>(await get(app, url, {}, b.access_token));
    assert.deepEqual(
      { made: seen.comments_made, received: seen.comments_received, likes: seen.likes_received, liked: seen.likes_made },
      { made: 3, received: 1, likes: 1, liked: 0 },
    );
    assert.equal(seen.user.uuid, a.user.uuid);
    assert.equal(seen.user.email, undefined, 'no email for others');
    assert.equal(resultOf<CommentProfile>(await get(app, url, {}, a.access_token)).user.email, undefined, 'a public face: the user reads their email through users/current');
    assert.equal(resultOf<CommentProfile>(await get(app, `/api/comments/${SITE}/${b.user.uuid}/profile`)).likes_made, 1);

    const foreign = await otherSiteUser(app);
    for (const path of ['profile', 'recent']) {
      assert.equal((await get(app, `/api/comments/${SITE}/${foreign}/${path}`)).statusCode, 404, `${path}: another site's user`);
      assert.equal((await get(app, `/api/comments/${SITE}/11111111-2222-4333-8444-555555555555/${path}`)).statusCode, 404);
      assert.equal((await get(app, `/api/comments/${SITE}/not-a-uuid/${path}`)).statusCode, 400);
    }
  });

  test('a ghost-banned user: hidden from others, not from themselves or moderators', async (t) => {
    const app = await build(t);
    const c = await container(app);
    const [a, b] = [await signup(app), await signup(app)];
    const mod = await signupAs(app, 'mod');
    const ghost = await postComment(app, a.access_token, c.content_container_uuid, 'into the void');
    await ban(app, mod.access_token, a.user.uuid, 'ghost');
    const url = `/api/comments/${SITE}/${a.user.uuid}`;
    assert.equal((await get(app, `${url}/profile`, {}, b.access_token)).statusCode, 404);
    assert.equal(resultOf<CommentProfile>(await get(app, `${url}/profile`, {}, a.access_token)).user.uuid, a.user.uuid);
    assert.deepEqual(ids(resultOf<{ contents: Comment[] }>(await get(app, `${url}/recent`, {}, a.access_token)).contents), [ghost.content_uuid]);
    assert.deepEqual(ids(resultOf<{ contents: Comment[] }>(await get(app, `${base(c)}/comments`, {}, b.access_token)).contents), []);
    assert.deepEqual(ids(resultOf<{ contents: Comment[] }>(await get(app, `${base(c)}/comments`, {}, a.access_token)).contents), [ghost.content_uuid]);
    assert.equal(resultOf<CommentProfile>(await get(app, `${url}/profile`, {}, mod.access_token)).user.ban_level, 'ghost');
  });
});

describe('GET /{section}/trending and /trendingrecommended', () => {
  test('containers with recent visible comments, most visible content first, with their page', async (t) => {
    const app = await build(t);
    const [quiet, busy, empty] = [await container(app, 'quiet'), await container(app, 'busy'), await container(app, 'empty')];
    const a = await signup(app);
    await postComment(app, a.access_token, quiet.content_container_uuid, 'one');
    for (const text of ['one', 'two', 'three']) await postComment(app, a.access_token, busy.content_container_uuid, text);
    await confirmedPage(app, { url: 'http://localhost/busy', unique_id: 'busy', title: 'Busy story' });

    const list = resultOf<{ contents: TrendingContainer[] }>(await get(app, `/api/comments/${SITE}/trending`));
    assert.deepEqual(list.contents.map((x) => x.container_id), ['busy', 'quiet'], `no ${empty.container_id}: nothing recent`);
    assert.deepEqual(list.contents[0]!.page, { title: 'Busy story', url: 'http://localhost/busy', image_url: null, image_alt: null });
    assert.equal(list.contents[0]!.total_visible_content, 3);
    assert.equal(list.contents[1]!.page, null);
    assert.equal(resultOf<{ contents: TrendingContainer[] }>(await get(app, `/api/comments/${SITE}/trending`, { limit: '1' })).contents.length, 1);

    // date_time moves both windows: 4 hours on, the 3-hour comment window is empty; in seconds it reads the same.
    const later = Date.now() + 4 * 3_600_000;
    assert.deepEqual(resultOf<{ contents: unknown[] }>(await get(app, `/api/comments/${SITE}/trending`, { date_time: String(later) })).contents, []);
    const wider = { date_time: String(Math.floor(later / 1000)), content_window_hours: '5' };
    assert.equal(resultOf<{ contents: unknown[] }>(await get(app, `/api/comments/${SITE}/trending`, wider)).contents.length, 2);
    const before = { date_time: String(Date.now() - 60_000) };
    assert.deepEqual(resultOf<{ contents: unknown[] }>(await get(app, `/api/comments/${SITE}/trending`, before)).contents, [], 'containers opened after date_time');

    const refused: Record<string, string>[] = [{ limit: '0' }, { content_window_hours: '49' }, { content_container_window_days: '31' }, { sorted_by: 'newest' }, { date_time: 'yesterday' }];
    for (const query of refused) {
      assert.equal((await get(app, `/api/comments/${SITE}/trending`, query)).statusCode, 400, JSON.stringify(query));
    }
    assert.equal((await get(app, `/api/comments/${OTHER_SITE}/trending`)).statusCode, 404);
  });

  test('recommended needs the reader’s unique id and leaves out conversations the reader joined', async (t) => {
    const app = await build(t);
    const [mine, theirs] = [await container(app, 'mine'), await container(app, 'theirs')];
    const [a, b] = [await signup(app), await signup(app)];
    await postComment(app, a.access_token, mine.content_container_uuid, 'joined');
    await postComment(app, b.access_token, theirs.content_container_uuid, 'elsewhere');
    const url = `/api/comments/${SITE}/trendingrecommended`;
    assert.equal((await get(app, url)).statusCode, 400, 'no unique id');
    assert.equal((await get(app, url, {}, undefined, { 'x-unique-id': 'bad id!' })).statusCode, 400);
    const forA = resultOf<{ contents: TrendingContainer[] }>(await get(app, url, {}, a.access_token, { 'x-unique-id': 'visitor-1' }));
    assert.deepEqual(forA.contents.map((x) => x.container_id), ['theirs']);
    const forGuest = resultOf<{ contents: TrendingContainer[] }>(await get(app, url, {}, undefined, { 'x-unique-id': 'visitor-2' }));
    assert.equal(forGuest.contents.length, 2);
  });
});
