/**
 * GET /api/first-paint/:tag (server/routes/firstPaint.ts): the demo conversation rendered by the
 * element's own React components, escaped and without script, with its styles and schema.org
 * structured data; kept for guests and renewed by the event log; errors that send the browser
 * back to its own rendering.
 */
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_CONVERSATION_ID, DEMO_THREADS } from '../../server/demo/conversation.ts';
import { build, buildWithDemoContent, container, postComment, resultOf, signup, SITE } from './helpers.ts';
import { keptForTheNextGuest, type Painted } from './first-paint-calls.ts';
import { MAX_RENDERS } from '../../server/routes/firstPaint.ts';


/** The loader's request; a field given as null is left out. */
const paint = (app: FastifyInstance, query: Record<string, string | null> = {}, tag = 'vf-conversations', headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET', url: `/api/first-paint/${tag}`, headers,
    query: Object.fromEntries(Object.entries({ domain: '127.0.0.1', container_id: DEMO_CONVERSATION_ID, ...query }).filter(([, value]) => value !== null)) as Record<string, string>,
  });

/** The text React writes for `text` (what the page shows after the browser decodes it). */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

test('the demo conversation is painted by its own components: heading, comments, replies, guest login, styles', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const painted = resultOf<Painted<Record<string, any>>>(await paint(app));
  const { html } = painted;
  assert.match(html, /^<section class="vf-conversations" part="base" aria-label="Comments">/);
  assert.match(html, /<h2 class="vf-heading" part="heading">14 comments<\/h2>/);
  assert.match(html, /part="guest-login"[^>]*>.*Log in<\/button>.*Sign up<\/button>/);
  // The first page as the element shows it: newest first, 2 replies under each thread (its defaults).
  const threads = [...DEMO_THREADS].sort((a, b) => a.ago - b.ago);
  for (const thread of threads) assert.ok(html.includes(escaped(thread.text)), `thread "${thread.text.slice(0, 30)}…"`);
  assert.ok(html.indexOf(escaped(threads[0]!.text)) < html.indexOf(escaped(threads[1]!.text)), 'newest first');
  const firstReply = DEMO_THREADS[0]!.replies![0]!;
  assert.ok(html.includes(escaped(firstReply.text)), 'replies are in');
  assert.doesNotMatch(html, /<script/i);
  // No inline style a strict Content-Security-Policy would refuse: the loader sets it through CSSOM.
  assert.doesNotMatch(html, /<[^>]* style="/);
  assert.match(html, /part="ad-space" data-vf-style="max-width:100%;width:300px;height:250px;overflow:hidden"/);
  assert.match(painted.shared_css!, /--vf-color-accent/, 'the design tokens');
  assert.match(painted.shared_css!, /\.vf-button/, 'the shared UI');
  // A vf element the painted markup holds (a poll in a live-blog post) has its box before it is defined.
  assert.match(painted.shared_css!, /vf-poll:not\(:defined\)\{display:block;min-height:/, 'the nested elements\' boxes');
  assert.match(painted.css, /\.vf-comment/, "the element's own stylesheet");
  assert.doesNotMatch(painted.css, /--vf-color-accent:/);
  // A page whose first answer brought the shared sheets asks for the others without them.
  const lean = resultOf<Painted<Record<string, any>>>(await paint(app, { shared: '0' }));
  assert.equal(lean.shared_css, undefined);
  assert.equal(lean.html, html);
  assert.equal(painted.locale, 'en-US');
  assert.equal(painted.dir, 'ltr');
  assert.match(painted.data_tag, /^[0-9a-z]+\.[0-9a-z]+$/);
});

test('the structured data parses as a schema.org DiscussionForumPosting with its comments and replies', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const response = await paint(app);
  const data = JSON.parse(JSON.stringify(resultOf<Painted<Record<string, any>>>(response).structured_data));
  assert.equal(data['@context'], 'https://schema.org');
  assert.equal(data['@type'], 'DiscussionForumPosting');
  assert.equal(data.identifier, DEMO_CONVERSATION_ID);
  assert.equal(data.commentCount, 14);
  assert.equal(data.comment.length, DEMO_THREADS.length);
  for (const comment of data.comment) {
    assert.equal(comment['@type'], 'Comment');
    assert.equal(comment.author['@type'], 'Person');
    assert.ok(comment.author.name);
    assert.ok(DEMO_THREADS.some((thread) => thread.text === comment.text));
    assert.ok(!Number.isNaN(Date.parse(comment.datePublished)));
    assert.equal(comment.interactionStatistic.interactionType, 'https://schema.org/LikeAction');
  }
  const withReplies = data.comment.find((comment: any) => comment.text === DEMO_THREADS[0]!.text);
  assert.deepEqual(withReplies.comment.map((reply: any) => reply.text), DEMO_THREADS[0]!.replies!.slice(0, 2).map((reply) => reply.text));
  assert.equal(withReplies.interactionStatistic.userInteractionCount, DEMO_THREADS[0]!.likedBy!.length);
});

test('user text is escaped by React: markup in a comment shows as text and never becomes an element', async (t) => {
  const app = await build(t);
  const { content_container_uuid: uuid, container_id: id } = await container(app);
  const author = await signup(app, 'mallory');
  await postComment(app, author.access_token, uuid, '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"');
  const { html, structured_data: data } = resultOf<Painted<Record<string, any>>>(await paint(app, { domain: null, site_uuid: SITE, container_id: id }));
  assert.doesNotMatch(html, /<img src=x|<script/i);
  assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &quot;quotes&quot;'));
  assert.equal(data.comment[0].text, '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"', 'JSON keeps the text; the loader escapes < when it writes the script');
});

