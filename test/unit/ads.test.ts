/** Pure ad rules: settings validation and reading, the Outbrain title cut, Taboola placements, slot retry, visibility, opt-out. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { adFormat, adIsVisible, adOptedOut, cutTitle, integrationFormat, taboolaPlacement } from '../../core/ads/format.ts';
import { adFailureRecord, AD_FAILURE_REASONS } from '../../core/ads/failure.ts';
import { findSlot } from '../../core/ads/slot.ts';
import { AD_INTEGRATIONS, surfaceAdSettings, vendorScriptUrl } from '../../core/settings/ads.ts';
import { resolveSiteSettings, settingProblem } from '../../core/settings/site.ts';

describe('ad settings', () => {
  test('an integration must be one of the list', () => {
    for (const integration of AD_INTEGRATIONS) assert.equal(settingProblem('general_ad_integration', integration), null);
    assert.match(settingProblem('general_ad_integration', 'adsense')!, /must be one of none, custom, gtag, m32, outbrain, taboola, exco, vi, aniview/);
    assert.notEqual(settingProblem('standalone_ad_alt_integration', null), null);
  });

  test('promo positions are whole numbers 1–100; site ad ids are capped text', () => {
    assert.equal(settingProblem('first_promo_position_conversations', 1), null);
    assert.equal(settingProblem('promo_interval_conversations', 100), null);
    for (const bad of [0, 101, 2.5, '3', null]) assert.notEqual(settingProblem('promo_interval_replies_conversations', bad), null);
    assert.equal(settingProblem('trending_site_ad_id', 'x'.repeat(200)), null);
    assert.notEqual(settingProblem('trending_site_ad_id', 'x'.repeat(201)), null);
  });

  test('a stored bad value reads as the default; a surface’s settings read safely', () => {
    const settings = resolveSiteSettings({ general_ad_integration: 'adsense', general_ad_alt_integration: 'vi', general_site_ad_id: ' unit ' });
    assert.equal(settings.general_ad_integration, 'none');
    assert.deepEqual(surfaceAdSettings(settings, 'general'), { integration: 'none', alternative: 'vi', siteAdIds: ['unit', null] });
    assert.deepEqual(surfaceAdSettings(null, 'trending'), { integration: 'none', alternative: 'none', siteAdIds: [null, null] });
  });

  test('a vendor’s script is the site’s address, else the vendor’s own', () => {
    assert.equal(vendorScriptUrl({ ad_script_url_gtag: '/demo/vendors/gtag.js' }, 'gtag'), '/demo/vendors/gtag.js');
    assert.equal(vendorScriptUrl({}, 'gtag'), 'https://securepubads.g.doubleclick.net/tag/js/gpt.js');
    assert.equal(vendorScriptUrl({ ad_script_url_custom: '  ' }, 'custom'), null);
    // A stored address that is not https or a path on the site is ignored.
    assert.equal(vendorScriptUrl({ ad_script_url_gtag: 'javascript:alert(1)' }, 'gtag'), 'https://securepubads.g.doubleclick.net/tag/js/gpt.js');
    assert.equal(vendorScriptUrl({ ad_script_url_custom: '//evil.example/x.js' }, 'custom'), null);
  });
});

describe('ad rules', () => {
  test('Outbrain titles are cut at 70 characters with an ellipsis', () => {
    assert.equal(cutTitle('Short title'), 'Short title');
    assert.equal(cutTitle('a'.repeat(70)), 'a'.repeat(70));
    assert.equal(cutTitle('a'.repeat(71)), `${'a'.repeat(70)}…`);
    assert.equal(cutTitle(`${'word '.repeat(14)}and more`), `${'word '.repeat(14).trimEnd()}…`);
    assert.equal(Array.from(cutTitle('é'.repeat(80))).length, 71);
  });

  test('Taboola placements: above, mid (auto-numbered), mid-article', () => {
    assert.equal(taboolaPlacement('above'), 'Above Comments Thumbnails');
    assert.equal(taboolaPlacement('mid', 1), 'Mid Comments Thumbnails');
    assert.equal(taboolaPlacement('mid', 2), 'Mid Comments Thumbnails 2');
    assert.equal(taboolaPlacement('mid', 3), 'Mid Comments Thumbnails 3');
    assert.equal(taboolaPlacement('article'), 'Mid-Article Thumbnails');
  });

  test('a slot is looked for again 5 times, 1 s apart, then rejected', async () => {
    const waits: number[] = [];
    let lookups = 0;
    const slot = await findSlot(() => (lookups++, null), { retries: 5, delayMs: 1000, sleep: async (ms) => void waits.push(ms) });
    assert.equal(slot, null);
    assert.equal(lookups, 6);
    assert.deepEqual(waits, [1000, 1000, 1000, 1000, 1000]);
  });

  test('visible: 50 % of the height and 40 px of the width in view', () => {
    const entry = (h: number, w: number) => ({ intersectionRatio: 0, intersectionRect: { width: w, height: h }, boundingClientRect: { height: 250 } });
    assert.equal(adIsVisible(entry(125, 40)), true);
    assert.equal(adIsVisible(entry(124, 300)), false);
    assert.equal(adIsVisible(entry(250, 39)), false);
  });

  test('opt-out only when the key is exactly "true"; storage errors mean not opted out', () => {
    assert.equal(adOptedOut({ getItem: () => 'true' }), true);
    assert.equal(adOptedOut({ getItem: () => 'TRUE' }), false);
    assert.equal(adOptedOut({ getItem: () => null }), false);
    assert.equal(adOptedOut({ getItem: () => { throw new Error('blocked'); } }), false);
  });

  test('formats: unknown falls back to the 300 × 250 rectangle', () => {
    assert.equal(adFormat('Leaderboard'), 'leaderboard');
    assert.equal(adFormat('skyscraper'), 'rectangle');
  });

  test('an integration reserves 640 × 360 when it plays video, else the rectangle', () => {
    for (const video of ['exco', 'vi', 'aniview'] as const) assert.equal(integrationFormat(video), 'video');
    for (const other of ['custom', 'gtag', 'outbrain', 'taboola', 'none', undefined] as const) assert.equal(integrationFormat(other), 'rectangle');
  });

  test('the failure record (content.md §3)', () => {
    assert.deepEqual(adFailureRecord({ widget: 'vf-conversations', widgetId: 'w1', containerId: 'c1' }, 'gtag', AD_FAILURE_REASONS.gtagSlotNotFound), {
      status: 'failure', widget: 'vf-conversations', containerId: 'c1', ad_integration: 'gtag', failureReason: 'gtag slot not found during generateAd()',
    });
  });
});
