// A flaky network: a signed-in reader's page loses its realtime socket and, for 4 s, every API
// request (connection reset) while websockets still connect. Three comments are posted from
// elsewhere meanwhile. The page reconnects at once, its catch-up call fails, and it says live
// updates are paused; once the network is back its retries fetch the three comments, with no
// help from the page (no reload, no `online` event, no visibility change), and the notice goes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, WebSocketRoute } from 'playwright-core';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { callApi } from '../support/callApi.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

const SITE = DEMO_SITE.uuid;
const PAUSED = 'Live updates are paused.';
const CUT_MS = 4000;

/** Counts the page events that would also make the page look for missed events. */
function countWakeEvents(): void {
  const w = window as unknown as { wakeEvents: string[] };
  w.wakeEvents = [];
  window.addEventListener('online', () => w.wakeEvents.push('online'));
  document.addEventListener('visibilitychange', () => w.wakeEvents.push('visibilitychange'));
}

async function signIn(page: Page, name: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Write a comment' }).click();
  await completeLogin(page, `${name.replace(' ', '-').toLowerCase()}-${Date.now()}@example.com`, 'correct horse battery', name);
}

describe('realtime catch-up on a flaky network', () => {
  it('retries the failed catch-up: the missed comments appear, paused shows meanwhile', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.addInitScript(countWakeEvents);

    // The page's sockets go through the test, which can drop one and swallow its events.
    const sockets: WebSocketRoute[] = [];
    let swallow = false;
    await page.routeWebSocket((url) => url.pathname === '/ws', (ws) => {
      const toServer = ws.connectToServer();
      toServer.onMessage((message) => {
        if (!swallow) ws.send(message);
      });
      sockets.push(ws);
    });
    let cut = false;
    await page.route('**/api/**', (route) => (cut ? route.abort('connectionreset') : route.fallback()));

    // The second demo article: its conversation starts empty (the first article's is seeded).
    await page.goto(`${server.origin}/demo/second-article.html`);
    await page.locator('vf-conversations').scrollIntoViewIfNeeded();
    await signIn(page, 'Flaky Reader');
    await page.getByText('Be the first to comment.').waitFor();

    // Someone else, elsewhere.
    const email = `elsewhere-${Date.now()}@example.com`;
    await callApi(server.origin, 'POST', '/api/v2/users', { name: 'Elsewhere Writer', email, password: 'correct horse battery', section: SITE });
    const { access_token: token } = await callApi<{ access_token: string }>(server.origin, 'POST', '/api/v2/users/login', { email, password: 'correct horse battery', section: SITE });
    const { content_container_uuid: container } = await callApi<{ content_container_uuid: string }>(
      server.origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=demo-article-night-sky`,
    );

    // The network goes: API requests fail, the socket's events stop reaching the page…
    cut = true;
    swallow = true;
    const texts = [1, 2, 3].map((n) => `Missed while offline, number ${n} (${Date.now()})`);
    await Promise.all(texts.map((content) => callApi(server.origin, 'POST', `/api/comments/${SITE}/${container}/comments`, { content }, token)));
    // …and the socket drops. The page reconnects (websockets connect again) and learns from the
    // subscribe reply that it missed events, but its catch-up call fails.
    const socketsBefore = sockets.length;
    await sockets.at(-1)!.close({ code: 1012 });
    swallow = false;
    const cutAt = Date.now();
    for (let i = 0; i < 100 && sockets.length === socketsBefore; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(sockets.length > socketsBefore, 'the page reconnected');
    await page.getByText(PAUSED).waitFor({ timeout: CUT_MS });
    for (const text of texts) assert.equal(await page.getByText(text).count(), 0);

    // The network is back: the next retry fetches the missed comments on its own.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, CUT_MS - (Date.now() - cutAt))));
    cut = false;
    for (const text of texts) await page.getByText(text).waitFor({ timeout: 15000 });
    await page.getByText(PAUSED).waitFor({ state: 'hidden' });
    assert.deepEqual(await page.evaluate(() => (window as unknown as { wakeEvents: string[] }).wakeEvents), []);
    assert.equal(sockets.length, socketsBefore + 1, 'no further reconnect was needed');
  });
});
