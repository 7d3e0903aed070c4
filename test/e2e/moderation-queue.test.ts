// The moderation queue end to end, with the built client and the real server on a fresh data
// folder: the demo moderator has the staging page's queue open; a reader's comment on a
// premoderated article reaches it live (behind "Show 1 new item"); the moderator approves it with
// `a`; the article open in a guest's browser and in the author's shows it without reloading.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { callApi } from '../support/callApi.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

const SITE = DEMO_SITE.uuid;

async function openArticle(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/demo/second-article.html`);
  await page.locator('vf-conversations').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  return page;
}

/** The demo article's conversation holds what readers post until a moderator approves it. */
async function premoderateArticle(): Promise<void> {
  const { access_token: token } = await callApi<{ access_token: string }>(server.origin, 'POST', '/api/v2/users/login', { email: 'moderator@vf.local', password: 'moderator-demo-1', section: SITE });
  const { content_container_uuid: container } = await callApi<{ content_container_uuid: string }>(
    server.origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=demo-article-night-sky`,
  );
  await callApi(server.origin, 'POST', `/api/comments/${SITE}/${container}/settings`, { is_premoderated: true }, token);
}

describe('the moderation queue on the staging page', () => {
  it("a reader's held comment reaches the open queue live; `a` approves it; the open articles show it live", async () => {
    await premoderateArticle();
    const mod = await (await browser.newContext()).newPage();
    await mod.goto(`${server.origin}/demo/staging.html`);
    const queue = mod.locator('vf-moderation-queue');
    await queue.getByText('Log in as a moderator to see the moderation queue.').waitFor();
    await queue.getByRole('button', { name: 'Log in' }).click();
    await completeLogin(mod, 'moderator@vf.local', 'moderator-demo-1');
    await queue.getByRole('tab', { name: /^Pending/, selected: true }).waitFor();
    await queue.locator('[part="list"], [part="empty"]').first().waitFor();
    const before = await queue.locator('article[part~="item"]').count();

    const guest = await openArticle();
    const author = await openArticle();
    await author.getByRole('textbox', { name: 'Write a comment' }).click();
    await completeLogin(author, `queued-${Date.now()}@example.com`, 'correct horse battery', 'Queued Author');
    const text = `Held for the queue ${Date.now()}`;
    await author.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await author.getByRole('button', { name: 'Post', exact: true }).click();
    // The comment, not the compose box: its text may still be there while the post's answer is on its way.
    const authorsComment = author.getByRole('article', { name: 'Comment by Queued Author' }).getByText(text);
    await authorsComment.waitFor();

    // It reaches the open queue without a reload, behind "Show 1 new item": nothing moved.
    const more = queue.getByRole('button', { name: 'Show 1 new item' });
    await more.waitFor();
    assert.equal(await queue.locator('article[part~="item"]').count(), before);
    await more.click();
    const item = queue.locator('article[part~="item"]').filter({ hasText: text });
    await item.waitFor();
    assert.equal(await item.locator('[part="author"]').textContent(), 'Queued Author');
    assert.equal(await guest.getByText(text).count(), 0, 'held: the guest does not see it');

    await item.focus();
    await mod.keyboard.press('a');
    await item.waitFor({ state: 'detached' });
    await queue.getByRole('status').filter({ hasText: 'Approved.' }).waitFor();

    // Approved: the guest's open article shows it live, the author's loses its held notice.
    await guest.getByRole('article', { name: 'Comment by Queued Author' }).getByText(text).waitFor();
    await authorsComment.waitFor();
    for (const page of [mod, guest, author]) await page.close();
  });
});
