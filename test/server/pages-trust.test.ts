/**
 * Pages belong to their site (docs/api.md "Pages"): an address or picture off the site is refused;
 * the title, description and picture the rails show are the page's own, read by the server from
 * the page (the demo pages this app serves on loopback), a caller's only a hint until then; staff
 * corrections stand. The reader's limits (redirects, size, time) and its throttle: pages-read.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult, CommunityComment, Page, TrendingContainer } from '../../core/api/types.ts';
import { bearer, build, container, countRows, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';

const NIGHT_SKY = { title: 'Why the night sky is getting brighter', description: 'Astronomers count fewer stars every year as street lights multiply.', image_url: null }; // the article has no picture of its own

const postPage = (app: FastifyInstance, body: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: '/api/v2/pages', headers: bearer(token), payload: { section: SITE, ...body } });
const getPage = async (app: FastifyInstance, id: string) => resultOf<Page>(await app.inject({ method: 'GET', url: `/api/v2/pages/${id}` }));

/** The app serving its demo pages on loopback: its origin. */
async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** The trending entry and community comments of conversation `id`, after `comments` comments in it. */
async function rails(app: FastifyInstance, id: string, comments = 3) {
  const reader = await signup(app);
  const c = await container(app, id);
  for (let i = 0; i < comments; i++) await postComment(app, reader.access_token, c.content_container_uuid, `comment ${i}`);
  return railsNow(app, id);
}

