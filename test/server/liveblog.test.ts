/**
 * The live-blog service (docs/api.md "liveblog") on the content engine: editors publish rich
 * posts, readers reply, like and flag; pins, picks, moderation, live events, who may do what,
 * and bad input that stores nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment, CommentPage, Container, LiveblogWithPage } from '../../core/api/types.ts';
import { bearer, build, container, countRows, postComment, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { liveClient, refusal, setSiteSettings } from './comment-calls.ts';
import { lb, liveblog, posts, publish, replyTo } from './liveblog-calls.ts';

describe('live blog posts', () => {
  test('an editor publishes rich posts; readers get them newest first with author, role and type', async (t) => {
    const app = await build(t);
    const editor = await signupAs(app, 'mod');
    const c = await liveblog(app);
    const first = await publish(app, editor.access_token, c, 'Kick-off: **big** match\n\n- one\n- two');
    const second = await publish(app, editor.access_token, c, 'Goal! [report](https://example.com/r)');
    assert.equal(first.type, 'liveblog_post');
    assert.equal(first.actor.role, 'moderator');
    assert.equal(first.content, 'Kick-off: **big** match\n\n- one\n- two', 'the markup is stored as written');

    const page = await posts(app, c);
    assert.deepEqual(page.contents.map((p) => p.content_uuid), [second.content_uuid, first.content_uuid]);
    assert.deepEqual(page.pinned, []);
    assert.equal(page.contents[0]!.actor.name, editor.user.name);

    // The first load: the live blog and its first page in one call; unknown ids are 404.
    const loaded = resultOf<LiveblogWithPage>(await app.inject({ method: 'GET', url: `/api/liveblog/${SITE}`, query: { container_id: c.container_id, limit: '1' } }));
    assert.equal(loaded.content_container_uuid, c.content_container_uuid);
    assert.deepEqual(loaded.contents.map((p) => p.content_uuid), [second.content_uuid]);
    assert.equal(loaded.more_available, true);
    const next = await posts(app, c, undefined, `?limit=1&starting_from=${loaded.next_starting_from}`);
    assert.deepEqual(next.contents.map((p) => p.content_uuid), [first.content_uuid]);
    assert.equal(next.pinned, undefined, 'pinned posts come with the first page only');
    assert.equal((await app.inject({ method: 'GET', url: `/api/liveblog/${SITE}`, query: { container_id: 'nope' } })).statusCode, 404);
  });

  test('readers and guests cannot publish; a closed live blog takes no replies but editors still post', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'admin'), await signup(app)];
    const c = await liveblog(app);
    assert.deepEqual(refusal(await lb(app, 'POST', c, 'posts', undefined, { content: 'x' })).status, 401);
    assert.equal(refusal(await lb(app, 'POST', c, 'posts', reader.access_token, { content: 'x' })).status, 403);
    const post = await publish(app, editor.access_token, c, 'Live now');
    assert.equal(post.actor.role, 'admin');

    const closed = resultOf<Container>(await lb(app, 'PUT', c, '', editor.access_token, { is_closed: true }));
    assert.equal(closed.settings?.is_closed, true);
    assert.equal(refusal(await lb(app, 'PUT', c, '', reader.access_token, { is_closed: false })).status, 403);
    assert.equal(refusal(await lb(app, 'POST', c, `replies/${post.content_uuid}`, reader.access_token, { content: 'late' })).status, 403);
    await publish(app, editor.access_token, c, 'Full time');
    assert.equal((await posts(app, c)).contents.length, 2);
  });

  test('pinned posts sit apart on top of the first page; pin is PUT, unpin DELETE, editors only', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await liveblog(app);
    const a = await publish(app, editor.access_token, c, 'a');
    const b = await publish(app, editor.access_token, c, 'b');
    assert.equal(refusal(await lb(app, 'PUT', c, `posts/${a.content_uuid}/pin`, reader.access_token)).status, 403);
    const pinned = resultOf<Comment>(await lb(app, 'PUT', c, `posts/${a.content_uuid}/pin`, editor.access_token));
    assert.equal(pinned.is_pinned, true);
    let page = await posts(app, c);
    assert.deepEqual(page.pinned?.map((p) => p.content_uuid), [a.content_uuid]);
    assert.deepEqual(page.contents.map((p) => p.content_uuid), [b.content_uuid], 'a pinned post is not listed twice');
    resultOf(await lb(app, 'DELETE', c, `posts/${a.content_uuid}/pin`, editor.access_token));
    page = await posts(app, c);
    assert.deepEqual(page.pinned, []);
    assert.deepEqual(page.contents.map((p) => p.content_uuid), [b.content_uuid, a.content_uuid]);
  });
});

describe('live blog replies and reactions', () => {
  test('readers reply (oldest first, or newest), like, flag replies; counts and totals follow', async (t) => {
    const app = await build(t);
    const [editor, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const c = await liveblog(app);
    const post = await publish(app, editor.access_token, c, 'Question time');
    const r1 = await replyTo(app, ada.access_token, c, post.content_uuid, 'first!');
    const r2 = await replyTo(app, bob.access_token, c, r1.content_uuid, 'second');
    assert.equal(r1.type, 'reply_to_liveblog_post');
    assert.equal(r1.actor.role, undefined, 'readers show no role');
    assert.equal(r2.thread_uuid, post.content_uuid, 'a reply to a reply joins the post’s thread');

    const oldest = resultOf<CommentPage>(await lb(app, 'GET', c, `replies/${post.content_uuid}`));
    assert.deepEqual(oldest.contents.map((r) => r.content), ['first!', 'second']);
    assert.equal(oldest.total_visible_content, 2);
    const newest = resultOf<CommentPage>(await lb(app, 'GET', c, `replies/${post.content_uuid}?sorted_by=newest&limit=1`));
    assert.deepEqual(newest.contents.map((r) => r.content), ['second']);
    const rest = resultOf<CommentPage>(await lb(app, 'GET', c, `replies/${post.content_uuid}?sorted_by=newest&limit=1&starting_from=${newest.next_starting_from}`));
    assert.deepEqual(rest.contents.map((r) => r.content), ['first!']);
    assert.equal((await lb(app, 'GET', c, `replies/${r1.content_uuid}`)).statusCode, 404, 'replies are listed per post');
    assert.equal((await posts(app, c)).contents[0]!.total_replies, 2);
    assert.deepEqual(resultOf(await lb(app, 'GET', c, 'posts/visible/count')), { total_visible_content: 1 });

    const liked = resultOf<{ total_likes: number; liked: boolean }>(await lb(app, 'POST', c, `likes/${post.content_uuid}`, ada.access_token));
    assert.deepEqual([liked.total_likes, liked.liked], [1, true]);
    assert.equal((await lb(app, 'POST', c, `likes/${post.content_uuid}`)).statusCode, 401);
    resultOf(await lb(app, 'DELETE', c, `likes/${post.content_uuid}`, ada.access_token));
    assert.equal((await posts(app, c)).contents[0]!.total_likes, 0);

    assert.equal(refusal(await lb(app, 'POST', c, `replies/${r1.content_uuid}/flags`, ada.access_token)).status, 403, 'not one’s own');
    const flagged = resultOf<Comment>(await lb(app, 'POST', c, `replies/${r1.content_uuid}/flags`, bob.access_token));
    assert.equal(flagged.actions.flagged, true);
  });

  test('events go out live with the service’s content types', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await liveblog(app);
    const live = await liveClient(t, app, c);
    const post = await publish(app, editor.access_token, c, 'Breaking');
    let event = await live.nextEvent();
    assert.deepEqual([event.event, event.content_type, event.content?.content], ['created', 'liveblog_post', 'Breaking']);
    await replyTo(app, reader.access_token, c, post.content_uuid, 'wow');
    event = await live.nextEvent();
    assert.deepEqual([event.event, event.content_type], ['created', 'reply_to_liveblog_post']);
    resultOf(await lb(app, 'PUT', c, `posts/${post.content_uuid}/pin`, editor.access_token));
    assert.deepEqual([(event = await live.nextEvent()).event, event.content_type], ['pinned', 'liveblog_post']);
    resultOf(await lb(app, 'PUT', c, '', editor.access_token, { is_closed: true }));
    assert.deepEqual([(event = await live.nextEvent()).event, event.content_type], ['settings_changed', 'liveblog']);

    // A reader whose connection dropped catches up from the same log (docs/api.md "Catch-up").
    const missed = resultOf<{ events: { seq: number; content_type: string }[]; latest_seq: number }>(
      await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c.content_container_uuid}/events`, query: { after: '1' } }),
    );
    assert.deepEqual(missed.events.map((e) => [e.seq, e.content_type]), [[2, 'reply_to_liveblog_post'], [3, 'liveblog_post'], [4, 'liveblog']]);
    assert.equal(missed.latest_seq, 4);
  });
});

describe('live blog changes', () => {
  test('editors edit their posts after the readers’ edit window; readers edit and remove only their replies', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'mod'), await signup(app)];
    await setSiteSettings(app, { user_comment_edit_timeout: 1 });
    const c = await liveblog(app);
    const post = await publish(app, editor.access_token, c, 'Typo hre');
    const reply = await replyTo(app, reader.access_token, c, post.content_uuid, 'nice');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edited = resultOf<Comment>(await lb(app, 'POST', c, `content/${post.content_uuid}/edit`, editor.access_token, { content: 'Typo here' }));
    assert.deepEqual([edited.content, edited.is_edited], ['Typo here', true]);
    assert.equal(refusal(await lb(app, 'POST', c, `content/${reply.content_uuid}/edit`, reader.access_token, { content: 'nicer' })).status, 403, 'the window has passed');
    assert.equal(refusal(await lb(app, 'DELETE', c, `posts/${post.content_uuid}`, reader.access_token)).status, 403);
    assert.equal(refusal(await lb(app, 'POST', c, `content/${post.content_uuid}/edit`, reader.access_token, { content: 'mine now' })).status, 403);

    resultOf(await lb(app, 'POST', c, `moderation/${reply.content_uuid}/disable`, editor.access_token));
    assert.equal(resultOf<CommentPage>(await lb(app, 'GET', c, `replies/${post.content_uuid}`)).contents.length, 0);
    assert.deepEqual(resultOf(await lb(app, 'DELETE', c, `posts/${post.content_uuid}`, editor.access_token)), { content_uuid: post.content_uuid, state: 'deleted' });
    assert.deepEqual((await posts(app, c)).contents, []);
    assert.deepEqual(resultOf(await lb(app, 'GET', c, 'posts/visible/count')), { total_visible_content: 0 });
  });

  test('a page holds a conversation and a live blog apart: each service answers 404 for the other’s container', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const blog = await liveblog(app, 'same-page');
    const talk = await container(app, 'same-page');
    assert.notEqual(blog.content_container_uuid, talk.content_container_uuid);
    const post = await publish(app, editor.access_token, blog, 'post');
    await postComment(app, reader.access_token, talk.content_container_uuid, 'comment');
    assert.equal((await lb(app, 'GET', talk, 'posts')).statusCode, 404);
    assert.equal((await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${blog.content_container_uuid}/comments` })).statusCode, 404);
    assert.equal((await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${blog.content_container_uuid}/comments/${post.content_uuid}/like`, headers: bearer(reader.access_token) })).statusCode, 404);
    assert.equal((await posts(app, blog)).contents.length, 1);
  });

  test('bad input is refused with a clear message and stores nothing', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await liveblog(app);
    const before = await countRows(app, 'contents');
    const cases: [object, number, RegExp][] = [
      [{ content: '   ' }, 400, /empty/i],
      [{ content: 'x'.repeat(20001) }, 400, /too long/i],
      [{ content: '![kitten](media:5b0c1f7e-7d0e-4c4f-9a57-6f1d2f3a4b5c)' }, 400, /not one of this live blog/],
      [{ content: 'ok', anonymous_name: 'Ghost' }, 400, /anonymous/],
      [{ content: 42 }, 400, /content/],
      [{ content: 'ok', extra: true }, 400, /extra/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await lb(app, 'POST', c, 'posts', editor.access_token, payload);
      assert.equal(response.statusCode, status, JSON.stringify(payload));
      assert.match(refusal(response).message, message);
    }
    assert.equal((await lb(app, 'GET', c, 'posts?limit=0')).statusCode, 400);
    assert.equal((await lb(app, 'GET', c, 'replies/not-a-uuid')).statusCode, 400);
    assert.equal(await countRows(app, 'contents'), before);

    // Markup that could run script stays text: the stored words are what was typed, and a
    // javascript: link is not a link (core/text/richText.ts renders it as text).
    const post = await publish(app, editor.access_token, c, '[click](javascript:alert(1)) <img src=x onerror=alert(1)>');
    assert.equal(post.content, '[click](javascript:alert(1)) <img src=x onerror=alert(1)>');
    assert.equal(refusal(await lb(app, 'POST', c, `replies/${post.content_uuid}`, reader.access_token, { content: '' })).status, 400);
  });
});

describe('a live blog among the comments service’s reads', () => {
  test('live-blog replies are not in a reader’s recent comments, and live blogs do not trend as conversations', async (t) => {
    const app = await build(t);
    const [editor, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await liveblog(app);
    const post = await publish(app, editor.access_token, c, 'post');
    await replyTo(app, reader.access_token, c, post.content_uuid, 'a reply on the live blog');
    const talk = await container(app);
    await postComment(app, reader.access_token, talk.content_container_uuid, 'a comment');
    const recent = resultOf<CommentPage>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${reader.user.uuid}/recent` }));
    assert.deepEqual(recent.contents.map((x) => x.content), ['a comment']);
    const trending = resultOf<{ contents: Container[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/trending` }));
    assert.deepEqual(trending.contents.map((x) => x.content_container_uuid), [talk.content_container_uuid]);
  });
});
