/**
 * Anonymous comments (platform.md §5 "Anonymous commenting needs a non-empty anonymous name";
 * setting enable_anonymous_comments) and the posting rate limit (docs/server.md "Rate limits").
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment } from '../../core/api/types.ts';
import { build, container, postComment, resultOf, signup } from './helpers.ts';
import { call, list, liveClient, refusal, setSiteSettings } from './comment-calls.ts';

describe('anonymous comments', () => {
  test('a guest with a name posts and replies when the site allows it; the name is shown', async (t) => {
    const app = await build(t);
    const c = await container(app);
    const post = (body: object, path = 'comments', token?: string) => call(app, 'POST', c, path, token, body);
    assert.equal((await post({ content: 'hi', anonymous_name: 'Kim' })).statusCode, 401, 'off by default: guests log in');

    await setSiteSettings(app, { enable_anonymous_comments: true });
    const live = await liveClient(t, app, c);
    const posted = resultOf<Comment>(await post({ content: 'hello', anonymous_name: '  Kim \t Lee ' }));
    assert.deepEqual([posted.is_anonymous, posted.actor.name, posted.state], [true, 'Kim Lee', 'visible']);
    const event = await live.nextEvent();
    assert.deepEqual([event.content?.actor.name, event.content?.is_anonymous], ['Kim Lee', true]);
    const reply = resultOf<Comment>(await post({ content: 'me again', anonymous_name: 'Sam' }, `comments/${posted.content_uuid}`));
    assert.equal(reply.actor.name, 'Sam');
    const page = await list(app, c);
    assert.deepEqual(page.contents.map((x) => [x.actor.name, x.replies?.map((r) => r.actor.name)]), [['Kim Lee', ['Sam']]]);
    assert.equal(page.total_visible_content, 2);

    // Guests cannot change anonymous comments afterwards.
    assert.equal((await call(app, 'POST', c, `content/${posted.content_uuid}/edit`, undefined, { content: 'changed' })).statusCode, 401);
    assert.equal((await call(app, 'DELETE', c, `comments/${posted.content_uuid}`)).statusCode, 401);
  });

  test('refused: no name, a blank or too long name, a logged-in user giving one, commenting off', async (t) => {
    const app = await build(t);
    const c = await container(app);
    const user = await signup(app);
    await setSiteSettings(app, { enable_anonymous_comments: true });
    const post = (body: object, token?: string) => call(app, 'POST', c, 'comments', token, body);

    assert.equal((await post({ content: 'who am I' })).statusCode, 401);
    assert.deepEqual((await post({ content: 'x', anonymous_name: ' \u0007 ' })).json(), { error_status: 400, message: 'Anonymous name cannot be empty', field: 'anonymous_name' });
    assert.equal((await post({ content: 'x', anonymous_name: 'n'.repeat(51) })).statusCode, 400);
    assert.equal((await post({ content: 'x', anonymous_name: { name: 'Kim' } })).statusCode, 400);
    assert.deepEqual(refusal(await post({ content: 'x', anonymous_name: 'Kim' }, user.access_token)), { status: 400, message: 'anonymous_name is for guests; you are logged in' });
    await setSiteSettings(app, { enable_commenting: false });
    assert.deepEqual(refusal(await post({ content: 'x', anonymous_name: 'Kim' })), { status: 403, message: 'Commenting is disabled on this site' });
    assert.equal((await list(app, c)).total_visible_content, 0, 'nothing was stored');
  });
});

describe('posting rate limit', () => {
  test('5 posts a minute per user, then 429 with Retry-After; other users unaffected; the window slides', async (t) => {
    const app = await build(t, { VF_POST_LIMIT: '5' });
    const [fast, other] = [await signup(app), await signup(app)];
    const c = await container(app);
    let now = Date.now();
    app.postLimiter.now = () => now;
    for (let i = 1; i <= 5; i++) await postComment(app, fast.access_token, c.content_container_uuid, `post ${i}`);
    const refused = await call(app, 'POST', c, 'comments', fast.access_token, { content: 'one too many' });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '60');
    assert.equal(refused.json().message, 'You are posting too fast. Try again in 60 seconds.');
    await postComment(app, other.access_token, c.content_container_uuid, 'not me');
    assert.equal((await list(app, c)).total_visible_content, 6, 'the refused post was not stored');
    now += 60_001;
    await postComment(app, fast.access_token, c.content_container_uuid, 'a minute later');
  });

  test('anonymous guests are limited per IP', async (t) => {
    const app = await build(t, { VF_POST_LIMIT: '2' });
    await setSiteSettings(app, { enable_anonymous_comments: true });
    const c = await container(app);
    const post = (ip: string) => app.inject({ method: 'POST', url: `/api/comments/${c.section_uuid}/${c.content_container_uuid}/comments`, remoteAddress: ip, payload: { content: 'hi', anonymous_name: 'Kim' } });
    assert.deepEqual([(await post('10.0.0.1')).statusCode, (await post('10.0.0.1')).statusCode, (await post('10.0.0.1')).statusCode], [200, 200, 429]);
    assert.equal((await post('10.0.0.2')).statusCode, 200);
  });
});
