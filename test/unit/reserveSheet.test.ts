// The build's vf.css (scripts/rollup-plugins.mjs `reserveSheet`, docs/performance.md "Layout
// shift"): a rule for every box of elements/reserves.json, for the element before it is defined.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error plain ES module without types
import { reserveSheet } from '../../scripts/rollup-plugins.mjs';
import { hostReserveCss, undefinedReserveCss, type Reserve } from '../../elements/reserveRules.mjs';
import { AD_FORMATS } from '../../core/ads/format.ts';
import { VIDEO_INTEGRATIONS } from '../../core/settings/ads.ts';

const reserves = JSON.parse(readFileSync('elements/reserves.json', 'utf8')) as Record<string, Reserve>;

/** What the build writes as dist/vf.css. */
async function builtSheet(): Promise<string> {
  const files: Array<{ fileName: string; source: string }> = [];
  await reserveSheet().generateBundle.call({ emitFile: (file: { fileName: string; source: string }) => files.push(file) });
  assert.deepEqual(files.map((file) => file.fileName), ['vf.css']);
  return files[0]!.source;
}

/** `{ selector: box }` of one entry, as reserves.json may write it. */
function boxes(reserve: Reserve): Array<[string, string | Record<string, string>]> {
  if (typeof reserve === 'string') return [[':host', reserve]];
  return Object.keys(reserve).some((key) => key.startsWith(':host')) ? Object.entries(reserve) : [[':host', reserve as Record<string, string>]];
}

describe('vf.css', async () => {
  const sheet = await builtSheet();
  const rules = new Map(sheet.split('\n').filter((line) => line.includes(':not(:defined){')).map((line) => [line.slice(0, line.indexOf('{')), line]));

  for (const [tag, reserve] of Object.entries(reserves)) {
    it(`reserves ${tag}'s box until it is defined`, () => {
      for (const [selector, box] of boxes(reserve)) {
        const host = selector === ':host' ? tag : selector.replace(/^:host\((.*)\)$/, `${tag}$1`);
        const rule = rules.get(`${host}:not(:defined)`);
        assert.ok(rule, `no rule for ${host}`);
        const declarations = typeof box === 'string' ? { 'min-height': box } : box;
        for (const [name, value] of Object.entries(declarations)) assert.ok(rule.includes(`${name}:${value}`), `${host}: ${name}:${value} in ${rule}`);
      }
    });
  }

  it('holds nothing else but the boxes that follow their attributes, and the count\'s until it shows one', () => {
    assert.equal(rules.size, Object.values(reserves).reduce((count: number, reserve) => count + boxes(reserve).length, 0));
    const others = sheet.split('\n').slice(1).filter((line) => line && !line.includes(':not(:defined){'));
    assert.equal(others.length, 3);
    assert.match(others[0]!, /^vf-trending-articles\{--_vf-tr-n: ?5\}/);
    assert.match(others[1]!, /^vf-ad\{--_vf-ad-h: ?250px\}/);
    assert.match(others[2]!, /^vf-conversations-count:not\(\[data-vf-first-paint\]\):not\(\[data-vf-state=ready\]\)\{display:inline-block;min-width:6\.5em\}/);
    for (const other of others) assert.ok(!other.includes('/*'), 'minified');
  });

  it("gives <vf-ad> each format's height, and a video integration's by default (core/ads/format.ts)", () => {
    const ad = sheet.split('\n').find((line) => line.startsWith('vf-ad{'))!;
    const height = (selector: string) => new RegExp(`(^|\\})${selector.replace(/[[\]()]/g, '\\$&')}\\{--_vf-ad-h: ?(\\d+)px\\}`).exec(ad)?.[2];
    assert.equal(height('vf-ad'), String(AD_FORMATS.rectangle.height), 'the default, the rectangle');
    for (const [format, size] of Object.entries(AD_FORMATS)) {
      if (format !== 'rectangle') assert.equal(height(`vf-ad[format=${format} i]`), String(size.height), format);
    }
    const video = VIDEO_INTEGRATIONS.map((integration) => `[integration=${integration}]`).join();
    assert.equal(height(`vf-ad:is(${video}):is(:not([format]),[format=""])`), String(AD_FORMATS.video.height), 'a video integration');
  });

  it("an element's own rules give the skeleton its height", () => {
    assert.equal(hostReserveCss('9rem'), ':host{display:block;min-height:9rem;--_vf-reserve:9rem}');
    assert.equal(
      hostReserveCss({ ':host': '13rem', ':host([compact])': { 'min-width': '5rem', 'min-height': '2rem' } }),
      ':host{display:block;min-height:13rem;--_vf-reserve:13rem}:host([compact]){min-width:5rem;min-height:2rem;--_vf-reserve:2rem}',
    );
  });

  it('refuses a host selector it cannot write for the tag', () => {
    assert.throws(() => undefinedReserveCss({ 'vf-poll': { ':host': '9rem', ':host-context(.dark)': '9rem' } }), /is not :host or :host\(<selector>\)/);
  });
});
