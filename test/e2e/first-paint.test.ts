// The server-rendered first paint on the demo article (docs/performance.md "Two paths to the
// first comments"): the loader shows the server's markup before any chunk has arrived; the
// element then takes it over without replacing a node (a guest) or in one commit with the
// reader's own state (signed in); a click on the painted markup is not lost; without the
// server's markup the element renders as before; the page carries the structured data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_THREADS } from '../../server/demo/conversation.ts';
import { browser, server, useServerAndBrowser } from './setup.ts';
import { heldPage, isVfCode, NOT_VF, PAINTED, painted, resetShift, shift, signedIn, takenOver } from './heldChunks.ts';

useServerAndBrowser();


/** The demo article's conversation alone on a publisher's page (no other widget to move it). */
const ALONE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
  <title>City plants 10,000 trees along its river</title><meta name="vf:container_id" content="demo-article-river-trees">
  <script async src="/vf.js"></script></head><body><h1>Comments</h1><vf-conversations></vf-conversations><p>After.</p></body></html>`;

/** Opens the demo article (or the conversation alone) with every chunk held back until `release()`. */
async function openHeld(prepare?: (page: Page) => Promise<void>, alone = false) {
  const held = await heldPage({ width: 1000, height: 700 }, prepare);
  const { page } = held;
  if (alone) await page.route('**/alone.html', (route) => route.fulfill({ contentType: 'text/html', body: ALONE }));
  await page.goto(`${server.origin}/demo/${alone ? 'alone' : 'article'}.html`);
  const widget = page.locator('vf-conversations');
  await widget.scrollIntoViewIfNeeded();
  await painted(page, 'vf-conversations');
  return { ...held, widget };
}

describe('the demo article painted by the server', () => {
  it('shows the first comments before any chunk, then a guest hydrates the same nodes with nothing shifting', async () => {
    const { page, widget, requests, errors, release } = await openHeld(undefined, true);
    const seeded = DEMO_THREADS.reduce((n, thread) => n + 1 + (thread.replies?.length ?? 0), 0);
    await widget.getByRole('heading', { name: `${seeded} comments` }).waitFor();
    for (const thread of DEMO_THREADS) assert.equal(await widget.getByText(thread.text).count(), 1);
    assert.ok(await widget.getByRole('button', { name: 'Log in', exact: true }).isVisible());
    const painting = requests.findIndex((path) => path.startsWith('/api/first-paint/'));
    assert.ok(painting >= 0 && !requests.slice(0, painting + 1).some(isVfCode), 'painting is asked for before any of core or the elements');
    assert.equal(await page.evaluate(() => customElements.get('vf-conversations')), undefined);
    // Marks on the painted nodes: hydration must keep them.
    await page.evaluate(() => {
      const root = document.querySelector('vf-conversations')!.shadowRoot!;
      root.querySelectorAll('[part~="comment"]').forEach((node) => ((node as unknown as { kept: boolean }).kept = true));
    });
    const size = async () => (await widget.boundingBox())?.height;
    const before = await size();
    // From here on (the paint itself moves what follows it, as any content arriving does).
    await resetShift(page);

    release();
    await takenOver(page, 'vf-conversations');
    const after = await page.evaluate(() => {
      const root = document.querySelector('vf-conversations')!.shadowRoot!;
      const comments = [...root.querySelectorAll('[part~="comment"]')];
      return { comments: comments.length, kept: comments.filter((node) => (node as unknown as { kept?: boolean }).kept).length, styles: root.querySelectorAll('style').length, sheets: root.adoptedStyleSheets.length };
    });
    assert.ok(after.comments > 0);
    assert.equal(after.kept, after.comments, 'every comment node is the painted one');
    assert.equal(after.styles, 0, "the server's style copy gave way to the adopted sheets");
    assert.ok(after.sheets >= 3);
    assert.equal(await size(), before, 'the same height');
    // React is in charge: the compose box asks a guest to log in.
    await widget.getByRole('textbox', { name: 'Write a comment' }).click();
    await page.getByRole('dialog').waitFor();
    assert.equal(await shift(page), 0, 'no layout shift from the takeover');
    assert.deepEqual(errors.filter((text) => !NOT_VF.test(text)), [], 'no hydration warning, no error');
    await page.close();
  });

  it('keeps a click made on the painted markup: Log in opens the dialog once React is there', async () => {
    const { page, widget, release } = await openHeld();
    await widget.getByRole('button', { name: 'Log in', exact: true }).click();
    release();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected'), 'true');
    await page.close();
  });

  it("a signed-in reader's likes and controls replace the guest's view when React takes over", async () => {
    const { page, widget, release } = await openHeld(await signedIn('admin'));
    // Maya's thread, liked by the admin (server/demo/conversation.ts).
    const liked = widget.getByRole('article').filter({ hasText: DEMO_THREADS[0]!.text }).first().getByRole('button', { name: /like/i }).first();
    assert.equal(await liked.getAttribute('aria-pressed'), 'false', 'the painted markup is the guest view');

    release();
    await takenOver(page, 'vf-conversations');
    await widget.getByRole('button', { name: 'Log in', exact: true }).waitFor({ state: 'detached' });
    assert.equal(await liked.getAttribute('aria-pressed'), 'true', "the admin's own like");
    assert.equal(await widget.getByRole('textbox', { name: 'Write a comment' }).count(), 1, 'one compose box, not two');
    await page.close();
  });

  it('carries schema.org structured data for the page', async () => {
    const { page, release } = await openHeld();
    const data = JSON.parse((await page.locator('vf-conversations > script[type="application/ld+json"]').textContent())!);
    assert.equal(data['@type'], 'DiscussionForumPosting');
    assert.equal(data.url, `${server.origin}/demo/article.html`);
    assert.match(data.headline, /City plants 10,000 trees along its river/);
    assert.equal(data.comment.length, DEMO_THREADS.length);
    release();
    await page.close();
  });

  it('without the server markup (an error, or turned off) the element renders as before', async () => {
    for (const prepare of [
      async (page: Page) => void (await page.route('**/api/first-paint/**', (route) => route.fulfill({ status: 500, body: 'down' }))),
      (page: Page) => page.route('**/demo/article.html', async (route) => {
        const html = await (await route.fetch()).text();
        await route.fulfill({ contentType: 'text/html', body: html.replace('<vf-conversations>', '<vf-conversations first-paint="off">') });
      }),
    ]) {
      const page = await (await browser.newContext()).newPage();
      const asked: string[] = [];
      page.on('request', (request) => request.url().includes('/api/first-paint/vf-conversations?') && asked.push(request.url()));
      await prepare(page);
      await page.goto(`${server.origin}/demo/article.html`);
      const widget = page.locator('vf-conversations');
      await widget.scrollIntoViewIfNeeded();
      await widget.getByText(DEMO_THREADS[0]!.text).waitFor();
      assert.equal(await widget.getAttribute(PAINTED), null);
      assert.ok(await page.evaluate(() => customElements.get('vf-conversations') !== undefined));
      assert.ok(asked.length <= 1);
      await page.close();
    }
  });
});
