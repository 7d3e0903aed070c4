// A reader signs up and comments on the demo article; another reader, whose page is already
// open, sees the comment arrive without reloading; after reloading, both still see it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.mjs';
import { startServer } from '../support/serve.mjs';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openArticle(page: Page): Promise<void> {
  await page.goto(`${server.origin}/demo/article.html`);
  // Conversations load within 500 px of the viewport: scroll there like a reader would.
  await page.locator('vf-conversations').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
}

describe('demo article conversations, two readers', () => {
  it('shows a new comment live to another reader, and after a reload to both', async () => {
    const text = `Shade on the walk already makes a difference (${Date.now()})`;
    const readerA = await (await browser.newContext()).newPage();
    const readerB = await (await browser.newContext()).newPage();
    await openArticle(readerB);
    await openArticle(readerA);
    await readerB.getByText('Be the first to comment.').waitFor();

    // Reader A is a guest: trying to comment opens the sign-up dialog.
    await readerA.getByRole('textbox', { name: 'Write a comment' }).click();
    const dialog = readerA.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign up' }).click();
    await dialog.getByLabel('Name').fill('Reader A');
    await dialog.getByLabel('Email').fill(`reader-a-${Date.now()}@example.com`);
    await dialog.getByLabel('Password').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await readerA.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await readerA.getByRole('button', { name: 'Post', exact: true }).click();
    const commentByA = (page: Page) => page.getByRole('article', { name: 'Comment by Reader A' }).getByText(text);
    await commentByA(readerA).waitFor();

    // Reader B never reloaded: the comment arrives over the realtime feed.
    await commentByA(readerB).waitFor({ timeout: 10000 });
    assert.equal(await commentByA(readerB).count(), 1);

    for (const page of [readerA, readerB]) {
      await page.reload();
      await page.locator('vf-conversations').scrollIntoViewIfNeeded();
      await commentByA(page).waitFor();
      assert.equal(await commentByA(page).count(), 1);
      assert.equal(await page.getByRole('textbox', { name: 'Write a comment' }).inputValue(), '');
    }
    // The count near the headline follows the conversation.
    await readerB.locator('vf-conversations-count').getByText('1 comment').waitFor();
  });
});
