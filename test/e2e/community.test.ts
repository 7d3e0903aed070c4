// The demo community page end to end, with the built client and the real server's seeded demo
// conversation: a reader sees the top commenters and the trending, latest and popular comments,
// follows the link of one to the article, which opens on that comment; a signed-in reader
// follows a top commenter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../../core/api/types.ts';
import { browser, call, server, SITE, signedInReader, signInPage, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

describe('the demo community page', () => {
  it('shows the seeded community; a comment’s link opens the article on that comment', async () => {
    // The article's page record, as the article's own script registers it on a visit: the link's
    // address. Its title is the article's own, which the server reads from the page before the rails show it.
    const stored = await call<Page>('POST', '/api/v2/pages', undefined, { title: 'River trees', url: `${server.origin}/demo/article.html`, unique_id: 'demo-article-river-trees', page_type: 'article' });
    for (let i = 0; i < 200 && (await call<Page>('GET', `/api/v2/pages/${stored.id}`)).meta_source !== 'page'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const page = await browser.newPage();
    await page.goto(`${server.origin}/demo/community.html`);

    const users = page.locator('vf-users');
    await users.getByRole('heading', { name: 'Top commenters' }).waitFor();
    await users.locator('[part="name"]', { hasText: 'Priya Raman' }).waitFor(); // the most liked demo reader
    assert.equal(await users.locator('[part="user"]').count(), 5, 'five shown of six fetched');
    await users.getByText('…and more active readers').waitFor();

    // The lists keep their boxes while they load, so the lower ones load as the reader scrolls to them.
    for (const list of ['vf-community-comments', 'vf-trending-comments']) {
      await page.locator(list).scrollIntoViewIfNeeded();
      await page.locator(`${list} [part="item"]`).first().waitFor();
    }

    // The most liked comment is the article's (six likes); the newest ones may be other demo stories'.
    const popular = page.locator('vf-community-popular');
    const top = popular.locator('[part="item"]').first();
    await top.getByText(/^Six degrees matches/).waitFor();
    const text = (await top.locator('.vf-comment__text').textContent())!;
    await top.getByRole('link', { name: 'Read it on “City plants 10,000 trees along its river”' }).click();
    await page.waitForURL(/\/demo\/article\.html\?deeplink=/);
    await page.locator('vf-conversations [part~="deeplink"]').getByText(text).waitFor();
    await page.close();
  });

  it('a signed-in reader follows a top commenter from the page', async () => {
    const me = await signedInReader('Community Reader');
    const page = await browser.newPage();
    await signInPage(page, me);
    await page.goto(`${server.origin}/demo/community.html`);
    const follow = page.locator('vf-users').getByRole('button', { name: 'Follow Priya Raman' });
    await follow.click();
    await page.locator('vf-users').getByRole('button', { name: 'Following Priya Raman', pressed: true }).waitFor();
    const top = await call<{ users: { name: string; date_following?: number | null }[] }>('GET', `/api/v2/users?section=${SITE}`, me.access_token);
    assert.equal(typeof top.users.find((u) => u.name === 'Priya Raman')?.date_following, 'number');
    await page.close();
  });
});
