// Analytics end to end, with the built client and the real server: a reader's visit to the second
// demo article (scrolled to its conversation, a comment posted, the page left) shows up in the
// staging page's dashboard as that page's view, engaged time and comment today. The demo history
// leaves today to real events, and nobody else reads that page in this file, so the figures are
// exactly the reader's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

const STORY = 'Why the night sky is getting brighter';

/** The admin's staging page showing today only; the story's figures in the top pages' table, if listed. */
async function todaysRow(page: Page): Promise<string[] | null> {
  await page.goto(`${server.origin}/demo/staging.html`);
  const dashboard = page.locator('vf-analytics-dashboard');
  await dashboard.getByRole('radio', { name: 'Custom dates' }).check();
  const today = new Date().toISOString().slice(0, 10);
  await dashboard.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await dashboard.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  await dashboard.getByRole('button', { name: 'Show', exact: true }).click();
  await dashboard.getByRole('status').filter({ hasText: 'Showing' }).waitFor();
  const topPages = dashboard.getByRole('figure', { name: 'Top pages' });
  await topPages.waitFor();
  const row = topPages.getByRole('row').filter({ hasText: STORY });
  if ((await row.count()) === 0) return null;
  return row.first().getByRole('cell').allTextContents();
}

describe('analytics, from a reader to the dashboard', () => {
  it("a reader's visit, scroll and comment show up in the dashboard", async () => {
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${server.origin}/demo/staging.html`);
    const dashboard = admin.locator('vf-analytics-dashboard');
    await dashboard.getByRole('button', { name: 'Log in' }).click();
    await completeLogin(admin, 'admin@vf.local', 'admin-demo-1');
    assert.equal(await todaysRow(admin), null, 'nobody has read the story today yet');

    // A reader: reads, scrolls down to the conversation, signs up and comments, then moves on.
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(`${server.origin}/demo/second-article.html`);
    const widget = reader.locator('vf-conversations');
    await widget.scrollIntoViewIfNeeded();
    await widget.getByRole('button', { name: 'Sign up', exact: true }).click();
    await completeLogin(reader, `analytics-${Date.now()}@example.com`, 'correct horse battery', 'Counted Reader');
    const text = `Light pollution is worse than I thought (${Date.now()})`;
    await widget.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await widget.getByRole('button', { name: 'Post', exact: true }).click();
    await widget.getByRole('article', { name: 'Comment by Counted Reader' }).getByText(text).waitFor();
    await reader.mouse.wheel(0, 400);
    await reader.waitForTimeout(3500);
    // Leaving the page sends what is left by beacon.
    await reader.goto(`${server.origin}/demo/index.html`);

    // Beacons land a moment later: read the dashboard again until the story is there.
    let cells: string[] | null = null;
    for (let tries = 0; tries < 20 && !cells?.[0]?.match(/^[1-9]/); tries++) {
      if (tries) await admin.waitForTimeout(500);
      cells = await todaysRow(admin);
    }
    assert.ok(cells, 'the story is among today\'s top pages');
    const [views, engaged, comments] = cells; // the page's title is the row's header
    assert.equal(views, '1', 'one page view');
    assert.match(engaged!, /^[1-9]\d* sec$/, `engaged time counted: ${engaged}`);
    assert.equal(comments, '1', 'the comment');
    await reader.close();
    await admin.close();
  });
});
