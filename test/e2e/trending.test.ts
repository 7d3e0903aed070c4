// Trending articles end to end, on demo/trending.html with the built client, the real server and
// its seeded demo stories (server/demo/trending.ts): the loading rule (hidden until in view, the
// viewport watched after 5000 ms), the stories shown, and a click that carries its medium and
// makes the next page's recommendations leave out what was read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_STORIES } from '../../server/demo/trending.ts';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/** demo/article.html's title, as the server read it from the page (server/demo/pages.ts). */
const ARTICLE = 'City plants 10,000 trees along its river';
const rail = (page: Page) => page.locator('aside vf-trending-articles').first();
const recirculation = (page: Page) => page.locator('section.more vf-trending-articles');
const headlines = (page: Page, el: ReturnType<typeof rail>) => el.locator('[part="headline"]').allTextContents();
const title = (n: number) => DEMO_STORIES[n - 1]!.title;

describe('<vf-trending-articles> on the demo page', () => {
  it('the block below the story loads only once scrolled to; it recommends what was not read, and a click carries the medium', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
    const recommended: string[] = [];
    page.on('request', (request) => void (request.url().includes('/trendingrecommended') && recommended.push(request.url())));
    const clicks: unknown[] = [];
    await page.exposeFunction('reportTrendingClick', (detail: unknown) => clicks.push(detail));
    await page.addInitScript(() => {
      document.addEventListener('vf-trending-click', (e) => (window as unknown as { reportTrendingClick(d: unknown): void }).reportTrendingClick((e as CustomEvent).detail));
    });
    await page.goto(`${server.origin}/demo/trending.html?story=1`);

    // The rail is in view: it shows the most discussed stories once the watch delay has passed.
    await rail(page).locator('[part="headline"]').first().waitFor();
    const most = await headlines(page, rail(page));
    assert.ok(!most.includes(title(1)), 'not the story being read');
    assert.ok(most.includes(title(2)) && most.includes(title(3)), most.join(' | '));
    // The block below the story is not in view: still hidden, and it has asked for nothing.
    assert.equal(await recirculation(page).evaluate((el) => (el as HTMLElement).style.visibility), 'hidden');
    assert.deepEqual(recommended, []);

    await recirculation(page).scrollIntoViewIfNeeded();
    await recirculation(page).locator('[part="headline"]').first().waitFor();
    assert.equal(await recirculation(page).evaluate((el) => (el as HTMLElement).style.visibility), '');
    assert.equal(recommended.length, 1);
    const shown = await headlines(page, recirculation(page));
    // The five other stories, and the demo article, the site's most discussed page, with the title
    // its page gives (issue 43: it was never shown).
    assert.deepEqual([...shown].sort(), [ARTICLE, ...DEMO_STORIES.slice(1).map((story) => story.title)].sort());
    assert.equal(await recirculation(page).getByRole('group', { name: '1 of 6' }).count(), 1);

    // Open the third story from the carousel: its address carries the recirculation medium.
    const link = recirculation(page).getByRole('link', { name: new RegExp(title(3).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await link.click();
    await page.waitForURL(/story=3/);
    assert.equal(new URL(page.url()).searchParams.get('vf_medium'), 'standalone_content_recirculation_with_ads');
    assert.equal(clicks.length, 1);
    assert.deepEqual(clicks[0], { url: page.url(), containerId: DEMO_STORIES[2]!.id, position: shown.indexOf(title(3)) + 1, medium: 'standalone_content_recirculation_with_ads' });

    // On story 3, story 1 (read) and story 3 (current) are not recommended; the rail still lists story 1.
    await recirculation(page).scrollIntoViewIfNeeded();
    await recirculation(page).locator('[part="headline"]').first().waitFor();
    const next = await headlines(page, recirculation(page));
    assert.deepEqual([...next].sort(), [ARTICLE, ...[2, 4, 5, 6].map(title)].sort());
    await rail(page).locator('[part="headline"]').first().waitFor();
    assert.ok((await headlines(page, rail(page))).includes(title(1)));
    await page.close();
  });
});
