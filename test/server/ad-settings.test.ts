/** Ad and promo site settings (docs/ads.md): validated by the admin route, read by bootstrap, safe when stored badly; the demo site's stand-ins. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from '../../core/api/types.ts';
import { AD_SURFACES, DEFAULT_AD_SETTINGS } from '../../core/settings/ads.ts';
import { DEMO_AD_SETTINGS } from '../../server/demo/ads.ts';
import { bearer, build, buildWithDemoContent, resultOf, signupAs, SITE } from './helpers.ts';

async function settingsOf(app: FastifyInstance): Promise<Record<string, unknown>> {
  const r = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
  return r.settings as unknown as Record<string, unknown>;
}

async function change(app: FastifyInstance, token: string, payload: object) {
  return app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(token), payload: { ...payload, section: SITE } });
}

describe('ad settings', () => {
  test('bootstrap carries every surface with integration none, and the promo defaults', async (t) => {
    const app = await build(t);
    const settings = await settingsOf(app);
    for (const surface of AD_SURFACES) {
      assert.equal(settings[`${surface}_ad_integration`], 'none');
      assert.equal(settings[`${surface}_ad_alt_integration`], 'none');
      assert.equal(settings[`${surface}_site_ad_id`], null);
      assert.equal(settings[`${surface}_site_ad_id_2`], null);
    }
    assert.equal(settings['first_promo_position_conversations'], 1);
    assert.equal(settings['promo_interval_conversations'], 6);
    assert.equal(settings['ad_script_url_gtag'], null, 'null: the vendor’s own address');
  });

  test('an admin sets a surface’s integration, alternative, ids, vendor address and promos', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const body = {
      standalone_ad_integration: 'gtag',
      standalone_ad_alt_integration: 'outbrain',
      standalone_site_ad_id: '/1234/story',
      standalone_site_ad_id_2: 'second',
      ad_script_url_gtag: 'https://ads.example/gpt.js',
      first_promo_position_conversations: 3,
      promo_interval_conversations: 5,
      promo_interval_replies_conversations: 2,
    };
    const r = resultOf<Record<string, unknown>>(await change(app, admin.access_token, body));
    for (const [key, value] of Object.entries(body)) assert.equal(r[key], value, key);
    const settings = await settingsOf(app);
    for (const [key, value] of Object.entries(body)) assert.equal(settings[key], value, key);
  });

  test('an integration outside the list, a position outside 1–100, an over-long id or a script that is not https is a 400 and nothing is stored', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    for (const bad of [
      { general_ad_integration: 'adsense' },
      { trending_ad_alt_integration: 'GTAG' },
      { liveblog_ad_integration: null },
      { first_promo_position_conversations: 0 },
      { promo_interval_conversations: 101 },
      { promo_interval_replies_conversations: 2.5 },
      { standalone_site_ad_id: 'x'.repeat(201) },
      // a vendor's script is an https address or a path on the site, never anything that runs otherwise
      { ad_script_url_gtag: 'javascript:alert(1)' },
      { ad_script_url_custom: 'data:text/javascript,alert(1)' },
      { ad_script_url_taboola: '//ads.evil.example/loader.js' },
      { ad_script_url_vi: 'http://ads.example/tag.js' },
    ]) {
      const r = await change(app, admin.access_token, { ...bad, standalone_ad_integration: 'custom' });
      assert.equal(r.statusCode, 400, JSON.stringify(bad));
      assert.match((r.json() as { message: string }).message, new RegExp(Object.keys(bad)[0]!));
    }
    assert.equal((await settingsOf(app))['standalone_ad_integration'], 'none');
  });

  test('a non-admin cannot change ad settings', async (t) => {
    const app = await build(t);
    const mod = await signupAs(app, 'mod');
    assert.equal((await change(app, mod.access_token, { general_ad_integration: 'gtag' })).statusCode, 403);
  });

  test('a bad value already stored reads as the safe default (integration none)', async (t) => {
    const app = await build(t);
    await app.db
      .updateTable('sites')
      .set({ settings: JSON.stringify({ general_ad_integration: 'adsense', first_promo_position_conversations: 500, trending_ad_integration: 'taboola' }) })
      .where('uuid', '=', SITE)
      .execute();
    const settings = await settingsOf(app);
    assert.equal(settings['general_ad_integration'], 'none');
    assert.equal(settings['first_promo_position_conversations'], DEFAULT_AD_SETTINGS.first_promo_position_conversations);
    assert.equal(settings['trending_ad_integration'], 'taboola');
  });

  test('the demo site points every vendor at its local stand-in', async (t) => {
    const { app } = await buildWithDemoContent(t);
    const settings = await settingsOf(app);
    for (const [key, value] of Object.entries(DEMO_AD_SETTINGS)) assert.equal(settings[key], value, key);
    for (const vendor of ['custom', 'gtag', 'm32', 'outbrain', 'taboola', 'exco', 'vi', 'aniview']) {
      const url = settings[`ad_script_url_${vendor}`] as string;
      assert.equal(url, `/demo/vendors/${vendor}.js`);
    }
  });
});

describe('vendor stand-ins', () => {
  test('each vendor’s stand-in is served at /demo/vendors/<vendor>.js for any origin; other names are 400', async (t) => {
    const app = await build(t);
    for (const vendor of ['custom', 'gtag', 'm32', 'outbrain', 'taboola', 'exco', 'vi', 'aniview']) {
      const r = await app.inject({ method: 'GET', url: `/demo/vendors/${vendor}.js`, headers: { origin: 'https://elsewhere.example' } });
      assert.equal(r.statusCode, 200, vendor);
      assert.match(String(r.headers['content-type']), /javascript/);
      assert.match(r.body, /stand-in/);
      assert.equal(r.headers['access-control-allow-origin'], '*');
    }
    assert.equal((await app.inject({ method: 'GET', url: '/demo/vendors/adsense.js' })).statusCode, 400);
  });
});
