import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, CommentPage, Container, SortOrder } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup } from './helpers.ts';

const base = (c: Container) => `/api/comments/${SITE}/${c.content_container_uuid}`;

async function like(app: FastifyInstance, token: string, c: Container, id: string, method: 'POST' | 'DELETE' = 'POST') {
  return resultOf<{ content_uuid: string; total_likes: number; liked: boolean }>(
    await app.inject({ method, url: `${base(c)}/comments/${id}/like`, headers: bearer(token) }),
  );
}

async function list(app: FastifyInstance, c: Container, query: Record<string, string>, token?: string): Promise<CommentPage> {
  return resultOf<CommentPage>(await app.inject({ method: 'GET', url: `${base(c)}/comments`, query, headers: bearer(token) }));
}

describe('containers', () => {
  test('created on first use, the same uuid the second time', async (t) => {
    const app = await build(t);
    const first = await container(app, 'article-42');
    const again = await container(app, 'article-42');
    const other = await container(app, 'article-43');
    assert.equal(first.content_container_uuid, again.content_container_uuid);
    assert.notEqual(first.content_container_uuid, other.content_container_uuid);
    assert.deepEqual(first, { ...first, container_id: 'article-42', section_uuid: SITE, total_visible_content: 0, settings: { is_hidden: false, is_closed: false, is_premoderated: false } });
  });
});

describe('comment lists', () => {
  test('keyset paging in every sort order: no duplicates, no gaps, same order as one big page', async (t) => {
    const app = await build(t);
    const [a, b, c] = [await signup(app), await signup(app), await signup(app)];
    const page = await container(app);
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push((await postComment(app, a.access_token, page.content_container_uuid, `comment ${i}`)).content_uuid);
    // Likes and replies with ties, so the tie-breaks matter.
    for (const [index, likers] of [[1, [a, b, c]], [4, [a, b]], [6, [b, c]], [7, [c]]] as const) {
      for (const liker of likers) await like(app, liker.access_token, page, ids[index]!);
    }
    for (const index of [2, 2, 5, 8]) await postComment(app, b.access_token, page.content_container_uuid, 'a reply', ids[index]);

    const picksFirst = (x: Comment) => -(Number(x.is_picked) * 1e13 + x.date_created);
    const primary: Record<SortOrder, (x: Comment) => number> = {
      newest: (x) => -x.date_created,
      oldest: (x) => x.date_created,
      num_likes_desc: (x) => -x.total_likes,
      num_replies_desc: (x) => -x.total_replies,
      newest_pick: picksFirst,
      featured: picksFirst,
    };
    for (const sorted_by of Object.keys(primary) as SortOrder[]) {
      const whole = await list(app, page, { sorted_by, limit: '100' });
      assert.equal(whole.contents.length, 9, 'replies are not top-level');
      assert.equal(whole.more_available, false);
      assert.equal(whole.next_starting_from, null);
      assert.equal(whole.total_visible_content, 13);
      const keys = whole.contents.map(primary[sorted_by]);
      assert.deepEqual(keys, [...keys].sort((x, y) => x - y), `${sorted_by} is sorted`);

      const paged: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: Record<string, string> = { sorted_by, limit: '4', reply_limit: '0' };
        if (cursor) query['starting_from'] = cursor;
        const result = await list(app, page, query);
        paged.push(...result.contents.map((x) => x.content_uuid));
        assert.equal(result.more_available, result.next_starting_from !== null);
        cursor = result.next_starting_from;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.deepEqual(paged, whole.contents.map((x) => x.content_uuid), `${sorted_by}: pages = the whole list`);
      assert.equal(new Set(paged).size, 9);
    }
    const likes = await list(app, page, { sorted_by: 'num_likes_desc', limit: '1' });
    assert.equal(likes.contents[0]?.content_uuid, ids[1]);
    assert.equal(likes.contents[0]?.total_likes, 3);
  });

  test('starting_from must be a top-level comment of this container', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const page = await container(app);
    const top = await postComment(app, me.access_token, page.content_container_uuid, 'top');
    const reply = await postComment(app, me.access_token, page.content_container_uuid, 'reply', top.content_uuid);
    const res = await app.inject({ method: 'GET', url: `${base(page)}/comments`, query: { starting_from: reply.content_uuid } });
    assert.equal(res.statusCode, 400);
  });
});

