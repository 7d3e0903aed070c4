/**
 * A page and the conversations on it (DESIGN.md "Pages and conversations", docs/api.md "Pages"):
 * a publisher page stored under its address, with `vf:container_id` in its head and elements with
 * their own `vf-container-id` in its body, is the page of its comments, live blog, chat and
 * reviews in trending, the community lists and the moderation queue, with the title, picture and
 * address the server read from it. The demo articles too, on whatever port the server runs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { CommunityComment, Container, Page, TrendingContainer } from '../../core/api/types.ts';
import type { PageOption, QueueItem, QueuePage } from '../../core/moderation/types.ts';
import { READ_LIMITS } from '../../server/pages/readPage.ts';
import { REREAD_AFTER_MS } from '../../server/pages/metaReader.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';
import { liveblog, publish, replyTo } from './liveblog-calls.ts';
import { html, publisherPages } from './support/publisherPages.ts';

/** Registers `url` as the client does for a page without `vf:unique_id` (a caller's hint), and waits for the server's read. */
async function visit(app: FastifyInstance, url: string, claim: Record<string, unknown> = {}): Promise<Page> {
  const page = resultOf<Page>(await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url, title: 'The caller says', ...claim } }));
  await app.pageMeta.settled();
  return page;
}

async function trendingPage(app: FastifyInstance, containerId: string): Promise<TrendingContainer['page'] | undefined> {
  const trending = resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/trending`, query: { limit: '100' } })).contents;
  return trending.find((item) => item.container_id === containerId)?.page;
}

async function queueItems(app: FastifyInstance, token: string, queue: string): Promise<QueueItem[]> {
  return resultOf<QueuePage<QueueItem>>(await app.inject({ method: 'GET', url: `/api/v2/moderation/queue/${queue}`, headers: bearer(token), query: { section: SITE, limit: '100' } })).items;
}

/** The containers `GET /moderation/pages` lists for pages whose title has `q`: container id → page title. */
async function containersOfPages(app: FastifyInstance, token: string, q: string): Promise<string[]> {
  const options = resultOf<PageOption[]>(await app.inject({ method: 'GET', url: '/api/v2/moderation/pages', headers: bearer(token), query: { section: SITE, q } }));
  const ids = await app.db.selectFrom('containers').select(['uuid', 'container_id']).where('uuid', 'in', options.length ? options.map((o) => o.container_uuid) : ['none']).execute();
  return ids.map((row) => row.container_id).sort();
}

async function kindContainer(app: FastifyInstance, service: 'chat' | 'reviews', containerId: string): Promise<Container> {
  const url = service === 'chat' ? `/api/chat/${SITE}` : `/api/v2/reviews/${SITE}`;
  return resultOf<Container>(await app.inject({ method: 'POST', url, payload: { container_id: containerId } }));
}

const ARTICLE_HEAD = `<title>Bridges | Paper</title><meta property="og:title" content="Six bridges, one river"><meta property="og:url" content="/bridges">
  <meta property="og:image" content="/img/bridges.jpg"><meta name="vf:container_id" content="bridges">`;
const ARTICLE_BODY = `<article><p>The story.</p><vf-conversations-count></vf-conversations-count>
  <vf-liveblog vf-container-id="bridges-live"></vf-liveblog>
  <vf-livechat vf-container-id=" bridges-chat "></vf-livechat>
  <vf-reviews vf-container-id="bridges-reviews"></vf-reviews>
  <div class="viafoura" data-widget="comments" data-id="bridges-legacy"></div>
  <!-- <vf-conversations vf-container-id="commented-out"></vf-conversations> -->
  <vf-live-story vf-container-id="elsewhere" href="/other"></vf-live-story>
  <vf-conversations></vf-conversations></article>`;

describe('a page stored under its address knows every conversation on it', () => {
  test('comments, live blog, chat, reviews and a legacy container: trending, community and the queue show the page as the server read it', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    site.routes.set('/bridges', html(ARTICLE_HEAD, ARTICLE_BODY));
    const url = `${site.origin}/bridges`;
    const stored = await visit(app, url);
    assert.equal(stored.unique_id, url, 'no vf:unique_id: the page is stored under its address');
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];

    const conversation = await container(app, 'bridges');
    await postComment(app, reader.access_token, conversation.content_container_uuid, 'Which bridge is the oldest?');
    const legacy = await container(app, 'bridges-legacy');
    await postComment(app, reader.access_token, legacy.content_container_uuid, 'From the old comments box.');
    const blog = await liveblog(app, 'bridges-live');
    await replyTo(app, reader.access_token, blog, (await publish(app, mod.access_token, blog, '<p>The first bridge opens.</p>')).content_uuid, 'Is it open to bikes?');
    const chat = await kindContainer(app, 'chat', 'bridges-chat');
    resultOf(await app.inject({ method: 'POST', url: `/api/chat/${SITE}/${chat.content_container_uuid}/messages`, headers: bearer(reader.access_token), payload: { content: 'Watching from the east bank!' } }));
    const reviews = await kindContainer(app, 'reviews', 'bridges-reviews');
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}/${reviews.content_container_uuid}/reviews`, headers: bearer(reader.access_token), payload: { rating: 4, content: 'A fine walk.' } }));
    const elsewhere = await container(app, 'elsewhere');
    await postComment(app, reader.access_token, elsewhere.content_container_uuid, 'On another page.');

    const read = { title: 'Six bridges, one river', url, image_url: `${site.origin}/img/bridges.jpg`, image_alt: null };
    assert.deepEqual(await trendingPage(app, 'bridges'), read);
    assert.deepEqual(await trendingPage(app, 'bridges-legacy'), read);
    assert.equal(await trendingPage(app, 'elsewhere'), null, 'a live story only links to another page');

    const community = resultOf<{ contents: CommunityComment[] }>(await app.inject({ method: 'GET', url: '/api/v2/comments', query: { section: SITE, show: 'latest', limit: '10' } })).contents;
    assert.deepEqual(community.map((comment) => comment.page), [null, { title: read.title, url }, { title: read.title, url }]);

    const items = (await queueItems(app, mod.access_token, 'unmoderated')).filter((item) => item.author.uuid === reader.user.uuid);
    assert.deepEqual(items.map((item) => item.kind).sort(), ['chat_message', 'comment', 'comment', 'comment', 'liveblog_reply', 'review']);
    for (const item of items.filter((i) => !i.content.includes('another page'))) {
      assert.deepEqual([item.kind, item.page.title, item.page.url, item.link], [item.kind, read.title, url, `${url}?deeplink=${item.uuid}`]);
    }
    assert.deepEqual(await containersOfPages(app, mod.access_token, 'bridges'), ['bridges', 'bridges-chat', 'bridges-legacy', 'bridges-live', 'bridges-reviews']);
  });

  test("a page that names a conversation as its own takes it from one that only shows it, or from a caller's unique_id; between two that name it, the first keeps it", async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    site.routes.set('/claims', html('<meta name="vf:title" content="Claims it"><meta name="vf:container_id" content="its-own">'));
    site.routes.set('/embeds', html('<meta name="vf:title" content="Embeds it">', '<vf-conversations vf-container-id="story-x"></vf-conversations>'));
    site.routes.set('/story', html('<meta name="vf:title" content="The story"><meta name="vf:container_id" content="story-x">'));
    site.routes.set('/copy', html('<meta name="vf:title" content="A copy"><meta name="vf:container_id" content="story-x">'));
    const reader = await signup(app);
    await postComment(app, reader.access_token, (await container(app, 'story-x')).content_container_uuid, 'First!');

    await visit(app, `${site.origin}/claims`, { unique_id: 'story-x' }); // a caller's key, which the page's read does not confirm
    assert.equal((await trendingPage(app, 'story-x'))?.title, 'Claims it', 'only a key names it so far');
    await visit(app, `${site.origin}/embeds`);
    assert.equal((await trendingPage(app, 'story-x'))?.title, 'Embeds it', 'an element the server read is surer than a key');
    await visit(app, `${site.origin}/story`);
    assert.equal((await trendingPage(app, 'story-x'))?.title, 'The story');
    await visit(app, `${site.origin}/copy`);
    assert.equal((await trendingPage(app, 'story-x'))?.title, 'The story', 'the first page that named it keeps it');
  });

  test("the read goes past the head up to its byte limit: the elements within are joined, the rest is not, and the head's metadata is saved", async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    app.pageMeta.limits = { ...READ_LIMITS, maxBytes: 64 * 1024 };
    const filler = `<p>${'y'.repeat(100 * 1024)}</p>`;
    site.routes.set('/long', html('<meta name="vf:title" content="A long page">', `<vf-liveblog vf-container-id="long-early"></vf-liveblog>${filler}<vf-livechat vf-container-id="long-late"></vf-livechat>`));
    const mod = await signupAs(app, 'mod');
    for (const id of ['long-early', 'long-late']) await container(app, id);
    const page = await visit(app, `${site.origin}/long`);
    assert.equal(resultOf<Page>(await app.inject({ method: 'GET', url: `/api/v2/pages/${page.id}` })).title, 'A long page');
    // The page's own address is its default conversation (an element without an id shows it).
    await container(app, `${site.origin}/long`);
    assert.deepEqual(await containersOfPages(app, mod.access_token, 'long'), [`${site.origin}/long`, 'long-early']);
  });

  test('a body slower than the time limit: what came before it counts, the head is saved', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    app.pageMeta.limits = { ...READ_LIMITS, timeoutMs: 300 };
    site.routes.set('/slow', (res) => void res.writeHead(200, { 'content-type': 'text/html' })
      .write('<html><head><meta name="vf:title" content="Slow body"></head><body><vf-liveblog vf-container-id="slow-early"></vf-liveblog>'));
    const mod = await signupAs(app, 'mod');
    await container(app, 'slow-early');
    const page = await visit(app, `${site.origin}/slow`);
    assert.equal(resultOf<Page>(await app.inject({ method: 'GET', url: `/api/v2/pages/${page.id}` })).title, 'Slow body');
    assert.deepEqual(await containersOfPages(app, mod.access_token, 'slow'), ['slow-early']);
  });

  test('a page staff corrected before any read is still read once for its conversations; their title stands', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    let clock = Date.now();
    app.pageMeta.now = () => clock;
    const mod = await signupAs(app, 'mod');
    const page = await visit(app, `${site.origin}/fixed`); // not served yet: the read fails
    resultOf(await app.inject({ method: 'PATCH', url: `/api/v2/pages/${page.id}`, headers: bearer(mod.access_token), payload: { title: 'Fixed by staff' } }));
    site.routes.set('/fixed', html('<meta name="vf:title" content="The page says"><meta name="vf:container_id" content="fixed-story">'));
    await container(app, 'fixed-story');
    clock += REREAD_AFTER_MS;
    await visit(app, `${site.origin}/fixed`);
    assert.deepEqual(await containersOfPages(app, mod.access_token, 'fixed'), ['fixed-story']);
    const read = site.requested.length;
    clock += REREAD_AFTER_MS;
    await visit(app, `${site.origin}/fixed`);
    assert.equal(site.requested.length, read, 'read once for its conversations, not at every visit');
  });
});

