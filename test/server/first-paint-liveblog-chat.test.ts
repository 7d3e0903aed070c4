/**
 * GET /api/first-paint/vf-liveblog and /vf-livechat (server/routes/firstPaint.ts): the demo live
 * blog and chat rendered by the elements' own React components, escaped, with the live blog's
 * schema.org LiveBlogPosting and the chat's DiscussionForumPosting; nothing (204) for a container that
 * is not there (or of another kind); kept for guests and renewed by a new post or message.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_CHAT_ID, DEMO_CHAT_MESSAGES } from '../../server/demo/chat.ts';
import { DEMO_LIVEBLOG_ID } from '../../server/demo/liveblog.ts';
import { DEMO_CONVERSATION_ID } from '../../server/demo/conversation.ts';
import type { Comment } from '../../core/api/types.ts';
import { bearer, build, buildWithDemoContent, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { keptForTheNextGuest, type Painted } from './first-paint-calls.ts';
import { liveblog, publish } from './liveblog-calls.ts';


/** The loader's request; a field given as null is left out. */
const paint = (app: FastifyInstance, tag: 'vf-liveblog' | 'vf-livechat', query: Record<string, string | null> = {}) =>
  app.inject({
    method: 'GET', url: `/api/first-paint/${tag}`,
    query: Object.fromEntries(Object.entries({ domain: '127.0.0.1', ...query }).filter(([, value]) => value !== null)) as Record<string, string>,
  });