describe('replies', () => {
  test('join the thread; lists carry reply_limit replies oldest first; the direct endpoint pages the thread', async (t) => {
    const app = await build(t);
    const [a, b] = [await signup(app), await signup(app)];
    const page = await container(app);
    const top = await postComment(app, a.access_token, page.content_container_uuid, 'top');
    const r1 = await postComment(app, b.access_token, page.content_container_uuid, 'r1', top.content_uuid);
    const r2 = await postComment(app, a.access_token, page.content_container_uuid, 'r2', r1.content_uuid);
    const r3 = await postComment(app, b.access_token, page.content_container_uuid, 'r3', top.content_uuid);
    assert.equal(r1.thread_uuid, top.content_uuid);
    assert.equal(r2.thread_uuid, top.content_uuid, 'a reply to a reply joins the same thread');
    assert.equal(r2.parent_uuid, r1.content_uuid);
    assert.equal(r2.parent_actor_uuid, b.user.uuid);
    assert.equal(r2.actor.name, a.user.name);

    const listed = await list(app, page, { reply_limit: '2' });
    const [only] = listed.contents;
    assert.equal(listed.contents.length, 1);
    assert.equal(only?.total_replies, 3);
    assert.equal(only?.total_direct_replies, 2);
    assert.equal(only?.replies?.length, 2);

    const direct = (query: Record<string, string>) =>
      app.inject({ method: 'GET', url: `${base(page)}/content/${top.content_uuid}/direct`, query }).then((res) => resultOf<CommentPage>(res));
    const all = await direct({ limit: '100' });
    assert.deepEqual(new Set(all.contents.map((x) => x.content_uuid)), new Set([r1.content_uuid, r2.content_uuid, r3.content_uuid]));
    const created = all.contents.map((x) => x.date_created);
    assert.deepEqual(created, [...created].sort((x, y) => x - y), 'oldest first');
    assert.deepEqual(only?.replies?.map((x) => x.content_uuid), all.contents.slice(0, 2).map((x) => x.content_uuid));
    assert.equal(all.total_visible_content, 3);

    const first = await direct({ limit: '2' });
    assert.equal(first.more_available, true);
    const second = await direct({ limit: '2', starting_from: first.next_starting_from! });
    assert.equal(second.more_available, false);
    assert.deepEqual([...first.contents, ...second.contents].map((x) => x.content_uuid), all.contents.map((x) => x.content_uuid));

    const none = await list(app, page, { reply_limit: '0' });
    assert.deepEqual(none.contents[0]?.replies, []);
  });
});

describe('likes', () => {
  test('idempotent, counted, and actions.liked per viewer', async (t) => {
    const app = await build(t);
    const [a, b, c] = [await signup(app), await signup(app), await signup(app)];
    const page = await container(app);
    const top = await postComment(app, a.access_token, page.content_container_uuid, 'likeable');

    assert.deepEqual(await like(app, b.access_token, page, top.content_uuid), { content_uuid: top.content_uuid, total_likes: 1, liked: true });
    assert.equal((await like(app, b.access_token, page, top.content_uuid)).total_likes, 1, 'liking twice counts once');
    assert.equal((await like(app, c.access_token, page, top.content_uuid)).total_likes, 2);

    const seenBy = async (token?: string) => (await list(app, page, {}, token)).contents[0]!;
    assert.equal((await seenBy(b.access_token)).actions.liked, true);
    assert.equal((await seenBy(a.access_token)).actions.liked, false);
    assert.equal((await seenBy()).actions.liked, false);
    assert.equal((await seenBy()).total_likes, 2);

    assert.equal((await like(app, b.access_token, page, top.content_uuid, 'DELETE')).total_likes, 1);
    assert.equal((await like(app, b.access_token, page, top.content_uuid, 'DELETE')).total_likes, 1, 'unliking twice counts once');
    assert.equal((await seenBy(b.access_token)).actions.liked, false);
    assert.equal((await seenBy(c.access_token)).actions.liked, true);

    const guest = await app.inject({ method: 'POST', url: `${base(page)}/comments/${top.content_uuid}/like` });
    assert.equal(guest.statusCode, 401);
    const missing = await app.inject({ method: 'POST', url: `${base(page)}/comments/${crypto.randomUUID()}/like`, headers: bearer(a.access_token) });
    assert.equal(missing.statusCode, 404);
  });
});

describe('comment text', () => {
  test('HTML is stored and returned verbatim, as text', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const page = await container(app);
    const html = '<b>bold</b> <script>alert("x")</script> &amp; <img src=x onerror=alert(1)>';
    const posted = await postComment(app, me.access_token, page.content_container_uuid, html);
    assert.equal(posted.content, html);
    const stored = await app.db.selectFrom('contents').select('content').where('uuid', '=', posted.content_uuid).executeTakeFirstOrThrow();
    assert.equal(stored.content, html);
    assert.equal((await list(app, page, {})).contents[0]?.content, html);
  });

  test('is normalised on the way in', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const page = await container(app);
    const posted = await postComment(app, me.access_token, page.content_container_uuid, '  \r\nline one\u0007  \r\n\n\n\n\n\tline two\r\n  ');
    assert.equal(posted.content, 'line one\n\n\n\tline two');
  });
});
