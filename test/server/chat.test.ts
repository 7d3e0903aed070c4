/**
 * The chat service (docs/api.md "chat") on the content engine: one stream oldest first with
 * history paging, replies, message rules (message.create/like/flag), slow mode, settings,
 * moderation, live events, and bad input that stores nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ChatPage, ChatWithPage, Comment, Container } from '../../core/api/types.ts';
import { bearer, build, countRows, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { liveClient, refusal, setSiteSettings } from './comment-calls.ts';

let counter = 0;

async function chat(app: FastifyInstance, containerId = `chat-${++counter}`): Promise<Container> {
  return resultOf<Container>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}`, payload: { container_id: containerId } }));
}

function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', c: Container, path: string, token?: string, payload?: object): Promise<LightMyRequestResponse> {
  const url = `/api/chat/${SITE}/${c.content_container_uuid}${path ? `/${path}` : ''}`;
  return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const send = async (app: FastifyInstance, token: string, c: Container, content: string) => resultOf<Comment>(await call(app, 'POST', c, 'messages', token, { content }));
const texts = (page: ChatPage) => page.contents.map((m) => m.content);

describe('chat messages', () => {
  test('one stream, oldest first, newest at the bottom; history pages back from the oldest shown', async (t) => {
    const app = await build(t);
    const [ada, bob] = [await signup(app), await signup(app)];
    const c = await chat(app);
    const first = await send(app, ada.access_token, c, 'one');
    await send(app, bob.access_token, c, 'two');
    const answer = resultOf<Comment>(await call(app, 'POST', c, `replies/${first.content_uuid}`, bob.access_token, { content: 'three, answering one' }));
    await send(app, ada.access_token, c, 'four');
    assert.equal(first.type, 'chat_message');
    assert.deepEqual([answer.type, answer.parent_uuid], ['chat_message', first.content_uuid]);

    const loaded = resultOf<ChatWithPage>(await app.inject({ method: 'GET', url: `/api/chat/${SITE}`, query: { container_id: `chat-${counter}`, limit: '2' } }));
    assert.deepEqual(texts(loaded), ['three, answering one', 'four'], 'the latest, oldest first: replies are in the stream');
    assert.equal(loaded.more_available, true);
    assert.equal(loaded.next_starting_from, answer.content_uuid, 'history continues before the oldest shown');
    const older = resultOf<ChatPage>(await call(app, 'GET', c, `messages?limit=2&starting_from=${loaded.next_starting_from}`));
    assert.deepEqual(texts(older), ['one', 'two']);
    assert.equal(older.more_available, false);
    assert.equal(loaded.settings?.slow_mode_seconds, 0);

    const picked = resultOf<{ contents: Comment[] }>(await call(app, 'GET', c, `messages/selection?uuids=${first.content_uuid}`));
    assert.deepEqual(picked.contents.map((m) => m.content), ['one'], 'a quoted message outside the window');
    assert.equal((await app.inject({ method: 'GET', url: `/api/chat/${SITE}`, query: { container_id: 'no-such-chat' } })).statusCode, 404);
  });

  test('message rules: guests 401, chat off 403, likes and flags by message.like / message.flag, events live', async (t) => {
    const app = await build(t);
    const [ada, bob] = [await signup(app), await signup(app)];
    const c = await chat(app);
    const live = await liveClient(t, app, c);
    assert.equal(refusal(await call(app, 'POST', c, 'messages', undefined, { content: 'hi' })).status, 401);
    const hi = await send(app, ada.access_token, c, 'hi');
    const created = await live.nextEvent();
    assert.deepEqual([created.event, created.content_type, created.content?.content], ['created', 'chat_message', 'hi']);

    const liked = resultOf<{ total_likes: number; liked: boolean }>(await call(app, 'POST', c, `messages/${hi.content_uuid}/like`, bob.access_token));
    assert.deepEqual([liked.total_likes, liked.liked], [1, true]);
    assert.equal((await live.nextEvent()).event, 'liked');
    assert.equal(refusal(await call(app, 'POST', c, `messages/${hi.content_uuid}/flag`, ada.access_token)).status, 403, 'not one’s own');
    assert.equal(resultOf<Comment>(await call(app, 'POST', c, `messages/${hi.content_uuid}/flag`, bob.access_token)).actions.flagged, true);

    await setSiteSettings(app, { enable_livechat: false });
    assert.equal(refusal(await call(app, 'POST', c, 'messages', ada.access_token, { content: 'still here?' })).status, 403);
  });

  test('bad input is refused with a clear message and stores nothing', async (t) => {
    const app = await build(t);
    const ada = await signup(app);
    const c = await chat(app);
    const before = await countRows(app, 'contents');
    for (const [payload, message] of [
      [{ content: ' \n ' }, /Message cannot be empty/],
      [{ content: 'x'.repeat(1001) }, /Message is too long \(maximum 1000 characters\)/],
      [{ content: 'hi', anonymous_name: 'Ghost' }, /anonymous/],
      [{ text: 'hi' }, /content/],
    ] as const) {
      const response = await call(app, 'POST', c, 'messages', ada.access_token, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.match(refusal(response).message, message);
    }
    assert.equal((await call(app, 'GET', c, 'messages?starting_from=5b0c1f7e-7d0e-4c4f-9a57-6f1d2f3a4b5c')).statusCode, 400);
    assert.equal((await call(app, 'GET', c, 'messages?limit=101')).statusCode, 400);
    assert.equal(await countRows(app, 'contents'), before);
  });
});

describe('chat settings and moderation', () => {
  test('slow mode paces readers (429 with Retry-After), not moderators; DELETE settings/edit turns it off', async (t) => {
    const app = await build(t);
    const [mod, ada] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await chat(app);
    assert.equal(refusal(await call(app, 'PUT', c, '', ada.access_token, { slow_mode_seconds: 30 })).status, 403);
    assert.equal((await call(app, 'PUT', c, '', mod.access_token, { slow_mode_seconds: 3601 })).statusCode, 400);
    const updated = resultOf<Container>(await call(app, 'PUT', c, '', mod.access_token, { slow_mode_seconds: 30 }));
    assert.equal(updated.settings?.slow_mode_seconds, 30);

    await send(app, ada.access_token, c, 'first');
    const paced = await call(app, 'POST', c, 'messages', ada.access_token, { content: 'second' });
    assert.equal(paced.statusCode, 429);
    assert.equal(paced.json().message, 'Slow mode is on: one message every 30 seconds');
    const wait = Number(paced.headers['retry-after']);
    assert.ok(wait > 25 && wait <= 30, `Retry-After ${wait}`);
    assert.equal(paced.json().retry_after, wait);
    await send(app, mod.access_token, c, 'mods are not paced');
    await send(app, mod.access_token, c, 'at all');

    const reset = resultOf<Container>(await call(app, 'DELETE', c, 'settings/edit', mod.access_token, { slow_mode_seconds: 0 }));
    assert.equal(reset.settings?.slow_mode_seconds, 0);
    await send(app, ada.access_token, c, 'second');
  });

  test('moderators disable and enable a message live; a closed chat takes no messages; premoderation holds readers’', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const c = await chat(app);
    const live = await liveClient(t, app, c);
    const rude = await send(app, ada.access_token, c, 'rude');
    await live.nextEvent();
    assert.equal(refusal(await call(app, 'POST', c, `moderation/${rude.content_uuid}/disable`, bob.access_token)).status, 403);
    resultOf(await call(app, 'POST', c, `moderation/${rude.content_uuid}/disable`, mod.access_token));
    const disabled = await live.nextEvent();
    assert.deepEqual([disabled.event, disabled.content], ['disabled', undefined], 'gone for readers, no text sent');
    assert.deepEqual(texts(resultOf<ChatPage>(await call(app, 'GET', c, 'messages', bob.access_token))), []);
    resultOf(await call(app, 'POST', c, `moderation/${rude.content_uuid}/enable`, mod.access_token));
    assert.equal((await live.nextEvent()).event, 'visible');

    resultOf(await call(app, 'PUT', c, '', mod.access_token, { is_closed: true }));
    assert.deepEqual([(await live.nextEvent()).content_type], ['chat']);
    assert.equal(refusal(await call(app, 'POST', c, 'messages', ada.access_token, { content: 'hello?' })).status, 403);
    resultOf(await call(app, 'DELETE', c, 'settings/edit', mod.access_token, { is_closed: true }));

    resultOf(await call(app, 'PUT', c, '', mod.access_token, { is_premoderated: true }));
    const held = await send(app, bob.access_token, c, 'wait for me');
    assert.equal(held.state, 'awaiting_moderation');
    assert.deepEqual(texts(resultOf<ChatPage>(await call(app, 'GET', c, 'messages', ada.access_token))), ['rude']);
  });

  test('a chat’s container is 404 to the comments and live-blog services, and theirs to the chat', async (t) => {
    const app = await build(t);
    const ada = await signup(app);
    const c = await chat(app, 'one-page');
    await send(app, ada.access_token, c, 'hi');
    assert.equal((await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c.content_container_uuid}/comments` })).statusCode, 404);
    assert.equal((await app.inject({ method: 'GET', url: `/api/liveblog/${SITE}/${c.content_container_uuid}/posts` })).statusCode, 404);
    const talk = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/comments/${SITE}`, payload: { container_id: 'one-page' } }));
    assert.equal((await call(app, 'GET', talk, 'messages')).statusCode, 404);
  });
});

describe('chat flood limit', () => {
  test('six times VF_POST_LIMIT messages a minute, counted apart from comments; the next is 429 and stores nothing', async (t) => {
    const app = await build(t, { VF_POST_LIMIT: '1' });
    const ada = await signup(app);
    const c = await chat(app);
    for (let i = 0; i < 6; i++) await send(app, ada.access_token, c, `message ${i}`);
    const before = await countRows(app, 'contents');
    const flooded = await call(app, 'POST', c, 'messages', ada.access_token, { content: 'one too many' });
    assert.equal(flooded.statusCode, 429);
    assert.match(flooded.json().message, /posting too fast/);
    assert.ok(Number(flooded.headers['retry-after']) > 0);
    assert.equal(await countRows(app, 'contents'), before);
    const talk = resultOf<Container>(await app.inject({ method: 'POST', url: `/api/comments/${SITE}`, payload: { container_id: 'flood-page' } }));
    const comment = await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${talk.content_container_uuid}/comments`, headers: bearer(ada.access_token), payload: { content: 'a comment' } });
    assert.equal(comment.statusCode, 200, 'comments keep their own quota');
  });
});
