/**
 * GET /api/first-paint/vf-conversations-count and …/vf-pull-quote (server/routes/firstPaint.ts):
 * each element painted by its own React component from the demo conversation, user text
 * escaped, in the page's language; nothing (204) without its container; kept for guests and painted
 * anew once a comment or a like changes what it shows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult, Container } from '../../core/api/types.ts';
import { DEMO_COMMENTERS, DEMO_CONVERSATION_ID, DEMO_THREADS } from '../../server/demo/conversation.ts';
import { bearer, build, buildWithDemoContent, container, postComment, resultOf, signup, signupAs, SITE } from './helpers.ts';
import type { Painted } from './first-paint-calls.ts';
import { call } from './comment-calls.ts';


const COUNT = 'vf-conversations-count';
const QUOTE = 'vf-pull-quote';
const SEEDED = DEMO_THREADS.reduce((n, thread) => n + 1 + (thread.replies?.length ?? 0), 0);

/** The loader's request for `tag`; a field given as null is left out. */
const paint = (app: FastifyInstance, tag: string, query: Record<string, string | null> = {}) =>
  app.inject({
    method: 'GET', url: `/api/first-paint/${tag}`,
    query: Object.fromEntries(Object.entries({ domain: '127.0.0.1', container_id: DEMO_CONVERSATION_ID, ...query }).filter(([, value]) => value !== null)) as Record<string, string>,
  });

