// A guest starts a comment on the demo article before signing up (issue 33 item 3): they click
// the compose box and type while the login dialog is still on its way, close the dialog with
// Escape and reload. The conversation comes back from the server's first paint with their draft;
// they sign up from the widget's own Sign up button, find the draft in the box, finish it and
// post it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { PAINTED, painted } from './heldChunks.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/**
 * React has the conversation, rendered or taken over from the server's paint: keys typed now
 * reach it (typed into the painted markup before that, React would not know them).
 */
const reactHasTheBox = (page: Page) =>
  page.waitForFunction((attr) => {
    const el = document.querySelector('vf-conversations');
    return !!customElements.get('vf-conversations') && !el?.hasAttribute(attr) && !!el?.shadowRoot?.querySelector('textarea');
  }, PAINTED, { timeout: 20_000 });

describe('a guest’s draft on the demo article', () => {
  it('is still there after a reload and a sign-up from the Sign up button, and can be posted', async () => {
    const page = await (await browser.newContext()).newPage();
    // The login dialog is its own chunk, fetched on the first click into the box: held until the
    // guest has typed, as on a slow connection (otherwise the keys could land in the dialog).
    let typed!: () => void;
    const dialogMayLoad = new Promise<void>((resolve) => (typed = resolve));
    await page.route('**/chunks/LoginDialog-*.js', async (route: Route) => {
      await dialogMayLoad;
      await route.continue();
    });
    await page.goto(`${server.origin}/demo/article.html`);
    const widget = page.locator('vf-conversations');
    await widget.scrollIntoViewIfNeeded();
    await reactHasTheBox(page);
    const box = widget.getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    await page.keyboard.type('Half a thought');
    typed();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Back as a guest: the server paints the conversation (an empty box), React takes that
    // markup over and restores the draft.
    await page.reload();
    await widget.scrollIntoViewIfNeeded();
    await painted(page, 'vf-conversations');
    await reactHasTheBox(page);
    await widget.getByRole('button', { name: 'Sign up', exact: true }).click();
    const name = 'Draft Keeper';
    await completeLogin(page, `draft-keeper-${Date.now()}@example.com`, 'correct horse battery', name);
    await widget.getByRole('button', { name: 'Sign up', exact: true }).waitFor({ state: 'detached' });

    await box.click();
    assert.equal(await box.inputValue(), 'Half a thought');
    await page.keyboard.press('End');
    await page.keyboard.type(', finished after signing up.');
    const post = widget.getByRole('button', { name: 'Post', exact: true });
    assert.equal(await post.isEnabled(), true, 'Post is enabled once there is text');
    await post.click();
    const text = 'Half a thought, finished after signing up.';
    await widget.getByRole('article', { name: `Comment by ${name}` }).getByText(text).waitFor();
    // The box empties once the server has answered the post, which can be after the comment
    // arrived on the socket; the draft is gone with it.
    await page.waitForFunction(() => document.querySelector('vf-conversations')?.shadowRoot?.querySelector('textarea')?.value === '');
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('vf:draft:')).length), 0);
    await page.close();
  });
});
