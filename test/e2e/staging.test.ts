// The staging page end to end, with the built client and the real server on a fresh data folder:
// the demo admin logs in from the dashboard and, on first start, sees the demo site's analytics
// history as charts; the period chooser reads another period; below, the site's settings: a switch
// saved there is the server's, and the demo's automatic moderation shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_BANNED_WORDS } from '../../server/demo/autoModeration.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

describe('the staging page', () => {
  it('the demo admin logs in from the dashboard, sees the seeded history as charts, and saves a site setting', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/demo/staging.html`);
    const dashboard = page.locator('vf-analytics-dashboard');
    await dashboard.getByText("Log in as an administrator to see the site's analytics.").waitFor();
    await dashboard.getByRole('button', { name: 'Log in' }).click();
    await completeLogin(page, 'admin@vf.local', 'admin-demo-1');

    await dashboard.getByRole('figure', { name: 'Page views and visitors per day' }).waitFor();
    assert.equal(await dashboard.getByRole('figure').count(), 6);
    const pageViews = await dashboard.locator('[data-metric="pageViews"] dd').textContent();
    assert.ok(Number(pageViews!.replace(/\D/g, '')) > 0, `page views on first start: ${pageViews}`);
    assert.ok((await dashboard.locator('a[part="page-link"]').count()) > 0, 'top pages listed');

    await dashboard.getByRole('radio', { name: 'Last 7 days' }).check();
    await dashboard.getByRole('status').filter({ hasText: 'Showing' }).waitFor();
    const days = dashboard.getByRole('figure', { name: 'Engaged time per day' }).locator('tbody tr');
    await page.waitForFunction((el) => el?.shadowRoot?.querySelectorAll('figure')[1]?.querySelectorAll('tbody tr').length === 7, await dashboard.elementHandle());
    assert.equal(await days.count(), 7);

    const site = page.locator('vf-site-settings').getByRole('region', { name: 'The site' });
    await site.getByRole('checkbox', { name: 'Readers can dislike comments' }).uncheck();
    await site.getByRole('button', { name: 'Save' }).click();
    await site.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const bootstrap = await fetch(`${server.origin}/api/v2/bootstrap/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(((await bootstrap.json()) as { result: { settings: { enable_dislikes: boolean } } }).result.settings.enable_dislikes, false);
    // The demo's automatic moderation: its word lists, and the stand-in scorers' keys as "set".
    const moderation = page.locator('vf-site-settings').getByRole('region', { name: 'Automatic moderation' });
    assert.equal(await moderation.getByRole('textbox', { name: 'Banned words' }).inputValue(), DEMO_BANNED_WORDS.join('\n'));
    assert.equal(await moderation.getByText('A key is set.').count(), 2);
    await page.close();
  });
});
