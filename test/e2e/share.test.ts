// Sharing end to end, on the demo share page with the built client and the real server: a
// reader sees the seeded share count, copies the link (the browser's clipboard, permission
// granted), and both counts on the page move with the recorded share; the gallery's lightbox
// opens on the live blog's picture and closes with Escape.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

const countOf = (text: string | null) => Number(/(\d+) shares?/.exec(text ?? '')?.[1] ?? NaN);

describe('the demo share page', () => {
  it('copy link copies the shared address, says "Link copied", and the seeded count moves on the bar and the byline', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    // The links path, whatever this Chromium offers: no Web Share API (the browser API is the edge).
    await context.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    const page = await context.newPage();
    await page.goto(`${server.origin}/demo/share.html`);
    const byline = page.locator('vf-share-total [part~="total"]');
    await byline.getByText(/shares/).waitFor();
    const before = countOf(await byline.textContent());
    assert.ok(before >= 10, `seeded: ${before}`);

    const bar = page.locator('vf-share-bar');
    await bar.getByRole('link', { name: 'Share on Facebook' }).waitFor();
    await bar.getByRole('button', { name: 'Copy link' }).click();
    await bar.getByRole('status').getByText('Link copied').waitFor();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    assert.equal(copied.pathname, '/demo/share.html');
    assert.equal(copied.searchParams.get('vf_source'), 'copy');
    assert.equal(copied.searchParams.get('vf_medium'), 'share');

    await byline.getByText(`${before + 1} shares`).waitFor();
    await bar.locator('[part~="total"]').getByText(`${before + 1} shares`).waitFor();
    const pageUuid = await page.evaluate(async () => {
      const vf = (window as unknown as { vf: { context: { get(key: string): Promise<{ id: string }> } } }).vf;
      return (await vf.context.get('page')).id;
    });
    const totals = (await (await fetch(`${server.origin}/api/v2/pages/${pageUuid}/shares?section=${DEMO_SITE.uuid}`)).json()) as { result: { total: number } };
    assert.equal(totals.result.total, before + 1);
    await context.close();
  });

  it("the gallery shows the live blog's picture; it opens large and Escape closes it", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/demo/share.html`);
    const gallery = page.locator('vf-media-gallery');
    await gallery.scrollIntoViewIfNeeded();
    const thumbnail = gallery.getByRole('button', { name: /^Open image 1 of \d+: / });
    await thumbnail.click();
    const dialog = gallery.getByRole('dialog');
    await dialog.waitFor();
    assert.match((await dialog.getAttribute('aria-label')) ?? '', /^Image 1 of \d+$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});