async function railsNow(app: FastifyInstance, id: string) {
  const trending = resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/trending` })).contents;
  const community = resultOf<{ contents: CommunityComment[] }>(await app.inject({ method: 'GET', url: '/api/v2/comments', query: { section: SITE, show: 'latest' } })).contents;
  return { trending: trending.find((item) => item.container_id === id)!.page, community: community.map((comment) => comment.page) };
}

describe('POST /pages: a page and its picture belong to the site', () => {
  test('an address off the site is 400 naming url, and nothing is stored', async (t) => {
    const app = await build(t);
    const phish = await postPage(app, { url: 'https://evil.example/phish', unique_id: 'prize-1', title: 'Win a prize', image_url: 'https://evil.example/pixel.gif' });
    assert.deepEqual(phish.json(), { error_status: 400, message: "url must be an http(s) address on one of the site's domains", field: 'url' });
    for (const url of ['http://127.0.0.1.evil.example/a', 'http://evil.example/?127.0.0.1', 'http://user:pw@127.0.0.1/a', 'http://localhost.evil.example/']) {
      assert.equal((await postPage(app, { url, unique_id: 'prize-1' })).json().field, 'url', url);
    }
    assert.equal(await countRows(app, 'pages'), 0);
    const bootstrap = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
    assert.deepEqual(bootstrap.domains, ['127.0.0.1', 'localhost'], 'the client learns the domains from bootstrap');
  });

  test('a picture off the site is 400 naming image_url, unless its host is in page_image_hosts', async (t) => {
    const app = await build(t);
    const body = { url: 'http://localhost/story', unique_id: 'story', image_url: 'https://cdn.example/a.jpg' };
    const refused = await postPage(app, body);
    assert.deepEqual(refused.json(), { error_status: 400, message: "image_url must be an http(s) address on one of the site's domains or its page_image_hosts", field: 'image_url' });
    assert.equal(await countRows(app, 'pages'), 0);

    const admin = await signupAs(app, 'admin');
    const bad = await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin.access_token), payload: { section: SITE, page_image_hosts: 'https://cdn.example/' } });
    assert.equal(bad.statusCode, 400, 'host names only');
    resultOf(await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin.access_token), payload: { section: SITE, page_image_hosts: 'img.example, cdn.example' } }));
    assert.equal(resultOf<Page>(await postPage(app, body)).image_url, 'https://cdn.example/a.jpg');
  });

  test("a moderator's change is held to the same rule", async (t) => {
    const app = await build(t);
    const page = resultOf<Page>(await postPage(app, { url: 'http://localhost/p' }));
    const mod = await signupAs(app, 'mod');
    for (const [field, value] of [['url', 'https://evil.example/p'], ['image_url', 'https://evil.example/x.gif']]) {
      const r = await app.inject({ method: 'PATCH', url: `/api/v2/pages/${page.id}`, headers: bearer(mod.access_token), payload: { [field!]: value } });
      assert.equal(r.json().field, field);
    }
    assert.equal((await getPage(app, page.id)).url, 'http://localhost/p');
  });
});

describe('the page speaks for itself', () => {
  test("a forged title is a hint until the server read the page; the rails show only the page's own", async (t) => {
    const app = await build(t);
    const origin = await listening(app);
    const forged = resultOf<Page>(await postPage(app, { url: `${origin}/demo/second-article.html`, unique_id: 'night-sky', title: 'FORGED: the mayor resigns', image_url: `${origin}/demo/forged.gif` }));
    assert.deepEqual([forged.title, forged.meta_source], ['FORGED: the mayor resigns', 'hint'], 'the answer is at once: the read runs after it');
    await app.pageMeta.settled();

    const read = await getPage(app, forged.id);
    assert.deepEqual({ title: read.title, description: read.description, image_url: read.image_url, meta_source: read.meta_source }, { ...NIGHT_SKY, meta_source: 'page' });
    assert.equal(read.url, `${origin}/demo/second-article.html`);
    const shown = await rails(app, 'night-sky');
    assert.deepEqual(shown.trending, { title: NIGHT_SKY.title, url: `${origin}/demo/second-article.html`, image_url: NIGHT_SKY.image_url, image_alt: null });
    assert.deepEqual(shown.community[0], { title: NIGHT_SKY.title, url: `${origin}/demo/second-article.html` });

    const again = resultOf<Page>(await postPage(app, { url: `${origin}/demo/second-article.html`, unique_id: 'night-sky', title: 'FORGED again' }));
    await app.pageMeta.settled();
    assert.equal(again.title, NIGHT_SKY.title, 'a hint never replaces what the read found');
    assert.equal((await getPage(app, forged.id)).title, NIGHT_SKY.title);
  });

  test('a page that cannot be read stays a hint: kept on the page, never in the rails', async (t) => {
    const app = await build(t);
    const origin = await listening(app);
    const page = resultOf<Page>(await postPage(app, { url: `${origin}/demo/no-such-page.html`, unique_id: 'prize-2', title: 'Win a prize' }));
    await app.pageMeta.settled();
    assert.deepEqual([(await getPage(app, page.id)).title, (await getPage(app, page.id)).meta_source], ['Win a prize', 'hint']);
    const shown = await rails(app, 'prize-2');
    assert.equal(shown.trending, null);
    assert.deepEqual(shown.community, [null, null, null]);
  });

  test('a page stored before this check (off the site, never read) is not shown', async (t) => {
    const app = await build(t);
    const now = Date.now();
    await app.db.insertInto('pages').values({
      uuid: '0c3d1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', site_uuid: SITE, unique_id: 'old-prize', url: 'https://evil.example/phish', title: 'Win a prize', description: '',
      image_url: 'https://evil.example/pixel.gif', image_alt: null, page_type: 'article', owners: '[]', topics: '[]', section: null, lang: null, date_created: now, date_updated: now,
    }).execute();
    assert.equal((await rails(app, 'old-prize', 1)).trending, null);
  });

  test("a moderator's correction of title and picture stands: reads leave it, the rails show it", async (t) => {
    const app = await build(t);
    const origin = await listening(app);
    const page = resultOf<Page>(await postPage(app, { url: `${origin}/demo/second-article.html`, unique_id: 'corrected' }));
    await app.pageMeta.settled();
    const mod = await signupAs(app, 'mod');
    const change = { title: 'Night sky: the corrected headline', image_url: `${origin}/demo/trending/trees.svg`, image_alt: 'Trees' };
    const corrected = resultOf<Page>(await app.inject({ method: 'PATCH', url: `/api/v2/pages/${page.id}`, headers: bearer(mod.access_token), payload: change }));
    assert.equal(corrected.meta_source, 'staff');

    app.pageMeta.now = () => Date.now() + 60 * 60_000; // past the re-read throttle
    resultOf(await postPage(app, { url: `${origin}/demo/second-article.html`, unique_id: 'corrected', title: 'Something else' }));
    await app.pageMeta.settled();
    const after = await getPage(app, page.id);
    assert.deepEqual([after.title, after.image_url, after.meta_source], [change.title, change.image_url, 'staff']);
    const row = await app.db.selectFrom('pages').select('meta_read_at').where('uuid', '=', page.id).executeTakeFirstOrThrow();
    assert.ok(Number(row.meta_read_at) <= Date.now(), 'no read was started after the correction');
    assert.deepEqual((await rails(app, 'corrected', 1)).trending, { title: change.title, url: `${origin}/demo/second-article.html`, image_url: change.image_url, image_alt: 'Trees' });
  });
});