test('kept for the next guest, and painted anew once the conversation changes', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const before = await keptForTheNextGuest(app, () => paint(app));

  const reader = await signup(app);
  await postComment(app, reader.access_token, before.container_uuid, 'Fresh from the riverside this morning.');
  const after = resultOf<Painted<Record<string, any>>>(await paint(app));
  assert.ok(after.html.includes('Fresh from the riverside this morning.'));
  assert.match(after.html, /15 comments/);
  assert.notEqual(after.data_tag, before.data_tag, 'new data, new tag');
});

test("the element's attributes, the page's language and the loader's origin shape the paint", async (t) => {
  const { app } = await buildWithDemoContent(t);
  const two = resultOf<Painted<Record<string, any>>>(await paint(app, { limit: '2', 'reply-limit': '0', 'region-label': 'Reader comments', unknown: 'ignored' }));
  assert.equal(two.html.match(/part="comment"/g)?.length, 2, 'two threads, no replies');
  assert.match(two.html, /aria-label="Reader comments"/);
  assert.match(two.html, /part="load-more"/);

  const french = resultOf<Painted<Record<string, any>>>(await paint(app, { lang: 'fr-fr' }));
  assert.match(french.html, /14 commentaires/);
  assert.equal(french.locale, 'fr-FR');
  const arabic = resultOf<Painted<Record<string, any>>>(await paint(app, { lang: 'ar' }));
  assert.equal(arabic.dir, 'rtl');

  // Pictures stored by the server are addressed on its origin as the page reaches it.
  const plain = resultOf<Painted<Record<string, any>>>(await paint(app, {}, undefined, { host: 'comments.example.test' }));
  assert.match(plain.html, /<img src="http:\/\/comments\.example\.test\/avatars\//);
  const secure = resultOf<Painted<Record<string, any>>>(await paint(app, { origin: 'https://comments.example.test' }, undefined, { host: 'comments.example.test' }));
  assert.match(secure.html, /<img src="https:\/\/comments\.example\.test\/avatars\//);
  const elsewhere = resultOf<Painted<Record<string, any>>>(await paint(app, { origin: 'https://evil.example' }, undefined, { host: 'comments.example.test' }));
  assert.doesNotMatch(elsewhere.html, /evil\.example/, 'only the scheme is taken from the loader');
});

test('sent gzipped to a browser that takes gzip', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const zipped = await paint(app, {}, undefined, { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.ok(zipped.rawPayload.length < 12 * 1024, `${zipped.rawPayload.length} bytes`);
  const plain = await paint(app);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.deepEqual(JSON.parse(gunzipSync(zipped.rawPayload).toString()), plain.json());
});

test('what cannot be painted is a 204 (nothing there yet), a 404 or a 400, and the browser renders as before', async (t) => {
  const { app } = await buildWithDemoContent(t);
  assert.equal((await paint(app, {}, 'vf-tray')).statusCode, 404);
  assert.equal((await paint(app, { container_id: 'no-such-page' })).statusCode, 204, 'a conversation not started yet: nothing to paint');
  assert.equal((await paint(app, { domain: 'unknown.example' })).statusCode, 404);
  assert.equal((await paint(app, { container_id: '' })).statusCode, 400);
  assert.equal((await paint(app, { limit: 'x'.repeat(501) })).statusCode, 400);
  // A bad attribute value takes the element's default, as in the browser.
  assert.equal(resultOf<Painted<Record<string, any>>>(await paint(app, { limit: 'lots' })).html, resultOf<Painted<Record<string, any>>>(await paint(app)).html);
});

test('VF_FIRST_PAINT=0 turns the route off', async (t) => {
  const { app } = await buildWithDemoContent(t, { VF_FIRST_PAINT: '0' });
  assert.equal((await paint(app)).statusCode, 404);
});

test('the conversation starter is painted too: its title, description and count, the way to the conversation', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const { html } = resultOf<Painted<Record<string, any>>>(await paint(app, { title: 'Plant <more>?', description: 'Tell the city.', 'minimum-comment-count': '1' }, 'vf-conversation-starter'));
  assert.match(html, /<h2 [^>]*part="title">Plant &lt;more&gt;\?<\/h2>/);
  assert.match(html, /part="description">Tell the city\.<\/p>/);
  assert.match(html, /part="count">14 comments<\/p>/);
  assert.match(html, /part="button"[^>]*>Join the conversation<\/button>/);
  // More comments wanted than the conversation has: the starter shows nothing.
  assert.equal((await paint(app, { 'minimum-comment-count': '50' }, 'vf-conversation-starter')).statusCode, 204);
});

test('a flood of new first paints is turned away with 503 (the browser renders), not queued', async (t) => {
  const { app } = await buildWithDemoContent(t);
  // Distinct keys (the origin's host is part of one): each would be a render of its own.
  const answers = await Promise.all(Array.from({ length: MAX_RENDERS * 3 }, (_, i) => paint(app, {}, undefined, { host: `h${i}.example.test` })));
  const statuses = answers.map((answer) => answer.statusCode);
  assert.ok(statuses.every((status) => status === 200 || status === 503), statuses.join());
  assert.ok(statuses.includes(503), 'some are turned away');
  assert.ok(statuses.filter((status) => status === 200).length >= MAX_RENDERS, 'as many as may render are rendered');
  assert.equal((await paint(app, {}, undefined, { host: 'h0.example.test' })).statusCode, 200, 'once the flood is over');
});