describe('the demo articles', () => {
  test('a reader of each article puts it in trending and the queue with the page the server read, on any port', async (t) => {
    const app = await build(t);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    assert.notEqual(new URL(origin).port, '8080');
    const [mod, reader] = [await signupAs(app, 'mod'), await signup(app)];
    const articles = [
      { path: '/demo/article.html', id: 'demo-article-river-trees', title: 'City plants 10,000 trees along its river', image_url: `${origin}/demo/trending/trees.svg`, image_alt: 'Young trees in a row along a riverbank' },
      { path: '/demo/second-article.html', id: 'demo-article-night-sky', title: 'Why the night sky is getting brighter', image_url: null, image_alt: null },
    ];
    for (const article of articles) {
      await visit(app, `${origin}${article.path}`); // what the page's own script sends: its address, no unique id
      const c = await container(app, article.id);
      for (let i = 0; i < 2; i++) await postComment(app, reader.access_token, c.content_container_uuid, `On ${article.id}, ${i}`);
      assert.deepEqual(await trendingPage(app, article.id), { title: article.title, url: `${origin}${article.path}`, image_url: article.image_url, image_alt: article.image_alt });
    }
    const withPage = resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/trending`, query: { with_page: 'true' } })).contents;
    assert.deepEqual(withPage.map((item) => item.container_id).sort(), articles.map((a) => a.id).sort(), '<vf-trending-articles> lists them');
    const items = await queueItems(app, mod.access_token, 'unmoderated');
    assert.equal(items.length, 4);
    for (const item of items) {
      const article = articles.find((a) => item.content.includes(a.id))!;
      assert.deepEqual([item.page.title, item.link], [article.title, `${origin}${article.path}?deeplink=${item.uuid}`]);
    }
  });
});
