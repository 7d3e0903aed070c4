/**
 * Shares (docs/api.md "shares") and the media gallery listing (docs/api.md "media gallery") on
 * the real app and database: a share is recorded with its network and sharer and counted; an
 * unknown network is a 400 that stores nothing; a client cannot inflate the total past the
 * limit; the gallery lists only the images of content a guest may see.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { GalleryImage, Page } from '../../core/api/types.ts';
import { SHARES_PER_PAGE } from '../../server/shares/routes.ts';
import { saveMedia } from '../../server/media/media.ts';
import type { ShareTotals } from '../../server/shares/queries.ts';
import { DEMO_LIVEBLOG_ID } from '../../server/demo/liveblog.ts';
import { DEMO_SHARE_PATH } from '../../server/demo/shares.ts';
import { DEMO_ORIGIN, seed } from '../../server/demo/index.ts';
import { bearer, build, buildWithDemoContent, countRows, resultOf, SITE, signup, signupAs } from './helpers.ts';
import { lb, liveblog, publish } from './liveblog-calls.ts';

let pages = 0;
async function newPage(app: FastifyInstance): Promise<Page> {
  const url = `http://localhost/articles/${++pages}`;
  return resultOf<Page>(await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url, title: `Article ${pages}` } }));
}

const share = (app: FastifyInstance, page: string, network: string, token?: string) =>
  app.inject({ method: 'POST', url: `/api/v2/pages/${page}/shares`, headers: bearer(token), payload: { section: SITE, network } });
const totals = async (app: FastifyInstance, page: string) => resultOf<ShareTotals>(await app.inject({ method: 'GET', url: `/api/v2/pages/${page}/shares` }));

describe('shares', () => {
  test('each share is recorded and counted per network; the totals answer the page', async (t) => {
    const app = await build(t);
    const page = await newPage(app);
    assert.deepEqual(await totals(app, page.id), { page_uuid: page.id, total: 0, by_network: {} });
    resultOf(await share(app, page.id, 'facebook'));
    resultOf(await share(app, page.id, 'copy'));
    const after = resultOf<ShareTotals>(await share(app, page.id, 'facebook'));
    assert.deepEqual(after, { page_uuid: page.id, total: 3, by_network: { facebook: 2, copy: 1 } });
    assert.deepEqual(await totals(app, page.id), after);
    const other = await newPage(app);
    assert.equal((await totals(app, other.id)).total, 0, "another page's count is its own");
  });

  test("with the site's share bar switched off (enable_sharebar), a share is 403 and nothing is recorded", async (t) => {
    const app = await build(t);
    const page = await newPage(app);
    const admin = await signupAs(app, 'admin');
    resultOf(await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin.access_token), payload: { enable_sharebar: false, section: SITE } }));
    const refused = await share(app, page.id, 'facebook');
    assert.deepEqual([refused.statusCode, (refused.json() as { message: string }).message], [403, 'Sharing is turned off on this site']);
    assert.equal(await countRows(app, 'shares'), 0);
  });

  test('a signed-in sharer is recorded for the referrer; a guest is counted anonymously', async (t) => {
    const app = await build(t);
    const page = await newPage(app);
    const reader = await signup(app);
    resultOf(await share(app, page.id, 'x', reader.access_token));
    resultOf(await share(app, page.id, 'email'));
    const rows = await app.db.selectFrom('shares').select(['network', 'sharer_uuid', 'page_uuid']).orderBy('network').execute();
    assert.deepEqual(rows, [
      { network: 'email', sharer_uuid: null, page_uuid: page.id },
      { network: 'x', sharer_uuid: reader.user.uuid, page_uuid: page.id },
    ]);
  });

  test('an unsupported network, a missing one or an unknown page is refused and nothing is stored', async (t) => {
    const app = await build(t);
    const page = await newPage(app);
    const bad = await share(app, page.id, 'myspace');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^Unsupported network "myspace"/);
    assert.equal(bad.json().error_status, 400);
    const missing = await app.inject({ method: 'POST', url: `/api/v2/pages/${page.id}/shares`, payload: { section: SITE } });
    assert.equal(missing.statusCode, 400);
    const extra = await app.inject({ method: 'POST', url: `/api/v2/pages/${page.id}/shares`, payload: { network: 'copy', count: 100 } });
    assert.equal(extra.statusCode, 400);
    assert.equal((await share(app, '00000000-0000-4000-8000-000000000000', 'copy')).statusCode, 404);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/pages/not-a-uuid/shares' })).statusCode, 400);
    assert.equal(await countRows(app, 'shares'), 0);
  });

  test('one client cannot inflate the total: past the limit a share is a 429 and is not counted', async (t) => {
    const app = await build(t);
    const page = await newPage(app);
    for (let i = 0; i < SHARES_PER_PAGE; i++) resultOf(await share(app, page.id, 'copy'));
    const refused = await share(app, page.id, 'copy');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal((await totals(app, page.id)).total, SHARES_PER_PAGE);
    // A signed-in reader is counted on their own, and the window passes.
    const reader = await signup(app);
    resultOf(await share(app, page.id, 'copy', reader.access_token));
    const now = Date.now();
    app.postLimiter.now = () => now + 11 * 60 * 1000;
    resultOf(await share(app, page.id, 'copy'));
    assert.equal((await totals(app, page.id)).total, SHARES_PER_PAGE + 2);
  });
});

describe('media gallery', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAcAAAAFCAYAAACJmvbYAAAAMElEQVR4AXzMQQ0AAAgCQGcQkpjDkCYxh0X05cYLtnsxcEQva2Cfm4gua9IYH8nlAQAA//9X2p8nAAAABklEQVQDAOSqFiAcZvCoAAAAAElFTkSuQmCC', 'base64');

  test("lists the images of a container's visible content with their alt text; never disabled or spam content's, nor a hidden container's", async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-gallery-'));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = await build(t, { VF_DATA_DIR: dataDir });
    const editor = await signupAs(app, 'mod');
    const blog = await liveblog(app, 'gallery-blog');
    const upload = () => saveMedia(app.db, dataDir, { siteUuid: SITE, containerUuid: blog.content_container_uuid, uploaderUuid: editor.user.uuid, bytes: PNG });
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const shown = await publish(app, editor.access_token, blog, `The bridge\n\n![Runners on the bridge](media:${a.media_uuid})`);
    const disabled = await publish(app, editor.access_token, blog, `Gone\n\n![Disabled image](media:${b.media_uuid})`);
    const spam = await publish(app, editor.access_token, blog, `Spam\n\n![Spam image](media:${c.media_uuid})`);
    await publish(app, editor.access_token, blog, 'Text only');
    resultOf(await lb(app, 'POST', blog, `moderation/${disabled.content_uuid}/disable`, editor.access_token));
    resultOf(await lb(app, 'POST', blog, `moderation/${spam.content_uuid}/spam`, editor.access_token));

    const gallery = (query: string) => app.inject({ method: 'GET', url: `/api/v2/media/${SITE}?${query}` });
    const items = resultOf<{ items: GalleryImage[] }>(await gallery('container_id=gallery-blog&kind=liveblog')).items;
    assert.deepEqual(items.map((item) => [item.media_uuid, item.alt, item.content_uuid, item.width, item.height]), [[a.media_uuid, 'Runners on the bridge', shown.content_uuid, 7, 5]]);
    assert.equal(items[0]!.url, a.url);

    assert.deepEqual(resultOf<{ items: GalleryImage[] }>(await gallery('container_id=gallery-blog')).items, [], 'the conversation of that id has none');
    assert.deepEqual(resultOf<{ items: GalleryImage[] }>(await gallery('container_id=never-made&kind=liveblog')).items, []);
    assert.equal(await countRows(app, 'containers'), 1, 'asking creates no container');
    resultOf(await lb(app, 'PUT', blog, '', editor.access_token, { is_hidden: true }));
    assert.deepEqual(resultOf<{ items: GalleryImage[] }>(await gallery('container_id=gallery-blog&kind=liveblog')).items, [], 'a hidden live blog shows none');
    assert.equal((await gallery('kind=liveblog')).statusCode, 400);
    assert.equal((await gallery('container_id=gallery-blog&kind=poll')).statusCode, 400);
  });
});

test("demo mode: the share page has its shares, some by demo readers, once however often the seed runs; the live blog's image is in its gallery", async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t, {}, 2);
  const page = resultOf<Page>(await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url: `${DEMO_ORIGIN}${DEMO_SHARE_PATH}` } }));
  const seeded = await totals(app, page.id);
  assert.ok(seeded.total >= 10, `${seeded.total} shares`);
  assert.ok((await app.db.selectFrom('shares').select('sharer_uuid').where('sharer_uuid', 'is not', null).execute()).length > 0, 'some have a sharer');
  await seed(app, { demoContent: { dataDir } });
  assert.equal((await totals(app, page.id)).total, seeded.total);
  const gallery = resultOf<{ items: GalleryImage[] }>(await app.inject({ method: 'GET', url: `/api/v2/media/${SITE}?container_id=${DEMO_LIVEBLOG_ID}&kind=liveblog` }));
  assert.ok(gallery.items.length > 0 && gallery.items.every((item) => item.alt), 'images with alt texts');
});
