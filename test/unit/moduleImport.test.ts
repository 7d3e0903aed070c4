// The loader's module importer: a chunk's files (and the chunks it imports) are fetched before the
// chunk is imported, so a failure leaves the browser's module map alone and a retry asks again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createModuleImporter, staticImportsOf } from '../../core/loader/moduleImport.ts';

const BASE = 'https://vf.example/chunks/';

/** A network of chunk files; `down` holds the addresses that fail right now. */
function network(files: Record<string, string>) {
  const down = new Set<string>();
  const fetched: string[] = [];
  const imported: string[] = [];
  const importer = createModuleImporter({
    fetch: async (url) => {
      fetched.push(url);
      if (down.has(url)) throw new TypeError('Failed to fetch');
      const text = files[url.slice(BASE.length)];
      return new Response(text ?? 'not found', { status: text === undefined ? 404 : 200 });
    },
    importModule: async (url) => {
      imported.push(url);
      return { url };
    },
  });
  return { importer, down, fetched, imported };
}

describe('staticImportsOf', () => {
  it('finds the static imports and re-exports of rollup output, not its dynamic imports', () => {
    const text =
      'import{a as e,b as t}from"./registry-AB.js";import"./side-CD.js";import*as n from"../other/x-EF.js";' +
      'const s=()=>__vfImport(new URL("./lazy-GH.js",import.meta.url).href),q=import("./late.js");' +
      'export{t as tray}from"./tray-IJ.js";export{e as a};';
    assert.deepEqual(staticImportsOf(text, `${BASE}core-XY.js`), [
      `${BASE}registry-AB.js`,
      `${BASE}side-CD.js`,
      'https://vf.example/other/x-EF.js',
      `${BASE}tray-IJ.js`,
    ]);
  });
});

describe('createModuleImporter', () => {
  it('fetches a chunk and the chunks it imports, then imports it', async () => {
    const net = network({ 'a.js': 'import{x}from"./b.js";', 'b.js': 'import"./c.js";', 'c.js': '' });
    await net.importer(`${BASE}a.js`);
    assert.deepEqual(net.fetched.sort(), [`${BASE}a.js`, `${BASE}b.js`, `${BASE}c.js`]);
    assert.deepEqual(net.imported, [`${BASE}a.js`]);
  });

  it('does not import while a file of the chunk is missing, and a retry fetches that file again', async () => {
    const net = network({ 'a.js': 'import{x}from"./b.js";', 'b.js': '' });
    net.down.add(`${BASE}b.js`);
    await assert.rejects(net.importer(`${BASE}a.js`), /Failed to fetch/);
    assert.deepEqual(net.imported, [], 'the module map never saw the failure');
    net.down.clear();
    await net.importer(`${BASE}a.js`);
    assert.equal(net.fetched.filter((url) => url === `${BASE}b.js`).length, 2);
    assert.deepEqual(net.imported, [`${BASE}a.js`]);
  });

  it('counts an error status as a failure', async () => {
    const net = network({ 'a.js': 'import"./gone.js";' });
    await assert.rejects(net.importer(`${BASE}a.js`), /gone\.js answered 404/);
    assert.deepEqual(net.imported, []);
  });

  it('fetches a file once when it arrived, however many chunks import it', async () => {
    const net = network({ 'a.js': 'import"./shared.js";', 'b.js': 'import"./shared.js";', 'shared.js': '' });
    await Promise.all([net.importer(`${BASE}a.js`), net.importer(`${BASE}b.js`)]);
    await net.importer(`${BASE}a.js`);
    assert.equal(net.fetched.filter((url) => url === `${BASE}shared.js`).length, 1);
  });

  it('imports a fresh address after import() itself failed, since the browser keeps that failure', async () => {
    const imported: string[] = [];
    let fail = true;
    const importer = createModuleImporter({
      fetch: async () => new Response(''),
      importModule: async (url) => {
        imported.push(url);
        if (fail) throw new TypeError('Failed to fetch dynamically imported module');
        return {};
      },
    });
    await assert.rejects(importer(`${BASE}a.js`));
    fail = false;
    await importer(`${BASE}a.js`);
    assert.deepEqual(imported, [`${BASE}a.js`, `${BASE}a.js?retry=1`]);
  });
});
