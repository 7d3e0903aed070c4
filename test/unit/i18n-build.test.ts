// The build's i18n plugin (scripts/rollup-plugins.mjs): messages become precompiled ASTs, and a
// key a language lacks is filled with the en-us text inside that language's own chunk.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ES module without types
import { i18nMessages } from '../../scripts/rollup-plugins.mjs';

interface TransformResult {
  code: string;
}
interface Plugin {
  transform(this: unknown, code: string, id: string): TransformResult | null;
}

function run(files: Record<string, Record<string, string>>, id: string) {
  const root = mkdtempSync(join(tmpdir(), 'vf-i18n-'));
  try {
    for (const [path, messages] of Object.entries(files)) {
      mkdirSync(join(root, 'i18n', path, '..'), { recursive: true });
      writeFileSync(join(root, 'i18n', path), JSON.stringify(messages));
    }
    const warnings: string[] = [];
    const context = {
      warn: (message: string) => warnings.push(message),
      error: (message: string) => {
        throw new Error(message);
      },
      addWatchFile: () => {},
    };
    const plugin = i18nMessages() as Plugin;
    const file = join(root, 'i18n', id);
    const result = plugin.transform.call(context, JSON.stringify(files[id]), file);
    return { result, warnings };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function evaluate(code: string): Promise<{ default: Record<string, unknown>; fallbacks: string[] }> {
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

describe('i18n build plugin', () => {
  it('precompiles messages to ASTs, with no fallbacks for a complete language', async () => {
    const { result, warnings } = run({
      'en-us/quote.json': { 'quote.region': 'Quote', 'quote.attribution': '— {name}' },
      'de-de/quote.json': { 'quote.region': 'Zitat', 'quote.attribution': '— {name}' },
    }, 'de-de/quote.json');
    const mod = await evaluate(result!.code);
    assert.deepEqual(mod.default['quote.region'], [{ type: 0, value: 'Zitat' }]);
    assert.deepEqual(mod.fallbacks, []);
    assert.deepEqual(warnings, []);
  });

  it('fills a missing key with the en-us text, lists it and warns', async () => {
    const { result, warnings } = run({
      'en-us/quote.json': { 'quote.region': 'Quote', 'quote.share': 'Share this quote' },
      'de-de/quote.json': { 'quote.region': 'Zitat' },
    }, 'de-de/quote.json');
    const mod = await evaluate(result!.code);
    assert.deepEqual(mod.default['quote.share'], [{ type: 0, value: 'Share this quote' }]);
    assert.deepEqual(mod.fallbacks, ['quote.share']);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /de-de\/quote: 1 message\(s\) not translated.*quote\.share/);
  });

  it('refuses a message that is not valid ICU', () => {
    assert.throws(() => run({
      'en-us/quote.json': { 'quote.region': 'Quote {' },
    }, 'en-us/quote.json'), /not valid ICU/);
  });

  it('leaves other JSON alone', () => {
    const plugin = i18nMessages() as Plugin;
    assert.equal(plugin.transform.call({}, '{}', '/x/package.json'), null);
  });
});
