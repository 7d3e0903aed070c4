// What the demo article downloads (docs/performance.md "Weight until interactive"): only the code
// of the kinds on the page (none of the chat's, the live blog's, the polls' or the analytics
// dashboard's endpoints), and what the reader has not asked for (analytics, the ad code, the push
// opt-in, the tray) only after the elements a reader sees first are interactive.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/** What each kind's code carries once minified: its service name in every call, its realtime content types. */
const OTHER_KINDS: Record<string, RegExp> = {
  chat: /service:"chat"|"chat_message"/,
  'live blog': /service:"liveblog"|"liveblog_post"/,
  polls: /service:"polls"|\["poll"\]/,
  'analytics dashboard': /analyticsDashboard/,
};

/** The chunks that export the analytics client and the ad code (by name: dynamic imports keep it). */
const exporting = (name: string) => new RegExp(`export\\{[^}]*\\b${name}\\b[^}]*\\}`);
const ANALYTICS = exporting('startAnalytics');
const AD_CODE = exporting('serveAd');

const manifest = JSON.parse(readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8')) as Record<string, string>;

/** Page-side, before vf.js: when the conversation's React took the server's markup over. */
const WATCH = `new MutationObserver((_, observer) => {
  const conversation = document.querySelector('vf-conversations');
  if (!conversation || conversation.hasAttribute('data-vf-first-paint') || !customElements.get('vf-conversations')) return;
  window.__takenOver = performance.now();
  observer.disconnect();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-vf-first-paint'] });`;

interface Requested { path: string; start: number }

/** The article on a first visit, tall enough that every element and ad slot is near the viewport from the start. */
async function openArticle(): Promise<{ page: Page; requested: () => Promise<Requested[]> }> {
  const page = await (await browser.newContext({ viewport: { width: 1000, height: 2600 } })).newPage();
  await page.addInitScript(WATCH);
  await page.goto(`${server.origin}/demo/article.html`);
  const requested = () => page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })));
  return { page, requested };
}

/** Waits until a chunk whose text matches `marker` (or with that path) has been requested; its first start. */
async function startOf(page: Page, chunks: Map<string, string>, requested: () => Promise<Requested[]>, marker: RegExp | string): Promise<number> {
  for (let tries = 0; tries < 150; tries++) {
    const list = await requested();
    for (const { path, start } of list) {
      if (!path.startsWith('/chunks/')) continue;
      if (typeof marker === 'string' ? path === `/${marker}` : marker.test(await chunkText(chunks, path))) return start;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no chunk matching ${marker} was requested`);
}

async function chunkText(cache: Map<string, string>, path: string): Promise<string> {
  if (!cache.has(path)) cache.set(path, await (await fetch(`${server.origin}${path}`)).text());
  return cache.get(path)!;
}

describe('the demo article downloads', () => {
  it("no chat, live-blog, poll or analytics-dashboard code, up to the last thing it loads", async () => {
    const { page, requested } = await openArticle();
    const chunks = new Map<string, string>();
    // The last things it loads, once the page has settled: the tray, the analytics client, the ad code.
    await startOf(page, chunks, requested, manifest['vf-tray']!);
    await startOf(page, chunks, requested, ANALYTICS);
    await startOf(page, chunks, requested, AD_CODE);
    const paths = [...new Set((await requested()).map((entry) => entry.path).filter((path) => path.startsWith('/chunks/')))];
    assert.ok(paths.length > 10, `the article's chunks were seen (${paths.length})`);
    for (const path of paths) {
      const text = await chunkText(chunks, path);
      for (const [kind, marker] of Object.entries(OTHER_KINDS)) assert.doesNotMatch(text, marker, `${path} carries ${kind} code`);
    }
    await page.close();
  });

  it('analytics, the ad code, the push opt-in and the tray only after the conversation is interactive', async () => {
    const { page, requested } = await openArticle();
    const chunks = new Map<string, string>();
    const deferred = {
      'the analytics client': await startOf(page, chunks, requested, ANALYTICS),
      'the ad code': await startOf(page, chunks, requested, AD_CODE),
      'the push opt-in': await startOf(page, chunks, requested, manifest['vf-push-opt-in']!),
      'the tray': await startOf(page, chunks, requested, manifest['vf-tray']!),
    };
    const takenOver = (await page.evaluate('window.__takenOver')) as number | undefined;
    assert.ok(typeof takenOver === 'number', "the conversation's React took its markup over");
    for (const [what, start] of Object.entries(deferred)) assert.ok(start > takenOver, `${what} was asked for after the conversation was interactive`);
    // And the reader got them all the same: the push opt-in's button and an ad in the conversation.
    await page.locator('vf-push-opt-in').getByRole('button').first().waitFor();
    await page.locator('vf-conversations [slot]').first().waitFor({ state: 'attached' });
    await page.close();
  });
});