/** The text React writes for `text`. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const like = async (app: FastifyInstance, token: string, c: Container | string, contentUuid: string) => {
  const uuid = typeof c === 'string' ? c : c.content_container_uuid;
  resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${uuid}/comments/${contentUuid}/like`, headers: bearer(token) }));
};

test('the count is painted by its own component: the number of visible comments, in the page language', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const painted = resultOf<Painted>(await paint(app, COUNT));
  assert.equal(painted.html, `<span class="vf-count" part="count">${SEEDED} comments</span>`);
  assert.equal(painted.structured_data, null);
  assert.match(painted.css, /\.vf-count/, "the element's own stylesheet");
  assert.equal(painted.locale, 'en-US');
  assert.match(painted.data_tag, /^[0-9a-z]+\.[0-9a-z]+$/);

  const french = resultOf<Painted>(await paint(app, COUNT, { lang: 'fr-fr' }));
  assert.equal(french.html, `<span class="vf-count" part="count">${SEEDED} commentaires</span>`);
  assert.equal(french.locale, 'fr-FR');
  assert.equal(resultOf<Painted>(await paint(app, COUNT, { lang: 'ar' })).dir, 'rtl');
});

test('the pull quote is painted by its own component: the most liked comment, its author, the heading, in the page language', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const mostLiked = [...DEMO_THREADS].sort((a, b) => (b.likedBy?.length ?? 0) - (a.likedBy?.length ?? 0))[0]!;
  const author = DEMO_COMMENTERS.find((commenter) => commenter.key === mostLiked.by)!.name;
  const painted = resultOf<Painted>(await paint(app, QUOTE, { type: 'likes', title: 'What readers say' }));
  assert.match(painted.html, /^<section class="vf-quote" part="base" aria-labelledby="([^"]+)"><h2 id="\1" class="vf-quote__title" part="title">What readers say<\/h2>/);
  const quoted = painted.html.match(/<blockquote[^>]*part="quote"[^>]*><p>(.*?)<\/p><\/blockquote>/)![1]!;
  assert.ok(quoted.endsWith('…') && quoted.length <= 150 + 20, 'cut at 150 characters');
  assert.ok(escaped(mostLiked.text).startsWith(quoted.slice(0, -1).trimEnd()), `the most liked comment: ${quoted}`);
  assert.ok(painted.html.includes(`<figcaption class="vf-quote__author" part="author">— ${escaped(author)}</figcaption>`));
  assert.match(painted.html, /part="link"[^>]*>Read the conversation<\/button>/, 'the page usually has its conversation');
  assert.doesNotMatch(painted.html, /<script|part="skeleton"/i);
  assert.equal(painted.structured_data, null, 'the quoted comment is in the conversation\'s own structured data');
  assert.match(painted.css, /\.vf-quote/);

  // The element's attributes shape it, as in the browser.
  const short = resultOf<Painted>(await paint(app, QUOTE, { 'max-characters': '20' }));
  assert.ok(short.html.includes('>Most liked comment</h2>'), 'the default heading');
  assert.equal(Array.from(short.html.match(/part="quote"[^>]*><p>(.*?)<\/p>/)![1]!).length <= 20, true);
  const replies = resultOf<Painted>(await paint(app, QUOTE, { type: 'replies' }));
  assert.ok(replies.html.includes('>Most discussed comment</h2>') && replies.html.includes('part="quote"'));
  assert.notEqual(replies.data_tag, painted.data_tag, 'another list, another tag');

  const french = resultOf<Painted>(await paint(app, QUOTE, { lang: 'fr-fr' }));
  assert.ok(french.html.includes('>Commentaire le plus aimé</h2>'));
  assert.ok(french.html.includes('>Lire la conversation</button>'));
  assert.equal(french.locale, 'fr-FR');
});

test("the quote's text and its author's name are escaped by React, never markup", async (t) => {
  const app = await build(t);
  const page = await container(app);
  const name = 'Zoë <b>"Bold"</b> & Co';
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name, email: 'zoe@example.test', password: 'pw-zoe-secret', section: SITE } }));
  const zoe = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'zoe@example.test', password: 'pw-zoe-secret', section: SITE } }));
  const text = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>';
  const comment = await postComment(app, zoe.access_token, page.content_container_uuid, text);
  await like(app, (await signup(app)).access_token, page, comment.content_uuid);
  const { html } = resultOf<Painted>(await paint(app, QUOTE, { domain: null, site_uuid: SITE, container_id: page.container_id }));
  assert.doesNotMatch(html, /<img|<script|<b>/i);
  assert.ok(html.includes(`<p>${escaped(text)}</p>`), html);
  assert.ok(html.includes(`— ${escaped(name)}</figcaption>`), html);
});

test('nothing to quote or count paints nothing, and a missing container is nothing to paint (204), an unknown site a 404', async (t) => {
  const app = await build(t);
  const page = await container(app);
  const query = { domain: null, site_uuid: SITE, container_id: page.container_id };
  assert.equal((await paint(app, COUNT, query)).statusCode, 204, 'no comments: no count to paint');
  const hits = app.guestCache.hits;
  assert.equal((await paint(app, COUNT, query)).statusCode, 204);
  assert.equal(app.guestCache.hits, hits + 1, 'nothing to paint is kept too: the next guest costs no render');
  assert.equal((await paint(app, QUOTE, query)).statusCode, 204, 'no liked comment: no quote to paint');
  const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
  const comment = await postComment(app, author.access_token, page.content_container_uuid, 'Worth quoting.');
  await like(app, mod.access_token, page, comment.content_uuid);
  assert.match(resultOf<Painted>(await paint(app, COUNT, query)).html, />1 comment</);
  assert.match(resultOf<Painted>(await paint(app, QUOTE, query)).html, />Worth quoting\.</);
  // A hidden conversation: a guest (the server paints a guest's view) sees neither.
  resultOf(await call(app, 'POST', page, 'settings', mod.access_token, { is_hidden: true }));
  assert.equal((await paint(app, COUNT, query)).statusCode, 204, 'hidden: no count');
  assert.equal((await paint(app, QUOTE, query)).statusCode, 204, 'hidden: no quote');
  for (const tag of [COUNT, QUOTE]) {
    assert.equal((await paint(app, tag, { ...query, container_id: 'no-such-page' })).statusCode, 204, tag);
    assert.equal((await paint(app, tag, { domain: 'unknown.example' })).statusCode, 404, tag);
  }
});

test('kept for the next guest, and painted anew when a comment changes the count or a like changes the quote', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const count = resultOf<Painted>(await paint(app, COUNT));
  const quote = resultOf<Painted>(await paint(app, QUOTE));
  const hits = app.guestCache.hits;
  assert.deepEqual([resultOf<Painted>(await paint(app, COUNT)), resultOf<Painted>(await paint(app, QUOTE))], [count, quote]);
  assert.equal(app.guestCache.hits, hits + 2, 'both kept answers served');

  const readers = [await signup(app), await signup(app), await signup(app), await signup(app), await signup(app), await signup(app), await signup(app)];
  const fresh = await postComment(app, readers[0]!.access_token, count.container_uuid, 'A new favourite, liked by everyone.');
  const recounted = resultOf<Painted>(await paint(app, COUNT));
  assert.equal(recounted.html, `<span class="vf-count" part="count">${SEEDED + 1} comments</span>`);
  assert.notEqual(recounted.data_tag, count.data_tag);

  const afterComment = resultOf<Painted>(await paint(app, QUOTE));
  // Seven likes: more than any demo comment has.
  for (const reader of readers) await like(app, reader.access_token, quote.container_uuid, fresh.content_uuid);
  const requoted = resultOf<Painted>(await paint(app, QUOTE));
  assert.ok(requoted.html.includes('<p>A new favourite, liked by everyone.</p>'), requoted.html);
  assert.notEqual(requoted.data_tag, afterComment.data_tag, 'the likes alone renewed it');
});
