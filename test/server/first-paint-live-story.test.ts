/**
 * GET /api/first-paint/vf-live-story (server/routes/firstPaint.ts, elements/vf-live-story/firstPage.ts):
 * the demo live blog's latest posts as the home page's story shows them, newest first, `limit` of
 * them; its "Follow the live blog" link only for an address on the site's domains (the loader sends
 * `href` resolved against the page); no structured data; nothing (204) for a container that is not a live blog.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_LIVEBLOG_ID } from '../../server/demo/liveblog.ts';
import { DEMO_CONVERSATION_ID } from '../../server/demo/conversation.ts';
import { buildWithDemoContent, resultOf } from './helpers.ts';
import type { Painted } from './first-paint-calls.ts';

const paint = (app: FastifyInstance, query: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/first-paint/vf-live-story', query: { domain: '127.0.0.1', container_id: DEMO_LIVEBLOG_ID, ...query } });

test("the live story is painted by its own component: the blog's latest posts, newest first, its limit of them", async (t) => {
  const { app } = await buildWithDemoContent(t);
  const painted = resultOf<Painted>(await paint(app, { title: 'Live: City Marathon 2026' }));
  const { html } = painted;
  assert.match(html, /^<section class="vf-live-story" part="base" aria-labelledby="[^"]+"><h2[^>]*>.*Live: City Marathon 2026<\/h2>/);
  assert.equal(html.match(/part="post"/g)?.length, 3, 'three posts by default');
  assert.ok(html.indexOf('30 km:') >= 0 && html.indexOf('30 km:') < html.indexOf('part="post"', html.indexOf('part="post"') + 1), 'the newest first');
  assert.equal(painted.structured_data, null);
  assert.match(painted.css, /\.vf-live-story/);
  assert.doesNotMatch(html, /<script/i);

  const one = resultOf<Painted>(await paint(app, { limit: '1' })).html;
  assert.equal(one.match(/part="post"/g)?.length, 1, 'limit="1"');
  assert.notEqual(resultOf<Painted>(await paint(app, { limit: '1' })).data_tag, painted.data_tag, 'another first page, another tag');
});

test('its link is painted only to the site\'s own pages, as the element shows it', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const follow = async (href: string) => /<a class="vf-live-story__follow" part="follow" href="([^"]*)"/.exec(resultOf<Painted>(await paint(app, { href })).html)?.[1] ?? null;
  assert.equal(await follow('http://127.0.0.1:8080/demo/liveblog.html'), 'http://127.0.0.1:8080/demo/liveblog.html');
  assert.equal(await follow('https://elsewhere.example/live'), null, 'not on the site\'s domains');
  assert.equal(await follow('javascript:alert(1)'), null);
});

test('a container that is not a live blog has no live story to paint', async (t) => {
  const { app } = await buildWithDemoContent(t);
  assert.equal((await paint(app, { container_id: DEMO_CONVERSATION_ID })).statusCode, 204);
  assert.equal((await paint(app, { container_id: 'no-such-blog' })).statusCode, 204);
  assert.equal((await paint(app, { domain: 'unknown.example' })).statusCode, 404, 'an unknown site');
});
