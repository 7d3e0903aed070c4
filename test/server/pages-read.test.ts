/**
 * How the server reads a page (server/pages/readPage.ts, metaReader.ts; docs/api.md "Pages"),
 * against a publisher's web server on loopback (the demo site's domain): its tags, redirects
 * that stay on the site's domains, the 1 MB and time limits, pictures off the site dropped, and
 * at most one read per page per 10 minutes, started by a different report or a hint.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../core/api/types.ts';
import { READ_LIMITS } from '../../server/pages/readPage.ts';
import { REREAD_AFTER_MS } from '../../server/pages/metaReader.ts';
import { bearer, build, resultOf, SITE, signupAs } from './helpers.ts';
import { html, publisherPages, redirect } from './support/publisherPages.ts';

/** Registers `url` as a caller would (with `claim` as its hint), waits for the read, returns the stored page. */
async function register(app: FastifyInstance, url: string, claim: Record<string, unknown> = {}): Promise<Page> {
  const page = resultOf<Page>(await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url, title: 'The caller says', ...claim } }));
  await app.pageMeta.settled();
  return resultOf<Page>(await app.inject({ method: 'GET', url: `/api/v2/pages/${page.id}` }));
}

const summary = (page: Page) => ({ title: page.title, description: page.description, image_url: page.image_url, image_alt: page.image_alt, meta_source: page.meta_source });

describe("reading a page's head", () => {
  test('vf:* first, then Open Graph, then <title>; entities decoded; a relative picture resolved; comments and scripts ignored', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    site.routes.set('/vf', html(`<title>Plain | Paper</title><meta property="og:title" content="OG title"><meta name="vf:title" content="Tea &amp; &quot;cake&quot; &#8212; here&#x21;">
      <!-- <meta name="vf:description" content="commented out"> --><script>document.write('<meta name="vf:image" content="/evil.gif">')</script>
      <meta content="The &lt;b&gt;summary&lt;/b&gt;" name="description"><meta property=og:image content=/img/cover.jpg><meta property="og:image:alt" content="A cover">`));
    site.routes.set('/plain', html('<TITLE>  Only\n a title  </TITLE>'));
    assert.deepEqual(summary(await register(app, `${site.origin}/vf`)), {
      title: 'Tea & "cake" — here!', description: 'The <b>summary</b>', image_url: `${site.origin}/img/cover.jpg`, image_alt: 'A cover', meta_source: 'page',
    });
    assert.deepEqual(summary(await register(app, `${site.origin}/plain`)), { title: 'Only a title', description: '', image_url: null, image_alt: null, meta_source: 'page' });
  });

  test("a picture the page names off the site's image hosts is dropped; allow-listed, kept", async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    site.routes.set('/cdn', html('<meta name="vf:title" content="On a CDN"><meta property="og:image" content="https://cdn.example/pixel.gif"><meta property="og:image:alt" content="Pixel">'));
    assert.deepEqual(summary(await register(app, `${site.origin}/cdn`, { unique_id: 'cdn' })), { title: 'On a CDN', description: '', image_url: null, image_alt: null, meta_source: 'page' });

    const admin = await signupAs(app, 'admin');
    resultOf(await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin.access_token), payload: { section: SITE, page_image_hosts: 'cdn.example' } }));
    app.pageMeta.now = () => Date.now() + REREAD_AFTER_MS + 1000;
    const reread = await register(app, `${site.origin}/cdn`, { unique_id: 'cdn', title: 'On a CDN', image_url: 'https://cdn.example/pixel.gif' });
    assert.deepEqual([reread.image_url, reread.image_alt], ['https://cdn.example/pixel.gif', 'Pixel']);
  });
});

