// A newcomer opens the demo article and finds its readers already talking (the conversation
// `npm start` seeds), and joins through the widget's Sign up button. On the second demo article,
// whose conversation is empty, a reader signs up and comments (their own comments show at once);
// another reader, whose page is already open, sees the first comment of the empty conversation
// appear, is then offered "Show 1 new comment" for the next one and reveals it; after reloading,
// both still see it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_COMMENTERS, DEMO_THREADS } from '../../server/demo/conversation.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/** The second demo article: its conversation is not seeded, so it starts empty. */
async function openArticle(page: Page): Promise<void> {
  await page.goto(`${server.origin}/demo/second-article.html`);
  // Conversations load within 500 px of the viewport: scroll there like a reader would.
  await page.locator('vf-conversations').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
}

describe('the demo article, as a newcomer finds it', () => {
  it('shows readers already talking, with pictures, a pick and a pin; Sign up leads into the conversation', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/demo/article.html`);
    const widget = page.locator('vf-conversations');
    await widget.scrollIntoViewIfNeeded();
    const seeded = DEMO_THREADS.reduce((n, thread) => n + 1 + (thread.replies?.length ?? 0), 0);
    await widget.getByRole('heading', { name: `${seeded} comments` }).waitFor();
    for (const { name } of DEMO_COMMENTERS) {
      const comment = widget.getByRole('article', { name: `Comment by ${name}` }).first();
      await comment.scrollIntoViewIfNeeded();
      // Their picture is shown, not initials.
      const picture = await comment.locator('[part~="avatar"] img').first().elementHandle();
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, picture);
    }
    assert.equal(await widget.getByText('Pinned', { exact: true }).count(), 1);
    assert.equal(await widget.getByText("Editor's pick", { exact: true }).count(), 1);

    // A guest's way in: the Sign up button opens the dialog on its tab.
    await widget.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
    await completeLogin(page, `newcomer-${Date.now()}@example.com`, 'correct horse battery', 'New Reader');
    await widget.getByRole('button', { name: 'Sign up', exact: true }).waitFor({ state: 'detached' });
    assert.equal(await widget.getByRole('button', { name: 'Log in', exact: true }).count(), 0);
    const text = `Glad to find this conversation (${Date.now()})`;
    await widget.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await widget.getByRole('button', { name: 'Post', exact: true }).click();
    await widget.getByRole('article', { name: 'Comment by New Reader' }).getByText(text).waitFor();
    await widget.getByRole('heading', { name: `${seeded + 1} comments` }).waitFor();
    await page.close();
  });
});

describe('the second demo article, two readers', () => {
  it('shows a new comment live to another reader, and after a reload to both', async () => {
    const text = `Shade on the walk already makes a difference (${Date.now()})`;
    const readerA = await (await browser.newContext()).newPage();
    const readerB = await (await browser.newContext()).newPage();
    await openArticle(readerB);
    await openArticle(readerA);
    await readerB.getByText('Be the first to comment.').waitFor();

    // Reader A is a guest: trying to comment opens the sign-up dialog.
    await readerA.getByRole('textbox', { name: 'Write a comment' }).click();
    await completeLogin(readerA, `reader-a-${Date.now()}@example.com`, 'correct horse battery', 'Reader A');

    const post = async (content: string) => {
      await readerA.getByRole('textbox', { name: 'Write a comment' }).fill(content);
      await readerA.getByRole('button', { name: 'Post', exact: true }).click();
    };
    const commentByA = (page: Page, content = text) => page.getByRole('article', { name: 'Comment by Reader A' }).getByText(content);
    // B's conversation is empty: A's first comment simply appears there, nothing can jump.
    const first = `First thoughts (${Date.now()})`;
    await post(first);
    await commentByA(readerA, first).waitFor();
    await commentByA(readerB, first).waitFor({ timeout: 10000 });

    await post(text);
    await commentByA(readerA).waitFor(); // the author's own comment shows at once

    // Reader B is now reading: the next comment arrives over the realtime feed held behind a
    // "Show 1 new comment" control so B's list does not jump.
    const reveal = readerB.getByRole('button', { name: 'Show 1 new comment' });
    await reveal.waitFor({ timeout: 10000 });
    assert.equal(await commentByA(readerB).count(), 0);
    await reveal.click();
    await commentByA(readerB).waitFor();
    assert.equal(await commentByA(readerB).count(), 1);
    // Focus moves to the revealed comment.
    const focused = await readerB.evaluate(() => document.querySelector('vf-conversations')?.shadowRoot?.activeElement?.textContent ?? '');
    assert.ok(focused.includes(text), 'focus on the new comment');

    for (const page of [readerA, readerB]) {
      await page.reload();
      await page.locator('vf-conversations').scrollIntoViewIfNeeded();
      await commentByA(page).waitFor();
      assert.equal(await commentByA(page).count(), 1);
      assert.equal(await page.getByRole('textbox', { name: 'Write a comment' }).inputValue(), '');
    }
    // The count near the headline follows the conversation.
    await readerB.locator('vf-conversations-count').getByText('2 comments').waitFor();
  });
});
