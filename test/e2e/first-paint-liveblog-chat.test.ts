// The server-rendered first paint of the demo live blog and chat (docs/performance.md "Two paths
// to the first comments"): the loader shows the server's markup before any chunk has arrived;
// a guest's element then hydrates it without replacing a node, with nothing shifting and no
// warning, even when the painted relative times are stale (a paint kept in the guest cache);
// the chat, painted, needs no fetch delay to be taken over; the live blog carries its
// LiveBlogPosting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_CHAT_MESSAGES } from '../../server/demo/chat.ts';
import { server, useServerAndBrowser } from './setup.ts';
import { heldPage, isVfCode, painted, resetShift, shift, takenOver } from './heldChunks.ts';

useServerAndBrowser();

type Tag = 'vf-liveblog' | 'vf-livechat';
const PAGES: Record<Tag, string> = { 'vf-liveblog': 'liveblog', 'vf-livechat': 'chat' };
/** Every item the element shows: posts or messages. */
const ITEM = '[part~="post"], [part~="message"]';

/** Opens the element's demo page with every chunk held back until `release()`. */
async function openHeld(tag: Tag, prepare?: (page: Page) => Promise<void>) {
  const held = await heldPage({ width: 1000, height: 800 }, prepare);
  await held.page.goto(`${server.origin}/demo/${PAGES[tag]}.html`);
  const widget = held.page.locator(tag);
  await widget.scrollIntoViewIfNeeded();
  await painted(held.page, tag);
  return { ...held, widget };
}

/** Releases the chunks and waits for React to have the markup; returns how many items kept their painted node. */
async function takeOver(page: Page, tag: Tag, release: () => void) {
  await page.evaluate(([name, item]) => {
    document.querySelector(name!)!.shadowRoot!.querySelectorAll(item!).forEach((node) => ((node as unknown as { kept: boolean }).kept = true));
  }, [tag, ITEM]);
  await resetShift(page);
  release();
  await takenOver(page, tag);
  return page.evaluate(([name, item]) => {
    const items = [...document.querySelector(name!)!.shadowRoot!.querySelectorAll(item!)];
    return { items: items.length, kept: items.filter((node) => (node as unknown as { kept?: boolean }).kept).length };
  }, [tag, ITEM]);
}


describe('the demo live blog and chat painted by the server', () => {
  it('the live blog shows its posts before any chunk, then a guest hydrates the same nodes', async () => {
    const { page, widget, requests, errors, release } = await openHeld('vf-liveblog');
    await widget.getByText('Good morning from the start line!').waitFor();
    assert.equal(await widget.locator('[part~="pinned-post"]').count(), 1);
    const painting = requests.findIndex((path) => path === '/api/first-paint/vf-liveblog');
    assert.ok(painting >= 0 && !requests.slice(0, painting + 1).some(isVfCode), 'painting is asked for before any of core or the elements');
    assert.equal(await page.evaluate(() => customElements.get('vf-liveblog')), undefined);
    const before = (await widget.boundingBox())?.height;
    const painted = await widget.locator(ITEM).count();

    const after = await takeOver(page, 'vf-liveblog', release);
    assert.equal(after.items, painted);
    assert.equal(after.kept, after.items, 'every post node is the painted one');
    assert.equal((await widget.boundingBox())?.height, before, 'the same height');
    // React is in charge: a guest's Reply asks them to log in.
    await widget.getByRole('button', { name: 'Reply' }).first().click();
    await page.getByRole('dialog').waitFor();
    // A painted time renewed to the reader's clock ("4 minutes ago" → "5 minutes ago") may move the
    // Pinned badge after it by a few pixels, as any minute's tick does; nothing else moves.
    assert.ok((await shift(page)) < 0.001, 'no layout shift from the takeover');
    assert.deepEqual(errors, [], 'no hydration warning, no error');

    const data = JSON.parse((await page.locator('vf-liveblog > script[type="application/ld+json"]').textContent())!);
    assert.equal(data['@type'], 'LiveBlogPosting');
    assert.equal(data.url, `${server.origin}/demo/liveblog.html`);
    assert.ok(data.headline);
    assert.equal(data.liveBlogUpdate.length, painted);
    await page.close();
  });

  it('the chat shows its messages before any chunk and is taken over at once, not after its fetch delay', async () => {
    const { page, widget, requests, errors, release } = await openHeld('vf-livechat');
    for (const message of DEMO_CHAT_MESSAGES) await widget.getByText(message.text, { exact: true }).first().waitFor();
    const painting = requests.findIndex((path) => path === '/api/first-paint/vf-livechat');
    assert.ok(painting >= 0 && !requests.slice(0, painting + 1).some(isVfCode), 'painting is asked for before any of core or the elements');
    assert.equal(await page.evaluate(() => customElements.get('vf-livechat')), undefined);
    // The chat's layout below its header ("N people here" arrives with the socket, painted or not).
    const layout = () => page.evaluate(() => {
      const root = document.querySelector('vf-livechat')!.shadowRoot!;
      const header = root.querySelector('[part="header"]')!.getBoundingClientRect().bottom;
      const parts = [...root.querySelectorAll('[part~="message"], [part="scroller"], [part="typing"], textarea')];
      return parts.map((node) => { const box = node.getBoundingClientRect(); return [Math.round(box.top - header), Math.round(box.height)]; });
    });
    const before = await layout();
    const started = Date.now();

    const after = await takeOver(page, 'vf-livechat', release);
    assert.ok(Date.now() - started < 8000, 'no 10 s wait');
    assert.equal(after.items, DEMO_CHAT_MESSAGES.length);
    assert.equal(after.kept, after.items, 'every message node is the painted one');
    assert.equal(await widget.getAttribute('data-vf-fetch'), null, 'taken over before the fetch delay ran out');
    assert.deepEqual(await layout(), before, 'every message, the box and the compose field where they were');
    await widget.getByRole('textbox').click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(errors, [], 'no hydration warning, no error');
    await page.close();
  });

  it('stale relative times in a kept paint hydrate without a mismatch, then read the reader\'s clock', async () => {
    const { page, widget, errors, release } = await openHeld('vf-livechat', async (page) => {
      await page.route('**/api/first-paint/vf-livechat**', async (route) => {
        const answer = (await (await route.fetch()).json()) as { result: { html: string } };
        answer.result.html = answer.result.html.replace(/(<time[^>]*>)[^<]*(<\/time>)/g, '$1long ago$2');
        await route.fulfill({ contentType: 'application/json', body: JSON.stringify(answer) });
      });
    });
    assert.equal(await widget.getByText('long ago').count(), DEMO_CHAT_MESSAGES.length, 'the painted times');
    const after = await takeOver(page, 'vf-livechat', release);
    assert.equal(after.kept, after.items, 'hydrated, not replaced');
    await page.waitForFunction(() => !document.querySelector('vf-livechat')!.shadowRoot!.textContent!.includes('long ago'));
    assert.match((await widget.locator('time').last().textContent())!, /ago|now/);
    assert.deepEqual(errors, [], 'no hydration warning, no error');
    await page.close();
  });
});
