/**
 * Trending for <vf-trending-articles> (docs/api.md "trending"): the reads trendingrecommended
 * learns from, what it leaves out and what it puts first. The list itself: reads.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { TrendingContainer } from '../../core/api/types.ts';
import { DEMO_STORIES } from '../../server/demo/trending.ts';
import { seed } from '../../server/demo/index.ts';
import { READS_KEPT, containersReadBy, recordRead } from '../../server/pages/pageReads.ts';
import { bearer, build, buildWithDemoContent, confirmedPage, container, countRows, postComment, resultOf, SITE, signup } from './helpers.ts';

const TRENDING = `/api/comments/${SITE}/trending`;
const RECOMMENDED = `/api/comments/${SITE}/trendingrecommended`;
const READS = `/api/comments/${SITE}/reads`;

/** A conversation with its page (on `topics`) and `comments` comments by `token`'s user. */
async function story(app: FastifyInstance, token: string, id: string, comments: number, topics: string[] = []): Promise<void> {
  await confirmedPage(app, { url: `http://localhost/${id}`, unique_id: id, title: `Story ${id}`, image_url: `http://localhost/${id}.jpg`, image_alt: `Picture of ${id}`, topics });
  const c = await container(app, id);
  for (let i = 0; i < comments; i++) await postComment(app, token, c.content_container_uuid, `comment ${i} on ${id}`);
}

const listed = async (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url, headers })).contents.map((c) => c.container_id);

const read = (app: FastifyInstance, visitor: string | undefined, payload: unknown) =>
  app.inject({ method: 'POST', url: READS, payload: payload as object, headers: visitor ? { 'x-unique-id': visitor } : {} });

describe('POST /{section}/reads', () => {
  test('records a read of a known conversation, under a hash of the visitor id; anything else stores nothing', async (t) => {
    const app = await build(t);
    const a = await signup(app);
    await story(app, a.access_token, 'known', 1);
    assert.deepEqual(resultOf(await read(app, 'visitor-1', { container_id: 'known' })), { recorded: true });
    assert.deepEqual(resultOf(await read(app, 'visitor-1', { container_id: 'known' })), { recorded: true }, 'again: still one read');
    assert.deepEqual(resultOf(await read(app, 'visitor-1', { container_id: 'no-such-story' })), { recorded: false });

    const refused: Array<[string | undefined, unknown]> = [
      [undefined, { container_id: 'known' }], ['bad id!', { container_id: 'known' }], ['visitor-2', {}],
      ['visitor-2', { container_id: '' }], ['visitor-2', { container_id: 'known', extra: 1 }],
    ];
    for (const [visitor, payload] of refused) {
      const response = await read(app, visitor, payload);
      assert.equal(response.statusCode, 400, JSON.stringify([visitor, payload]));
      assert.equal(typeof response.json().message, 'string');
    }
    const other = await app.inject({ method: 'POST', url: '/api/comments/0b7e4c2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d/reads', payload: { container_id: 'known' }, headers: { 'x-unique-id': 'visitor-1' } });
    assert.equal(other.statusCode, 404, 'an unknown site');

    const rows = await app.db.selectFrom('page_reads').selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.container_uuid, (await container(app, 'known')).content_container_uuid);
    assert.ok(!rows[0]!.visitor_key.includes('visitor-1'), 'the visitor id itself is not stored');
  });

  test(`keeps a visitor's latest ${READS_KEPT} reads`, async (t) => {
    const app = await build(t);
    for (let i = 0; i <= READS_KEPT; i++) await recordRead(app.db, SITE, 'busy-reader', `story-${i}`, 1_000 + i);
    await recordRead(app.db, SITE, 'other-reader', 'story-0', 5_000);
    const kept = await containersReadBy(app.db, SITE, 'busy-reader');
    assert.equal(kept.length, READS_KEPT);
    assert.equal(kept[0], `story-${READS_KEPT}`, 'newest first');
    assert.ok(!kept.includes('story-0'), 'the oldest went');
    assert.deepEqual(await containersReadBy(app.db, SITE, 'other-reader'), ['story-0'], "another visitor's reads are their own");
  });
});