/** The text React writes for `text`. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const sendMessage = async (app: FastifyInstance, token: string, containerUuid: string, content: string) =>
  resultOf<Comment>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}/${containerUuid}/messages`, headers: bearer(token), payload: { content } }));

test('the demo live blog is painted by its own components: pinned post on top, rich text, guest actions, styles', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const painted = resultOf<Painted>(await paint(app, 'vf-liveblog', { container_id: DEMO_LIVEBLOG_ID }));
  const { html } = painted;
  assert.match(html, /^<section class="vf-liveblog" part="base" aria-label="Live blog">/);
  assert.equal(html.match(/part="post pinned-post"/g)?.length, 1, 'one pinned post');
  assert.equal(html.match(/part="post"/g)?.length, 5, 'the other five');
  assert.ok(html.indexOf('part="pinned"') < html.indexOf('part="list"'), 'the pinned post on top');
  assert.match(html, /<strong>Good morning from the start line!<\/strong>/, 'rich text as elements');
  assert.match(html, /<blockquote[^>]*>.*The crowd on the bridge is the loudest/);
  assert.ok(html.indexOf('30 km:') < html.indexOf('Good morning from the start line'), 'newest first');
  assert.match(html, /part="post-image"[^>]*src="http:\/\/localhost(:\d+)?\/|src="http:\/\/localhost(:\d+)?\/[^"]*"[^>]*part="post-image"/, 'the image on this server');
  assert.doesNotMatch(html, /part="editor-tools"|part="composer"/, 'a guest sees no editor tools');
  assert.doesNotMatch(html, /<script/i);
  assert.match(painted.css, /\.vf-post/, "the element's own stylesheet");
  assert.match(painted.data_tag, /^[0-9a-z]+\.[0-9a-z]+$/);
});

test('the live blog carries a schema.org LiveBlogPosting of its posts, as plain text', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const data = JSON.parse(JSON.stringify(resultOf<Painted>(await paint(app, 'vf-liveblog', { container_id: DEMO_LIVEBLOG_ID })).structured_data));
  assert.equal(data['@context'], 'https://schema.org');
  assert.equal(data['@type'], 'LiveBlogPosting');
  assert.equal(data.identifier, DEMO_LIVEBLOG_ID);
  const updates: any[] = data.liveBlogUpdate;
  assert.equal(updates.length, 6, 'the pinned post and the five others');
  for (const update of updates) {
    assert.equal(update['@type'], 'BlogPosting');
    assert.equal(update.author['@type'], 'Person');
    assert.match(update.author.name, /^Demo (Moderator|Admin)/);
    assert.ok(!Number.isNaN(Date.parse(update.datePublished)));
    assert.doesNotMatch(update.articleBody, /\*\*|\]\(|^- |^> |media:/m, 'no markup left');
  }
  const times = updates.map((update) => Date.parse(update.datePublished));
  assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first');
  assert.equal(data.coverageStartTime, updates.at(-1).datePublished, 'coverage starts with the first post');
  const first = updates.at(-1).articleBody;
  assert.ok(first.startsWith('Good morning from the start line! Twelve thousand runners'), first);
  const pinned = updates.find((update) => update.articleBody.startsWith('What you need to know'));
  assert.match(pinned.articleBody, /\n\nElite start 08:30, the last wave at 09:15\nRoads along the river/, 'a list item a line');
  assert.match(pinned.articleBody, /The full route and every closure: the city's race notice$/, "a link's words");
  const image = updates.find((update) => update.articleBody.includes('right on record pace'));
  assert.match(image.articleBody, /\n\nFour runners cross the river bridge past the 12 km marker$/, "an image's alt text");
});

test('the demo chat is painted oldest first with its quoted reply, and carries a DiscussionForumPosting', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const painted = resultOf<Painted>(await paint(app, 'vf-livechat', { container_id: DEMO_CHAT_ID }));
  const { html } = painted;
  assert.match(html, /^<section class="vf-livechat" part="base" aria-label="Live chat">/);
  assert.equal(html.match(/part="message"/g)?.length, DEMO_CHAT_MESSAGES.length);
  const at = DEMO_CHAT_MESSAGES.map((message) => html.indexOf(escaped(message.text)));
  assert.ok(at.every((index) => index > 0), 'every message');
  assert.deepEqual(at, [...at].sort((a, b) => a - b), 'oldest first');
  assert.match(html, /part="quote"><span class="vf-chat-quote__name">[^<]*Demo Reader[^<]*<\/span> <q>Does anyone know when the last wave/);
  assert.doesNotMatch(html, /<script/i);
  const data = JSON.parse(JSON.stringify(painted.structured_data));
  assert.equal(data['@type'], 'DiscussionForumPosting');
  assert.equal(data.identifier, DEMO_CHAT_ID);
  assert.equal(data.commentCount, DEMO_CHAT_MESSAGES.length);
  assert.deepEqual(data.comment.map((comment: any) => comment.text), DEMO_CHAT_MESSAGES.map((message) => message.text));
});

test('user text is escaped by React in both: markup in a post or a message never becomes an element', async (t) => {
  const app = await build(t);
  const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"';
  const editor = await signupAs(app, 'mod');
  const blog = await liveblog(app);
  await publish(app, editor.access_token, blog, evil);
  const chat = resultOf<{ content_container_uuid: string }>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}`, payload: { container_id: 'chat-evil' } }));
  const reader = await signup(app, 'mallory');
  await sendMessage(app, reader.access_token, chat.content_container_uuid, evil);
  for (const [tag, id] of [['vf-liveblog', blog.container_id], ['vf-livechat', 'chat-evil']] as const) {
    const { html } = resultOf<Painted>(await paint(app, tag, { domain: null, site_uuid: SITE, container_id: id }));
    assert.doesNotMatch(html, /<img src=x|<script/i, tag);
    assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &quot;quotes&quot;'), tag);
  }
  const blogData = resultOf<Painted>(await paint(app, 'vf-liveblog', { domain: null, site_uuid: SITE, container_id: blog.container_id })).structured_data!;
  assert.equal(blogData['liveBlogUpdate'][0].articleBody, evil, 'JSON keeps the text; the loader escapes < when it writes the script');
});

test('a missing container, or one of another kind, is nothing to paint (204), an unknown site a 404: the browser renders as before', async (t) => {
  const { app } = await buildWithDemoContent(t);
  assert.equal((await paint(app, 'vf-liveblog', { container_id: 'no-such-liveblog' })).statusCode, 204);
  assert.equal((await paint(app, 'vf-livechat', { container_id: 'no-such-chat' })).statusCode, 204);
  assert.equal((await paint(app, 'vf-liveblog', { container_id: DEMO_CHAT_ID })).statusCode, 204, 'a chat is no live blog');
  assert.equal((await paint(app, 'vf-livechat', { container_id: DEMO_CONVERSATION_ID })).statusCode, 204, 'a conversation is no chat');
  assert.equal((await paint(app, 'vf-livechat', { container_id: DEMO_CHAT_ID, domain: 'unknown.example' })).statusCode, 404);
});

test('kept for the next guest, and painted anew after a new post or message', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const editor = await signupAs(app, 'admin');
  const cases = [
    { tag: 'vf-liveblog' as const, id: DEMO_LIVEBLOG_ID, add: (uuid: string) => publish(app, editor.access_token, { content_container_uuid: uuid } as never, '**Finish:** a new course record!'), shows: '<strong>Finish:</strong> a new course record!' },
    { tag: 'vf-livechat' as const, id: DEMO_CHAT_ID, add: (uuid: string) => sendMessage(app, editor.access_token, uuid, 'And the record falls!'), shows: 'And the record falls!' },
  ];
  for (const { tag, id, add, shows } of cases) {
    const before = await keptForTheNextGuest(app, () => paint(app, tag, { container_id: id }), `${tag}: `);
    assert.ok(!before.html.includes(shows));
    await add(before.container_uuid);
    const after = resultOf<Painted>(await paint(app, tag, { container_id: id }));
    assert.ok(after.html.includes(shows), `${tag}: the new item is painted`);
    assert.notEqual(after.data_tag, before.data_tag, `${tag}: new data, new tag`);
  }
});

test("the element's attributes shape the paint: limit and region label", async (t) => {
  const { app } = await buildWithDemoContent(t);
  const blog = resultOf<Painted>(await paint(app, 'vf-liveblog', { container_id: DEMO_LIVEBLOG_ID, limit: '2', 'region-label': 'Race day' }));
  assert.equal(blog.html.match(/part="post"/g)?.length, 2, 'two posts besides the pinned one');
  assert.match(blog.html, /part="load-more"/);
  assert.match(blog.html, /aria-label="Race day"/);
  const chat = resultOf<Painted>(await paint(app, 'vf-livechat', { container_id: DEMO_CHAT_ID, limit: '3' }));
  assert.equal(chat.html.match(/part="message"/g)?.length, 3, 'the latest three');
  assert.ok(chat.html.includes(escaped(DEMO_CHAT_MESSAGES.at(-1)!.text)));
  assert.match(chat.html, /part="load-older"/);
});
