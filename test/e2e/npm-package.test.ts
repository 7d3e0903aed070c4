// The npm package `vf-client` (dist/npm, docs/developers.md) as a publisher's bundler-built page
// uses it: `npm pack` holds the ES entry, every lazy chunk, the typings and custom-elements.json;
// unpacked into a publisher's site (another origin) and imported there, its `register({ origin })`
// makes a <vf-poll> render against the real server, its chunks read from the vf server or, with
// `assets`, from the package.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { browser, server, useServerAndBrowser } from './setup.ts';
// @ts-expect-error plain ES module without types
import { packInto } from '../../scripts/client/package.mjs';

useServerAndBrowser();

interface PackResult { name: string; files: { path: string }[] }
let packed: PackResult;
let work = '';
let unpacked = '';

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'vf-npm-'));
  unpacked = join(work, 'node_modules', 'vf-client');
  packed = (await packInto('.', unpacked)) as PackResult;
  site = await startSite();
});
after(() => {
  site?.close();
  rmSync(work, { recursive: true, force: true });
});

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.ts': 'text/plain' };

/** The publisher's site: a real server on another port of 127.0.0.1 (one of the demo site's
 * domains), serving its story page and the unpacked package under /node_modules/vf-client/. */
let site: { origin: string; close: () => void };
let pageOptions = '';

function startSite(): Promise<typeof site> {
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/story.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
        <title>A publisher's story</title><meta name="vf:lang" content="en-us">
        <script type="module">
          import { register } from '/node_modules/vf-client/index.js';
          window.refused = [undefined, {}, { origin: 'comments.example.com' }, { origin: 'ftp://x.example' }].map((bad) => {
            try { register(bad); return 'started'; } catch (error) { return error.name; }
          });
          const vf = register(${pageOptions});
          window.sameVf = register({ origin: 'https://elsewhere.example' }) === vf && window.vf === vf;
        </script></head>
        <body><h1>Stadium</h1><vf-poll poll-id="stadium-plan"></vf-poll></body></html>`);
      return;
    }
    const file = normalize(path.replace(/^\/node_modules\/vf-client\//, ''));
    if (!path.startsWith('/node_modules/vf-client/') || file.startsWith('..') || !existsSync(join(unpacked, file))) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(join(unpacked, file)));
  });
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => {
    const { port } = http.address() as AddressInfo;
    resolve({ origin: `http://127.0.0.1:${port}`, close: () => http.close() });
  }));
}

/** Opens the publisher's story, whose module script imports the package as a bundler's output would and calls `register(options)`. */
async function publisherPage(options: string) {
  pageOptions = options;
  const page = await browser.newPage();
  const chunks: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (/\/chunks\/[\w-]+\.js$/.test(request.url())) chunks.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.origin}/story.html`);
  return { page, chunks, errors };
}

describe('the vf-client npm package', () => {
  it('packs the ES entry, every chunk, the typings and custom-elements.json, and nothing else', () => {
    const files = packed.files.map((f) => f.path).sort();
    assert.equal(packed.name, 'vf-client');
    for (const file of ['index.js', 'index.d.ts', 'react.d.ts', 'vue.d.ts', 'svelte.d.ts', 'custom-elements.json', 'vscode.html-custom-data.json', 'package.json', 'README.md']) {
      assert.ok(files.includes(file), `${file} is packed`);
    }
    const chunks = readdirSync('dist/chunks').filter((file) => file.endsWith('.js')).map((file) => `chunks/${file}`);
    assert.deepEqual(files.filter((file) => file.startsWith('chunks/')), chunks.sort());
    assert.ok(chunks.some((file) => /^chunks\/vf-poll-[\w-]+\.js$/.test(file)));
    assert.deepEqual(files.filter((file) => /\.(br|gz|map)$/.test(file)), []);

    const pkg = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(pkg.module, './index.js');
    assert.equal(pkg.types, './index.d.ts');
    assert.equal(pkg.customElements, './custom-elements.json');
    assert.deepEqual((pkg.exports as Record<string, unknown>)['.'], { types: './index.d.ts', default: './index.js' });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'custom-elements.json'), 'utf8')) as { schemaVersion: string };
    assert.equal(manifest.schemaVersion, '2.1.0');
    // The ES entry names the same hashed chunks as vf.js (its manifest: name → hash).
    const core = /\bcore:"[\w-]+"/.exec(readFileSync('dist/vf.js', 'utf8'))![0];
    assert.ok(readFileSync(join(unpacked, 'index.js'), 'utf8').includes(core));
  });

  it('register({ origin }) on a publisher page renders a poll against the vf server, chunks from that server', async () => {
    const { page, chunks, errors } = await publisherPage(`{ origin: '${server.origin}' }`);
    const poll = page.locator('vf-poll');
    await poll.getByRole('group', { name: 'Should the new stadium run without gas?' }).waitFor();
    await poll.getByRole('radio', { name: 'Yes, as planned' }).waitFor();
    assert.equal(await page.evaluate(() => (window as { sameVf?: boolean }).sameVf), true);
    // Without the server's address (absolute, http or https) it says so and starts nothing.
    assert.deepEqual(await page.evaluate(() => (window as { refused?: string[] }).refused), ['TypeError', 'TypeError', 'TypeError', 'TypeError']);
    assert.ok(chunks.some((url) => url.startsWith(`${server.origin}/chunks/vf-poll-`)), chunks.join('\n'));
    assert.deepEqual(chunks.filter((url) => !url.startsWith(`${server.origin}/chunks/`)), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('with assets, the chunks come from the package the publisher serves', async () => {
    const { page, chunks, errors } = await publisherPage(`{ origin: '${server.origin}', assets: '/node_modules/vf-client/' }`);
    await page.locator('vf-poll').getByRole('radio', { name: 'Yes, as planned' }).waitFor();
    assert.ok(chunks.some((url) => url.startsWith(`${site.origin}/node_modules/vf-client/chunks/vf-poll-`)), chunks.join('\n'));
    assert.deepEqual(chunks.filter((url) => url.startsWith(`${server.origin}/`)), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
