// The demo pages under a publisher's strict Content-Security-Policy with Trusted Types (docs/server.md
// "Content-Security-Policy"), sent by the real server with each page (VF_DEMO_CSP): vf causes no
// violation and throws nothing on any of them; the article's server-painted comments show styled
// before any chunk, React takes them over, and a new reader signs up and posts; a single-page
// app's reset keeps to the policy; the page makes one Trusted Types policy, `vf`.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DEMO_THREADS } from '../../server/demo/conversation.ts';
import {
  collectErrors, demoPages, policiesOf, scrollThrough, strictServerOptions, violationsOf, visitUnderPolicy,
  warmFirstPaint, watchedContext, watchViolations, type PageReport,
} from '../support/csp.ts';
import { heldPage, painted, takenOver } from './heldChunks.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser(await strictServerOptions());

describe('vf under a strict Content-Security-Policy', () => {
  before(() => warmFirstPaint(server.origin));

  it("paints the article's comments styled before any chunk, React takes over, and a new reader posts", async () => {
    const { page, release } = await heldPage({ width: 1000, height: 1400 }, watchViolations);
    const errors = collectErrors(page);
    await page.goto(`${server.origin}/demo/article.html`);
    const widget = page.locator('vf-conversations');
    await widget.scrollIntoViewIfNeeded();
    await painted(page, 'vf-conversations');
    await widget.getByText(DEMO_THREADS[0]!.text).waitFor();
    assert.equal(await page.evaluate(() => customElements.get('vf-conversations')), undefined, 'no chunk has run');
    const looks = await page.evaluate(() => {
      const root = document.querySelector('vf-conversations')!.shadowRoot!;
      return {
        comment: getComputedStyle(root.querySelector('.vf-comment')!).display,
        adSpace: getComputedStyle(root.querySelector('[part="ad-space"]')!).height,
      };
    });
    assert.equal(looks.comment, 'grid', "a comment is laid out by the element's own stylesheet");
    assert.equal(looks.adSpace, '250px', "the ad's space keeps the size the server's markup gives it inline");

    release();
    await takenOver(page, 'vf-conversations');
    await widget.getByRole('button', { name: 'Sign up', exact: true }).click();
    await completeLogin(page, `csp-${Date.now()}@example.com`, 'correct horse battery', 'Strict Reader');
    const text = `Posted under a strict policy (${Date.now()})`;
    await widget.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await widget.getByRole('button', { name: 'Post', exact: true }).click();
    await widget.getByRole('article', { name: 'Comment by Strict Reader' }).getByText(text).waitFor();

    assert.deepEqual(await violationsOf(page), []);
    assert.deepEqual(errors(), []);
    assert.deepEqual(await policiesOf(page), ['vf'], 'one policy, made once by vf.js and used by the chunks too');
    await page.context().close();
  });

  it('keeps to the policy across a single-page app reset (the widgets are frozen, then put back)', async () => {
    const context = await watchedContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.origin}/demo/spa.html`);
    await scrollThrough(page);
    await page.getByRole('link', { name: 'Story two' }).click();
    await page.locator('[data-vf-frozen]').first().waitFor({ state: 'attached' });
    await page.locator('[data-vf-frozen]').first().waitFor({ state: 'detached' });
    await scrollThrough(page);
    assert.deepEqual(await violationsOf(page), []);
    assert.deepEqual(errors(), []);
    await context.close();
  });

  it('causes no violation and throws nothing on any demo page, nor in the legacy rendering', async () => {
    const context = await watchedContext(browser);
    const failed: Record<string, PageReport> = {};
    for (const path of [...demoPages(), '/demo/article.html?forceLegacy=1']) {
      const report = await visitUnderPolicy(context, server.origin, path);
      if (report.violations.length || report.errors.length || report.policies.length > 1) failed[path] = report;
    }
    assert.deepEqual(failed, {});
    await context.close();
  });
});
