// A moderator and two readers on the second demo article (its conversation starts empty; the
// first article's is seeded), each in their own browser: the readers' edits and reports and the
// moderator's pins and moderation arrive live on the other pages, each page showing what its
// viewer may see.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

async function openArticle(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/demo/second-article.html`);
  await page.locator('vf-conversations').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  return page;
}

/** Opens the login dialog from the compose box and signs up (name) or logs in (no name). */
async function signIn(page: Page, email: string, password: string, name?: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Write a comment' }).click();
  await completeLogin(page, email, password, name);
}

const byAda = (page: Page) => page.getByRole('article', { name: 'Comment by Ada Author' });

async function act(page: Page, item: string): Promise<void> {
  await byAda(page).getByRole('button', { name: "More actions for Ada Author's comment" }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('moderation on the second demo article, a moderator and two readers', () => {
  it('edits, reports, pins and moderation reach every open page live', async () => {
    const [ada, bea, mod] = [await openArticle(), await openArticle(), await openArticle()];
    const stamp = Date.now();
    await signIn(ada, `ada-${stamp}@example.com`, 'correct horse battery', 'Ada Author');
    await signIn(bea, `bea-${stamp}@example.com`, 'correct horse battery', 'Bea Reader');
    await signIn(mod, 'moderator@vf.local', 'moderator-demo-1');

    await ada.getByRole('textbox', { name: 'Write a comment' }).fill('First thoughts on the park');
    await ada.getByRole('button', { name: 'Post', exact: true }).click();
    // The conversation was empty, so nothing can jump: the first comment shows at once
    // (later ones wait behind "Show N new comments": test/e2e/conversations.test.ts).
    for (const page of [bea, mod]) await byAda(page).getByText('First thoughts on the park').waitFor();

    // The author edits: the others see the new text, marked edited, without reloading.
    await act(ada, 'Edit');
    await ada.getByRole('textbox', { name: 'Edit your comment' }).fill('Second thoughts on the park');
    await ada.getByRole('button', { name: 'Save' }).click();
    for (const page of [bea, mod]) {
      await byAda(page).getByText('Second thoughts on the park').waitFor();
      await byAda(page).getByText('(edited)').waitFor();
    }

    // A reader reports it: the moderator sees the count arrive.
    await act(bea, 'Report');
    await byAda(mod).getByText('1 report').waitFor();
    assert.equal(await byAda(bea).getByText('1 report').count(), 0, 'report counts are for moderators');

    // The moderator pins it: both readers see the mark.
    await act(mod, 'Pin');
    for (const page of [ada, bea]) await byAda(page).getByText('Pinned').waitFor();

    // Disabled: gone for the readers, labelled for the moderator; approved: back for everyone.
    await act(mod, 'Disable');
    await byAda(mod).getByText('Disabled').waitFor();
    for (const page of [ada, bea]) await byAda(page).waitFor({ state: 'detached' });
    await act(mod, 'Approve');
    await byAda(ada).getByText('Second thoughts on the park').waitFor();
    // For another reader it arrives like a new comment: at once here, as their list was empty.
    await byAda(bea).getByText('Second thoughts on the park').waitFor();
    for (const page of [ada, bea, mod]) await page.getByRole('heading', { name: '1 comment' }).waitFor();
    assert.equal(await byAda(mod).getByText('Disabled').count(), 0);
  });
});
