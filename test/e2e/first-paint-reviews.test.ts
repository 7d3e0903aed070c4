// The server-rendered first paint of the demo product's reviews (docs/performance.md "Two paths
// to the first comments"): the loader shows the server's markup before any chunk has arrived, so
// the list has its height at once (it was the reviews page's layout shift); a guest's element
// then hydrates it without replacing a node, with nothing shifting and no warning, and writes the
// reviews' structured data into the page's head.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_REVIEWS } from '../../server/demo/reviews.ts';
import { server, useServerAndBrowser } from './setup.ts';
import { heldPage, isVfCode, painted, resetShift, shift, takenOver } from './heldChunks.ts';

useServerAndBrowser();

describe('the demo reviews painted by the server', () => {
  it('shows the reviews before any chunk, then a guest hydrates the same nodes', async () => {
    const { page, requests, errors, release } = await heldPage({ width: 1000, height: 800 });
    await page.goto(`${server.origin}/demo/reviews.html`);
    const widget = page.locator('vf-reviews');
    await widget.scrollIntoViewIfNeeded();
    await painted(page, 'vf-reviews');
    for (const review of DEMO_REVIEWS.filter((r) => r.title)) await widget.getByText(review.title!, { exact: true }).waitFor();
    const painting = requests.findIndex((path) => path === '/api/first-paint/vf-reviews');
    assert.ok(painting >= 0 && !requests.slice(0, painting + 1).some(isVfCode), 'painting is asked for before any of core or the elements');
    assert.equal(await page.evaluate(() => customElements.get('vf-reviews')), undefined);
    const before = (await widget.boundingBox())?.height;
    await page.evaluate(() => {
      document.querySelector('vf-reviews')!.shadowRoot!.querySelectorAll('[part~="review"]').forEach((node) => ((node as unknown as { kept: boolean }).kept = true));
    });

    await resetShift(page);
    release();
    await takenOver(page, 'vf-reviews');
    const after = await page.evaluate(() => {
      const items = [...document.querySelector('vf-reviews')!.shadowRoot!.querySelectorAll('[part~="review"]')];
      return { items: items.length, kept: items.filter((node) => (node as unknown as { kept?: boolean }).kept).length };
    });
    assert.equal(after.items, DEMO_REVIEWS.length);
    assert.equal(after.kept, after.items, 'every review node is the painted one');
    assert.equal((await widget.boundingBox())?.height, before, 'the same height');
    // React is in charge: a guest's Helpful asks them to log in.
    await widget.getByRole('button', { name: /^Mark .* review as helpful/ }).first().click();
    await page.getByRole('dialog').waitFor();
    assert.ok((await shift(page)) < 0.001, 'no layout shift from the takeover');
    assert.deepEqual(errors, [], 'no hydration warning, no error');
    const data = JSON.parse((await page.locator('head > script[type="application/ld+json"][data-vf-reviews]').textContent())!);
    assert.equal(data.aggregateRating.ratingCount, DEMO_REVIEWS.length);
    assert.equal(data.url, `${server.origin}/demo/reviews.html`);
    await page.close();
  });
});
