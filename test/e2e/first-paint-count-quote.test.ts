// The server-rendered first paint of <vf-conversations-count> and <vf-pull-quote> on the demo
// article: each is painted from the server before its chunk arrives (the quote when its 5 s
// rule fires), then its chunk hydrates the painted nodes, replacing none, with no warning and
// nothing shifting; without the server's markup they render as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_COMMENTERS, DEMO_THREADS } from '../../server/demo/conversation.ts';
import { browser, server, useServerAndBrowser } from './setup.ts';
import { heldPage, NOT_VF, PAINTED, painted, resetShift, shift, takenOver } from './heldChunks.ts';

useServerAndBrowser();

const TAGS = ['vf-conversations-count', 'vf-pull-quote'] as const;
const SEEDED = DEMO_THREADS.reduce((n, thread) => n + 1 + (thread.replies?.length ?? 0), 0);
/** The quote's default type: the most liked thread. */
const MOST_LIKED = [...DEMO_THREADS].sort((a, b) => (b.likedBy?.length ?? 0) - (a.likedBy?.length ?? 0))[0]!;
const QUOTED_NAME = DEMO_COMMENTERS.find((commenter) => commenter.key === MOST_LIKED.by)!.name;

type Marked = { kept?: boolean };

/** The demo article's pull quote alone on a publisher's page: no conversation for its button. */
const QUOTE_ALONE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
  <title>Trees</title><meta name="vf:container_id" content="demo-article-river-trees">
  <script async src="/vf.js"></script></head><body><h1>Trees</h1><vf-pull-quote></vf-pull-quote></body></html>`;

/** Opens the demo article with every chunk held back until `release()`; waits for both paints. */
async function openHeld() {
  const held = await heldPage({ width: 1000, height: 900 });
  await held.page.goto(`${server.origin}/demo/article.html`);
  for (const tag of TAGS) await painted(held.page, tag);
  return held;
}

describe('the count and the pull quote painted by the server', () => {
  it('paints both before any chunk, then hydrates the same nodes with no warning and nothing shifting', async () => {
    const { page, requests, errors, release } = await openHeld();
    const count = page.locator('vf-conversations-count');
    const quote = page.locator('vf-pull-quote');
    assert.equal(await count.locator('[part="count"]').textContent(), `${SEEDED} comments`);
    assert.equal(await quote.getByRole('heading').textContent(), 'What readers say');
    const painted = (await quote.locator('[part="quote"]').textContent())!;
    assert.ok(MOST_LIKED.text.replace(/\s+/g, ' ').startsWith(painted.replace(/…$/, '')), `the most liked comment: "${painted}"`);
    assert.equal(await quote.locator('[part="author"]').textContent(), `— ${QUOTED_NAME}`);
    assert.ok(await quote.getByRole('button', { name: 'Read the conversation' }).isVisible());
    for (const tag of TAGS) {
      assert.ok(requests.includes(`/api/first-paint/${tag}`), `${tag} was asked for`);
      assert.equal(await page.evaluate((tag) => customElements.get(tag), tag), undefined, `${tag}: no chunk yet`);
    }

    // Marks on the painted nodes: hydration must keep them.
    await page.evaluate(() => {
      for (const tag of ['vf-conversations-count', 'vf-pull-quote']) {
        document.querySelector(tag)!.shadowRoot!.querySelectorAll('*').forEach((node) => ((node as unknown as { kept: boolean }).kept = true));
      }
    });
    const heights = () => Promise.all([count.boundingBox(), quote.boundingBox()]).then((boxes) => boxes.map((box) => box?.height));
    const before = await heights();
    await resetShift(page);

    release();
    for (const tag of TAGS) await takenOver(page, tag);
    // A frame for anything the takeover would still change (the quote's button follows the page).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await page.evaluate(() =>
      ['vf-conversations-count', 'vf-pull-quote'].map((tag) => {
        const root = document.querySelector(tag)!.shadowRoot!;
        const nodes = [...root.querySelectorAll('*')];
        return { tag, nodes: nodes.length, kept: nodes.filter((node) => (node as unknown as Marked).kept).length, styles: root.querySelectorAll('style').length, sheets: root.adoptedStyleSheets.length };
      }),
    );
    for (const { tag, nodes, kept, styles, sheets } of after) {
      assert.ok(nodes > 0, `${tag} shows something`);
      assert.equal(kept, nodes, `${tag}: every node is the painted one`);
      assert.equal(styles, 0, `${tag}: the server's style copy gave way to the adopted sheets`);
      assert.ok(sheets >= 3, `${tag}: adopted sheets`);
    }
    assert.deepEqual(await heights(), before, 'the same heights');
    assert.equal(await shift(page), 0, 'no layout shift from the takeover');

    // React is in charge: the button takes the reader to the conversation.
    const activated = page.evaluate(
      () => new Promise<{ found: boolean }>((resolve) => document.querySelector('vf-pull-quote')!.addEventListener('vf-pull-quote-activated', (event) => resolve((event as CustomEvent).detail))),
    );
    await quote.getByRole('button', { name: 'Read the conversation' }).click();
    assert.equal((await activated).found, true);
    assert.deepEqual(errors.filter((text) => !NOT_VF.test(text)), [], 'no hydration warning, no error');
    await page.close();
  });

  it('a quote on a page without the conversation hydrates the painted button, then drops it', async () => {
    const { page, errors, release } = await heldPage();
    await page.route('**/quote-alone.html', (route) => route.fulfill({ contentType: 'text/html', body: QUOTE_ALONE }));
    await page.goto(`${server.origin}/demo/quote-alone.html`);
    await painted(page, 'vf-pull-quote');
    const quote = page.locator('vf-pull-quote');
    assert.equal(await quote.getByRole('button', { name: 'Read the conversation' }).count(), 1, 'the server paints the usual page');
    await page.evaluate(() => ((document.querySelector('vf-pull-quote')!.shadowRoot!.querySelector('[part="quote"]') as unknown as Marked).kept = true));
    release();
    await takenOver(page, 'vf-pull-quote');
    await quote.getByRole('button', { name: 'Read the conversation' }).waitFor({ state: 'detached' });
    assert.ok(await page.evaluate(() => (document.querySelector('vf-pull-quote')!.shadowRoot!.querySelector('[part="quote"]') as unknown as Marked).kept), 'hydrated, not replaced');
    assert.deepEqual(errors.filter((text) => !NOT_VF.test(text)), [], 'no hydration warning, no error');
    await page.close();
  });

  it("in a phone's byline the count has its line before it is painted: the article below does not move (vf.css)", async () => {
    const page = await (await browser.newContext({ viewport: { width: 412, height: 823 } })).newPage();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/first-paint/vf-conversations-count*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.origin}/demo/article.html`);
    const top = () => page.evaluate(() => document.querySelector('figure')!.getBoundingClientRect().top);
    const before = await top();
    answer();
    await painted(page, 'vf-conversations-count');
    await page.locator('vf-conversations-count').getByText(`${SEEDED} comments`).waitFor();
    assert.equal(await top(), before, 'the picture under the byline stays put');
    await page.close();
  });

  it('without the server markup both render as before', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.route('**/api/first-paint/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto(`${server.origin}/demo/article.html`);
    const count = page.locator('vf-conversations-count');
    await count.getByText(`${SEEDED} comments`).waitFor();
    const quote = page.locator('vf-pull-quote');
    await quote.locator('[part="author"]').getByText(`— ${QUOTED_NAME}`).waitFor({ timeout: 20_000 });
    for (const tag of TAGS) {
      assert.equal(await page.locator(tag).getAttribute(PAINTED), null);
      assert.ok(await page.evaluate((tag) => customElements.get(tag) !== undefined, tag));
    }
    await page.close();
  });
});
