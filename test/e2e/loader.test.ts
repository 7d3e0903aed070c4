// The built loader (dist/vf.js) on a publisher page: the global API, the double-load guard and
// the spec's lazy-loading rule for conversations (within 500 px of the viewport, or after 10 s).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/** A publisher page served from the vf origin: a long article with the widget far below. */
function publisherPage(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
    <title>Loader test</title><meta name="vf:container_id" content="loader-test-${Date.now()}">${head}
    <script async src="/vf.js"></script></head><body>${body}</body></html>`;
}

async function open(html: string, prepare?: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
  const chunks: string[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const match = /\/chunks\/([a-z-]+)-[\w-]{6}\.js$/.exec(request.url()); // an entry: [name]-[hash:6].js
    if (match) chunks.push(match[1]!);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${server.origin}/loader-test.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }));
  await prepare?.(page);
  await page.goto(`${server.origin}/loader-test.html`);
  await page.waitForFunction(() => typeof (window as { vf?: unknown }).vf === 'object');
  return { page, chunks, warnings, errors };
}

const farBelow = '<div style="height:3000px">Article text</div><vf-conversations></vf-conversations>';

describe('vf.js loader', () => {
  it('is served compressed with a short cache, its hashed chunks with an immutable one', async () => {
    const loader = await fetch(`${server.origin}/vf.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(loader.status, 200);
    assert.equal(loader.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(loader.headers.get('content-encoding'), 'br');
    const manifest = /\bcore:"([\w-]+)"/.exec(await loader.text());
    assert.ok(manifest, 'the loader carries the chunk manifest (name: hash)');
    const chunk = await fetch(`${server.origin}/chunks/core-${manifest[1]}.js`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(chunk.headers.get('content-encoding'), 'gzip');
  });

  it('refuses a second load with the spec message', async () => {
    const { page, errors } = await open(publisherPage('<p>hi</p>'));
    await page.evaluate(() => new Promise<void>((resolve) => {
      const again = document.createElement('script');
      again.src = '/vf.js';
      again.onload = () => resolve();
      document.head.append(again);
    }));
    assert.deepEqual(errors, ['Do not load vf.js twice. Please.']);
    await page.close();
  });

  it('runs $ready callbacks and drains window.vfQ once ready, and rejects what the spec rejects', async () => {
    const head = '<script>window.vfQ = [function () { window.fromQueue = true; }];</script>';
    const { page, warnings } = await open(publisherPage('<p>hi</p>', head));
    const result = await page.evaluate(async () => {
      const vf = (window as unknown as { vf: Record<string, any> }).vf;
      vf.$ready('not a function');
      await new Promise<void>((resolve) => vf.$ready(resolve));
      const user = await vf.context.get('user');
      const page = await vf.context.get('page');
      const bad = await vf.context.get('profile').then(() => 'resolved', (error: Error) => error.message);
      const heard: unknown[] = [];
      vf.$subscribe('demo', 'ping', (payload: unknown) => heard.push(payload));
      vf.$publish('demo', 'ping', { n: 1 });
      vf.$publish('bad name!', 'ping', {});
      vf.$unsubscribe('demo', 'ping');
      vf.$publish('demo', 'ping', { n: 2 });
      const middleware: unknown[] = [];
      vf.$prepublish('demo', 'pong', (payload: { n: number }) => (payload.n > 1 ? false : { n: payload.n + 100 }));
      vf.$once('demo', 'pong', (payload: unknown) => middleware.push(payload));
      vf.$subscribe('demo', 'pong', (payload: unknown) => middleware.push(payload));
      vf.$publish('demo', 'pong', { n: 1 });
      vf.$publish('demo', 'pong', { n: 2 });
      const queued: string[] = [];
      (window as unknown as { vfQ: Array<() => void> }).vfQ.push(() => queued.push('ran at once'));
      return { fromQueue: (window as { fromQueue?: boolean }).fromQueue, user, page, bad, heard, queued, middleware };
    });
    assert.equal(result.fromQueue, true);
    assert.equal(result.user.id, null, 'a guest\'s user context holds nulls');
    assert.match(result.page.container_id, /^loader-test-/);
    assert.equal(result.bad, 'Invalid context key, profile, specified. Valid contexts are: user, page, notifications');
    assert.deepEqual(result.heard, [{ n: 1 }]);
    assert.deepEqual(result.middleware, [{ n: 101 }, { n: 101 }], '$prepublish rewrote the first and swallowed the second; $once heard one');
    assert.deepEqual(result.queued, ['ran at once']);
    assert.ok(warnings.some((text) => text.includes('invalid event name')), warnings.join('\n'));
    await page.close();
  });

  it('loads the count at once and conversations only within 500 px of the viewport', async () => {
    const { page, chunks } = await open(publisherPage(`<vf-conversations-count></vf-conversations-count>${farBelow}`));
    await page.evaluate(() => new Promise<void>((resolve) => (window as any).vf.$ready(resolve)));
    await page.waitForFunction(() => customElements.get('vf-conversations-count') !== undefined);
    assert.ok(chunks.includes('core') && chunks.includes('vf-conversations-count'), chunks.join());
    assert.ok(!chunks.includes('vf-conversations'), 'conversations wait while far from the viewport');

    // 3000 px down, a 600 px viewport: scrolling to 1950 puts the widget 450 px below the fold.
    await page.evaluate(() => window.scrollTo(0, 1950));
    await page.waitForFunction(() => customElements.get('vf-conversations') !== undefined);
    assert.ok(chunks.includes('vf-conversations'));
    await page.close();
  });

  it('loads conversations after 10 s even when never scrolled into view', async () => {
    const { page, chunks } = await open(publisherPage(farBelow), (p) => p.clock.install());
    await page.clock.runFor(9000);
    assert.ok(!chunks.includes('vf-conversations'), 'not before 10 s');
    await page.clock.runFor(1500);
    await page.waitForFunction(() => customElements.get('vf-conversations') !== undefined);
    assert.ok(chunks.includes('vf-conversations'));
    await page.close();
  });
});