describe('the limits of a read', () => {
  test('redirects are followed on the site only (at most 3); one off the site is refused and never requested', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    const elsewhere = await publisherPages(t, '127.0.0.2'); // loopback too, but not one of the site's domains
    elsewhere.routes.set('/', html('<title>Elsewhere</title>'));
    site.routes.set('/article', html('<title>The article</title>'));
    site.routes.set('/moved', redirect('/article', 301));
    site.routes.set('/via-localhost', redirect(`${site.origin.replace('127.0.0.1', 'localhost')}/moved`));
    site.routes.set('/away', redirect(`${elsewhere.origin}/`));
    for (let i = 0; i < 4; i++) site.routes.set(`/hop${i}`, redirect(`/hop${i + 1}`));
    site.routes.set('/hop4', html('<title>Far</title>'));
    site.routes.set('/image', (res) => void res.writeHead(200, { 'content-type': 'image/gif' }).end('GIF89a'));

    assert.deepEqual([(await register(app, `${site.origin}/moved`)).title, (await register(app, `${site.origin}/via-localhost`)).title], ['The article', 'The article']);
    assert.deepEqual(summary(await register(app, `${site.origin}/away`)), { title: 'The caller says', description: '', image_url: null, image_alt: null, meta_source: 'hint' });
    assert.deepEqual(elsewhere.requested, [], 'the address off the site was never asked for');
    assert.equal((await register(app, `${site.origin}/hop0`)).meta_source, 'hint', 'four redirects are too many');
    assert.equal((await register(app, `${site.origin}/hop1`)).title, 'Far', 'three are fine');
    assert.equal((await register(app, `${site.origin}/image`)).meta_source, 'hint', 'not an HTML page');
  });

  test('the head must end within 1 MB; a longer body after it is not read', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    const filler = `<meta name="filler" content="${'x'.repeat(1000)}">`.repeat(READ_LIMITS.maxBytes / 1000 + 10);
    site.routes.set('/huge-head', html(`${filler}<title>Too far down</title>`));
    site.routes.set('/long-body', html('<title>Short head</title>', `<p>${'y'.repeat(3 * READ_LIMITS.maxBytes)}</p>`));
    assert.equal((await register(app, `${site.origin}/huge-head`)).meta_source, 'hint');
    assert.equal((await register(app, `${site.origin}/long-body`)).title, 'Short head');
  });

  test('a page that does not answer in time is given up (the limit shortened here)', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    site.routes.set('/never', () => undefined);
    site.routes.set('/trickle', (res) => void res.writeHead(200, { 'content-type': 'text/html' }).write('<html><head><title>Slow</title>'));
    app.pageMeta.limits = { ...READ_LIMITS, timeoutMs: 300 };
    assert.equal((await register(app, `${site.origin}/never`)).meta_source, 'hint');
    assert.equal((await register(app, `${site.origin}/trickle`)).meta_source, 'hint');
    assert.equal(READ_LIMITS.timeoutMs, 5000);
  });
});

describe('when a page is read again', () => {
  test('a different report re-reads at most once per 10 minutes; the same report, or an empty one, none', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    let title = 'Version 1';
    site.routes.set('/story', (res) => html(`<meta name="vf:title" content="${title}">`)(res));
    const url = `${site.origin}/story`;
    const reads = () => site.requested.length;
    let clock = Date.now();
    app.pageMeta.now = () => clock;

    assert.equal((await register(app, url, { title: 'Version 1' })).title, 'Version 1');
    title = 'Version 2';
    assert.equal((await register(app, url, { title: 'Version 2' })).title, 'Version 1', 'within 10 minutes: not read again');
    assert.equal(reads(), 1);
    clock += REREAD_AFTER_MS;
    assert.equal((await register(app, url, { title: 'Version 1' })).title, 'Version 1', 'the stored metadata reported: nothing to read');
    assert.equal(reads(), 1);
    assert.equal((await register(app, url, { title: 'Version 2' })).title, 'Version 2', 'a different report, 10 minutes on: read');
    assert.equal(reads(), 2);
    clock += REREAD_AFTER_MS;
    await register(app, url, { title: '', image_url: null });
    assert.equal(reads(), 2, 'an empty field reports nothing');
    assert.equal((await register(app, url, { title: 'FORGED' })).title, 'Version 2', 'a false report only makes the page speak again');
    assert.equal(reads(), 3);
  });

  test('a page whose read failed is read again, 10 minutes on, whatever the report', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    let clock = Date.now();
    app.pageMeta.now = () => clock;
    assert.equal((await register(app, `${site.origin}/later`)).meta_source, 'hint');
    site.routes.set('/later', html('<title>Up now</title>'));
    assert.equal((await register(app, `${site.origin}/later`)).meta_source, 'hint', 'throttled');
    clock += REREAD_AFTER_MS;
    assert.equal((await register(app, `${site.origin}/later`)).title, 'Up now');
  });

  test('concurrent calls for a new page read it once', async (t) => {
    const app = await build(t);
    const site = await publisherPages(t);
    site.routes.set('/busy', html('<title>Busy</title>'));
    await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url: `${site.origin}/busy`, title: `claim ${Math.random()}` } })));
    await app.pageMeta.settled();
    assert.deepEqual(site.requested, ['/busy']);
  });
});