describe('GET /{section}/trendingrecommended', () => {
  test('leaves out what the visitor read and, signed in, commented in; others still see them', async (t) => {
    const app = await build(t);
    const [writer, reader] = [await signup(app), await signup(app)];
    await story(app, writer.access_token, 'read-it', 4);
    await story(app, writer.access_token, 'joined-it', 2);
    await story(app, writer.access_token, 'fresh', 1);
    await postComment(app, reader.access_token, (await container(app, 'joined-it')).content_container_uuid, 'mine');
    resultOf(await read(app, 'reader-visitor', { container_id: 'read-it' }));

    assert.deepEqual(await listed(app, TRENDING), ['read-it', 'joined-it', 'fresh']);
    assert.deepEqual(await listed(app, RECOMMENDED, { 'x-unique-id': 'reader-visitor' }), ['joined-it', 'fresh'], 'a guest: reads left out');
    assert.deepEqual(await listed(app, RECOMMENDED, { 'x-unique-id': 'reader-visitor', ...bearer(reader.access_token) }), ['fresh']);
    assert.deepEqual(await listed(app, RECOMMENDED, { 'x-unique-id': 'someone-else' }), ['read-it', 'joined-it', 'fresh']);
  });

  test('puts pages on topics the reader follows first, each part in trending order, within the limit', async (t) => {
    const app = await build(t);
    const [writer, reader] = [await signup(app), await signup(app)];
    await story(app, writer.access_token, 'big-sport', 4, ['sport']);
    await story(app, writer.access_token, 'mid-politics', 3, ['politics', 'economy']);
    await story(app, writer.access_token, 'small-politics', 2, ['politics']);
    await story(app, writer.access_token, 'tiny-science', 1, ['science']);
    const follow = (topic: string) =>
      app.inject({ method: 'POST', url: `/api/v5/notifications/${SITE}/topics/${topic}`, headers: bearer(reader.access_token), payload: { topic_name: topic } });
    resultOf(await follow('politics'));
    resultOf(await follow('science'));

    const headers = { 'x-unique-id': 'topic-reader', ...bearer(reader.access_token) };
    assert.deepEqual(await listed(app, RECOMMENDED, headers), ['mid-politics', 'small-politics', 'tiny-science', 'big-sport']);
    assert.deepEqual(await listed(app, `${RECOMMENDED}?limit=2`, headers), ['mid-politics', 'small-politics']);
    assert.deepEqual(await listed(app, RECOMMENDED, { 'x-unique-id': 'topic-reader' }), ['big-sport', 'mid-politics', 'small-politics', 'tiny-science'], 'a guest follows nothing');
  });

  test('with_page=true keeps only conversations whose page is known, still within the limit', async (t) => {
    const app = await build(t);
    const writer = await signup(app);
    await story(app, writer.access_token, 'article-a', 2);
    await story(app, writer.access_token, 'article-b', 1);
    const pageless = await container(app, 'no-page');
    for (let i = 0; i < 3; i++) await postComment(app, writer.access_token, pageless.content_container_uuid, `busy ${i}`);
    assert.deepEqual(await listed(app, `${TRENDING}?limit=2`), ['no-page', 'article-a']);
    assert.deepEqual(await listed(app, `${TRENDING}?limit=2&with_page=true`), ['article-a', 'article-b']);
    assert.deepEqual(await listed(app, `${RECOMMENDED}?with_page=true`, { 'x-unique-id': 'v' }), ['article-a', 'article-b']);
    assert.equal((await app.inject({ method: 'GET', url: `${TRENDING}?with_page=maybe` })).statusCode, 400);
  });

  test('each item carries its page and opening time, and nothing more', async (t) => {
    const app = await build(t);
    const writer = await signup(app);
    const before = Date.now();
    await story(app, writer.access_token, 'shaped', 2);
    const [item] = resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url: RECOMMENDED, headers: { 'x-unique-id': 'v' } })).contents;
    assert.deepEqual(Object.keys(item!).sort(), ['container_id', 'content_container_uuid', 'date_created', 'page', 'section_uuid', 'settings', 'total_visible_content']);
    assert.deepEqual(item!.page, { title: 'Story shaped', url: 'http://localhost/shaped', image_url: 'http://localhost/shaped.jpg', image_alt: 'Picture of shaped' });
    assert.ok(item!.date_created >= before && item!.date_created <= Date.now());
  });
});

describe('the demo stories (server/demo/trending.ts)', () => {
  test('trend with their pages and pictures, most discussed first; seeding again adds nothing', async (t) => {
    const { app, dataDir } = await buildWithDemoContent(t);
    const url = `${TRENDING}?limit=100&content_container_window_days=30&content_window_hours=3`;
    const stories = resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url })).contents.filter((c) => c.container_id.startsWith('demo-trending-'));
    const byComments = [...DEMO_STORIES].sort((a, b) => b.comments.length - a.comments.length);
    assert.deepEqual(stories.map((c) => c.container_id), byComments.map((story) => story.id), 'most comments first');
    assert.deepEqual(stories.map((c) => c.total_visible_content), byComments.map((story) => story.comments.length));
    assert.deepEqual(stories[0]!.page, { title: DEMO_STORIES[0]!.title, url: 'http://127.0.0.1:8080/demo/trending.html?story=1', image_url: 'http://127.0.0.1:8080/demo/trending/tram.svg', image_alt: DEMO_STORIES[0]!.alt });
    assert.equal(stories.find((c) => c.container_id === 'demo-trending-story-5')!.page!.image_url, null, 'one story without a picture');
    const before = await Promise.all((['contents', 'containers', 'pages', 'events'] as const).map((table) => countRows(app, table)));
    await seed(app, { demoContent: { dataDir } });
    assert.deepEqual(await Promise.all((['contents', 'containers', 'pages', 'events'] as const).map((table) => countRows(app, table))), before);
  });
});
