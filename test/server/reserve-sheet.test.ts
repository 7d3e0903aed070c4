/**
 * `/vf.css` (server/routes/reserveSheet.ts, docs/performance.md "Layout shift"): the build's sheet,
 * and for a page of a known site (its Referer) what only the site knows: the height of the ad card
 * the site's trending surface shows, which <vf-trending-articles> reserves before its list comes,
 * and for a <vf-ad> naming no integration, whether its surface shows an ad and a video's height.
 * Served here from a build of its own (a temporary dist/), so the test does not depend on `npm run build`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import reserveSheetRoute from '../../server/routes/reserveSheet.ts';
import { AD_INTEGRATIONS } from '../../core/settings/ads.ts';
import { bearer, build, signupAs, SITE } from './helpers.ts';

const BUILT = '/* vf: the elements\' boxes until they load */\nvf-reviews:not(:defined){display:block;min-height:16rem}\n';
const CARD = (height: number) => `vf-trending-articles{--_vf-tr-ad:1;--_vf-tr-ad-height:${height}px}\n`;
/** <vf-ad>s that name no integration (any other value is none of them: the surface's applies). */
const NAMES_NONE = `:not(${AD_INTEGRATIONS.map((name) => `[integration='${name}']`).join()})`;
const STANDALONE = ":not([surface='general' i],[surface='conversation_starter' i],[surface='trending' i],[surface='liveblog' i])";
/** A <vf-ad> of these surfaces (their attribute values) reserves nothing while it waits. */
const AD_OFF = (surfaces: string[]) =>
  `vf-ad:is(${surfaces.map((s) => (s === 'standalone' ? STANDALONE : `[surface='${s}' i]`)).join()})${NAMES_NONE}:not([data-vf-state]){--_vf-ad-on:0;display:block}\n`;
/** A new site shows no ad on any surface. */
const NO_AD = AD_OFF(['general', 'conversation_starter', 'trending', 'liveblog', 'standalone']);

/** The app with the route also at /t/vf.css over a dist/ of the test's own. */
async function withBuild(t: TestContext): Promise<{ app: FastifyInstance; dist: string }> {
  const dist = mkdtempSync(join(tmpdir(), 'vf-dist-'));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'vf.css'), BUILT);
  const app = await build(t, {}, (app) => void app.register(reserveSheetRoute, { prefix: '/t', dist }));
  return { app, dist };
}

const sheet = (app: FastifyInstance, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/t/vf.css', headers });
const adSettings = async (app: FastifyInstance, token: string, settings: Record<string, string>) => {
  const res = await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(token), payload: { ...settings, section: SITE } });
  assert.equal(res.statusCode, 200, res.body);
};
const trendingAd = (app: FastifyInstance, token: string, integration: string) => adSettings(app, token, { trending_ad_integration: integration });
/** What a site whose trending surface is its only one with an ad adds for <vf-ad>. */
const TRENDING_ONLY = AD_OFF(['general', 'conversation_starter', 'liveblog', 'standalone']);

describe('/vf.css', () => {
  test("a page of a site whose trending surface has an ad gets the card's height: the rectangle's, a video's", async (t) => {
    const { app } = await withBuild(t);
    const admin = await signupAs(app, 'admin');
    const page = { referer: 'http://127.0.0.1:8080/demo/trending.html' };
    assert.equal((await sheet(app, page)).body, BUILT + NO_AD, 'no ad on the trending surface: no card');
    await trendingAd(app, admin.access_token, 'outbrain');
    const res = await sheet(app, page);
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, BUILT + CARD(250) + TRENDING_ONLY);
    assert.match(String(res.headers['content-type']), /^text\/css/);
    // Not in a shared cache: the same address answers each site differently.
    assert.equal(res.headers['cache-control'], 'private, max-age=300');
    assert.equal(res.headers['vary'], 'Accept-Encoding');
    // A cross-origin page sends its origin only (strict-origin-when-cross-origin): enough.
    assert.equal((await sheet(app, { referer: 'http://localhost:3000/' })).body, BUILT + CARD(250) + TRENDING_ONLY);
    await trendingAd(app, admin.access_token, 'exco');
    const video = `vf-ad:is([surface='trending' i])${NAMES_NONE}:is(:not([format]),[format='']){--_vf-ad-h:360px}\n`;
    assert.equal((await sheet(app, page)).body, BUILT + CARD(360) + TRENDING_ONLY + video);
    await trendingAd(app, admin.access_token, 'none');
    assert.equal((await sheet(app, page)).body, BUILT + NO_AD);
  });

  test('a <vf-ad> naming no integration: nothing where its surface shows none, a video’s height where it plays one, no rule for a rectangle', async (t) => {
    const { app } = await withBuild(t);
    const admin = await signupAs(app, 'admin');
    const page = { referer: 'http://127.0.0.1:8080/demo/ads.html' };
    await adSettings(app, admin.access_token, { standalone_ad_integration: 'gtag', liveblog_ad_integration: 'exco', trending_ad_integration: 'outbrain' });
    assert.equal(
      (await sheet(app, page)).body,
      BUILT +
        CARD(250) +
        `vf-ad:is([surface='general' i],[surface='conversation_starter' i])${NAMES_NONE}:not([data-vf-state]){--_vf-ad-on:0;display:block}\n` +
        `vf-ad:is([surface='liveblog' i])${NAMES_NONE}:is(:not([format]),[format='']){--_vf-ad-h:360px}\n`,
    );
    await adSettings(app, admin.access_token, { general_ad_integration: 'taboola', conversation_starter_ad_integration: 'custom', liveblog_ad_integration: 'm32' });
    assert.equal((await sheet(app, page)).body, BUILT + CARD(250), 'every surface shows a rectangle: the build’s default');
    await adSettings(app, admin.access_token, { standalone_ad_integration: 'none' });
    assert.equal((await sheet(app, page)).body, BUILT + CARD(250) + AD_OFF(['standalone']));
  });

  test('an unknown site, no Referer or a bad one: the build’s sheet', async (t) => {
    const { app } = await withBuild(t);
    const admin = await signupAs(app, 'admin');
    await trendingAd(app, admin.access_token, 'outbrain');
    for (const headers of [{} as Record<string, string>, { referer: 'https://elsewhere.example/story' }, { referer: 'http://[::1' }, { referer: '' }]) {
      const res = await sheet(app, headers);
      assert.equal(res.statusCode, 200, JSON.stringify(headers));
      assert.equal(res.body, BUILT, JSON.stringify(headers));
    }
  });

  test('gzip when the browser takes it; a new build is served at once; no build is a 404 that says what to run', async (t) => {
    const { app, dist } = await withBuild(t);
    const admin = await signupAs(app, 'admin');
    await trendingAd(app, admin.access_token, 'outbrain');
    const zipped = await sheet(app, { referer: 'http://127.0.0.1/', 'accept-encoding': 'gzip, br' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(zipped.rawPayload).toString(), BUILT + CARD(250) + TRENDING_ONLY);

    const rebuilt = `${BUILT}vf-users:not(:defined){display:block;min-height:27.2rem}\n`;
    writeFileSync(join(dist, 'vf.css'), rebuilt);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, 'vf.css'), later, later);
    assert.equal((await sheet(app, { referer: 'http://127.0.0.1/' })).body, rebuilt + CARD(250) + TRENDING_ONLY);

    rmSync(join(dist, 'vf.css'));
    const missing = await sheet(app);
    assert.equal(missing.statusCode, 404);
    assert.match(missing.json().message, /npm run build/);
  });
});
