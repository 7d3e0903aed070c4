/**
 * The demo live blog (server/demo/liveblog.ts): what `npm start` seeds in demo mode for
 * demo/liveblog.html, read back through the public API; a second start adds nothing; outside
 * demo mode nothing is seeded.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { CommentPage, LiveblogWithPage } from '../../core/api/types.ts';
import { type Block, type Inline, parseRichText } from '../../core/text/richText.ts';
import { DEMO_LIVEBLOG_ID, DEMO_LIVEBLOG_IMAGE, DEMO_READER } from '../../server/demo/liveblog.ts';
import { DEMO_ACCOUNTS, seed } from '../../server/demo/index.ts';
import { buildWithDemoContent, countRows, resultOf, SITE } from './helpers.ts';

const load = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api/liveblog/${SITE}`, query: { container_id: DEMO_LIVEBLOG_ID, limit: '100' } });

/** Every block and inline node type of a post's rich text. */
function markupOf(text: string): Set<string> {
  const types = new Set<string>();
  const inline = (nodes: Inline[]): void => nodes.forEach((node) => {
    types.add(node.type);
    if ('children' in node) inline(node.children);
  });
  for (const block of parseRichText(text) as Block[]) {
    types.add(block.type === 'card' ? `card:${block.kind}` : block.type);
    if ('children' in block) inline(block.children);
    if (block.type === 'list') block.items.forEach(inline);
  }
  return types;
}

test('demo mode: a running live blog for demo-liveblog, rich posts by the demo editors, one pinned, an image, replies by a reader', async (t) => {
  const { app } = await buildWithDemoContent(t);
  const blog = resultOf<LiveblogWithPage>(await load(app));
  const posts = [...(blog.pinned ?? []), ...blog.contents];
  assert.equal(blog.pinned?.length, 1, 'one pinned post, on top');
  assert.ok(blog.contents.length >= 4, 'several posts besides it');
  assert.equal(blog.total_visible_content, posts.length + 2, 'the counter counts the posts and the two replies');
  const dates = blog.contents.map((post) => post.date_created);
  assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'newest first');

  const editors = new Map(DEMO_ACCOUNTS.map((account) => [account.name, account.user_privilege === 'admin' ? 'admin' : 'moderator']));
  for (const post of posts) {
    assert.equal(post.type, 'liveblog_post');
    assert.equal(post.state, 'visible');
    assert.equal(post.actor.role, editors.get(post.actor.name), `${post.actor.name} posts as an editor`);
  }
  assert.deepEqual(new Set(posts.map((post) => post.actor.role)), new Set(['moderator', 'admin']), 'both demo editors post');

  // The rich text of docs/api.md: bold, italic, a list, a quote, links, a video card, an image.
  const markup = new Set(posts.flatMap((post) => [...markupOf(post.content)]));
  for (const type of ['bold', 'italic', 'list', 'quote', 'link', 'card:video', 'image', 'paragraph']) assert.ok(markup.has(type), `some post has ${type}`);

  // The image: a real PNG uploaded to this live blog, served with its type and size.
  const withImage = posts.filter((post) => post.media?.length);
  assert.equal(withImage.length, 1);
  const [media] = withImage[0]!.media!;
  assert.deepEqual([media!.content_type, media!.width, media!.height], ['image/png', 640, 360]);
  assert.ok(withImage[0]!.content.includes(`(media:${media!.media_uuid})`));
  const file = await app.inject({ method: 'GET', url: media!.url });
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['content-type'], 'image/png');
  assert.deepEqual(file.rawPayload, readFileSync(DEMO_LIVEBLOG_IMAGE));

  // Two replies by the demo reader, under two posts, through the replies call.
  const answered = posts.filter((post) => post.total_replies > 0);
  assert.equal(answered.length, 2);
  for (const post of answered) {
    const replies = resultOf<CommentPage>(await app.inject({ method: 'GET', url: `/api/liveblog/${SITE}/${blog.content_container_uuid}/replies/${post.content_uuid}` }));
    assert.equal(replies.contents.length, 1);
    const [reply] = replies.contents;
    assert.equal(reply!.type, 'reply_to_liveblog_post');
    assert.equal(reply!.actor.name, DEMO_READER.name);
    assert.equal(reply!.actor.role, undefined, 'a reader has no role');
  }

  // The event log has every post, pin and reply (catch-up starts from the live blog's history).
  const events = resultOf<{ events: { event: string; content_type: string }[]; latest_seq: number }>(
    await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${blog.content_container_uuid}/events`, query: { after: '0', limit: '200' } }));
  assert.equal(events.events.filter((e) => e.event === 'created' && e.content_type === 'liveblog_post').length, posts.length);
  assert.equal(events.events.filter((e) => e.event === 'created' && e.content_type === 'reply_to_liveblog_post').length, 2);
  assert.equal(events.events.filter((e) => e.event === 'pinned').length, 1);
  assert.equal(blog.latest_seq, events.latest_seq);

  // No password opens the reader's account, not even what is stored for it (readers sign up to reply).
  for (const password of ['!demo-reader', 'reader-demo-1']) {
    const login = await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: DEMO_READER.email, password, section: SITE } });
    assert.equal(login.statusCode, 401, password);
  }
});

test('seeding again (a restart) adds nothing: no post, reply, event, image or account', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t);
  const tables = ['contents', 'events', 'media', 'users', 'containers'] as const;
  const count = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(app, table)])));
  const before = await count();
  const page = resultOf<LiveblogWithPage>(await load(app));
  await seed(app, { demoContent: { dataDir } });
  await seed(app, { demoContent: { dataDir } });
  assert.deepEqual(await count(), before);
  assert.deepEqual(resultOf<LiveblogWithPage>(await load(app)), page);
  assert.equal(readdirSync(join(dataDir, 'media')).length, 1);
});

test('outside demo mode (VF_DEMO=0) no live blog, post, image or reader is seeded', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t, { VF_DEMO: '0' });
  assert.equal((await load(app)).statusCode, 404);
  for (const table of ['contents', 'media', 'users', 'containers'] as const) assert.equal(await countRows(app, table), 0, table);
  assert.equal(existsSync(join(dataDir, 'media')), false);
});
