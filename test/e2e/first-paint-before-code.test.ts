// What a reader can do with a server-painted element before its code has run (issue 44,
// docs/performance.md "Before the code"): the home page's live story is painted and its link
// followed with every chunk held back; a draft typed into a painted compose box (a guest's, or a
// signed-in reader's whose view React replaces) is still there, and kept as a draft, once React
// has the markup; a button clicked before the code shows as pending at once and acts once it is there.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { server, useServerAndBrowser } from './setup.ts';
import { heldPage, NOT_VF, painted, resetShift, shift, signedIn, takenOver } from './heldChunks.ts';

useServerAndBrowser();

const DRAFT = 'Typed before the code came';

/** The page's stored drafts (elements/ui/draft.ts), by key. */
const drafts = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((key) => key.startsWith('vf:draft:')).map((key) => [key, localStorage.getItem(key)])));

async function openArticle(prepare?: (page: Page) => Promise<void>) {
  const held = await heldPage({ width: 1000, height: 700 }, prepare);
  await held.page.goto(`${server.origin}/demo/article.html`);
  const widget = held.page.locator('vf-conversations');
  await widget.scrollIntoViewIfNeeded();
  await painted(held.page, 'vf-conversations');
  return { ...held, widget };
}

describe('a painted element before its code', () => {
  it("the home page's live story shows its posts and its link works before any chunk, then hydrates in place", async () => {
    const { page, errors, release } = await heldPage({ width: 412, height: 823 });
    await page.goto(`${server.origin}/demo/home.html`);
    await painted(page, 'vf-live-story');
    const story = page.locator('vf-live-story');
    await story.getByRole('heading', { name: 'Live: City Marathon 2026' }).waitFor();
    assert.ok((await story.getByRole('article').count()) >= 1, 'the latest posts are there');
    assert.equal(await page.evaluate(() => customElements.get('vf-live-story')), undefined, 'its code has not run');
    const follow = story.getByRole('link', { name: 'Follow the live blog' });
    assert.equal(await follow.getAttribute('href'), `${server.origin}/demo/liveblog.html`);

    // The same nodes once React has them: no shift, no warning.
    await page.evaluate(() => document.querySelector('vf-live-story')!.shadowRoot!.querySelectorAll('article').forEach((node) => ((node as unknown as { kept: boolean }).kept = true)));
    const height = (await story.boundingBox())?.height;
    await resetShift(page);
    release();
    await takenOver(page, 'vf-live-story');
    assert.equal(await page.evaluate(() => [...document.querySelector('vf-live-story')!.shadowRoot!.querySelectorAll('article')].every((node) => (node as unknown as { kept?: boolean }).kept)), true);
    assert.equal((await story.boundingBox())?.height, height);
    assert.ok((await shift(page)) < 0.001, 'no layout shift from the takeover');
    assert.deepEqual(errors.filter((text) => !NOT_VF.test(text)), [], 'no hydration warning, no error');
    await page.close();
  });

  it('the painted link is followed with the code still held back', async () => {
    const { page } = await heldPage({ width: 412, height: 823 });
    await page.goto(`${server.origin}/demo/home.html`);
    await painted(page, 'vf-live-story');
    await page.locator('vf-live-story').getByRole('link', { name: 'Follow the live blog' }).click();
    await page.waitForURL(`${server.origin}/demo/liveblog.html`);
    await page.close();
  });

  it("a guest's Like before the code: the button answers at once as pending, then the login dialog opens as it would have", async () => {
    const { page, widget, release } = await openArticle();
    const like = widget.getByRole('article').first().getByRole('button', { name: /^like/i }).first();
    await like.click();
    assert.equal(await like.getAttribute('data-vf-pending'), '', 'shown as pending in the frame after the click');
    assert.equal(await like.evaluate((node) => getComputedStyle(node).opacity), '0.6', 'and seen so: the Like has its own class, not .vf-button');
    release();
    await takenOver(page, 'vf-conversations');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected'), 'true');
    assert.equal(await widget.locator('[data-vf-pending]').count(), 0, 'nothing left pending');
    await page.close();
  });

  it("a guest's draft typed into the painted compose box is kept, and they are asked to log in", async () => {
    const { page, widget, release } = await openArticle();
    const box = widget.getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    await page.keyboard.type(DRAFT);
    release();
    await takenOver(page, 'vf-conversations');
    await page.getByRole('dialog').waitFor();
    assert.equal(await box.inputValue(), DRAFT, 'the box still holds it');
    assert.deepEqual(Object.values(await drafts(page)), [DRAFT], 'kept as the conversation\'s draft');
    await page.close();
  });

  it("a signed-in reader's draft survives React replacing the guest's view, and can be posted", async () => {
    const { page, widget, release } = await openArticle(await signedIn('mod'));
    const box = widget.getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    await page.keyboard.type(DRAFT);
    release();
    await takenOver(page, 'vf-conversations');
    await widget.getByRole('button', { name: 'Log in', exact: true }).waitFor({ state: 'detached' });
    assert.equal(await box.inputValue(), DRAFT);
    assert.equal(await box.evaluate((node) => node === (node.getRootNode() as ShadowRoot).activeElement), true, 'the caret is still in the box');
    assert.deepEqual(Object.values(await drafts(page)), [DRAFT]);
    assert.equal(await widget.getByRole('button', { name: 'Post', exact: true }).isEnabled(), true, 'Post takes the draft');
    await page.close();
  });
  it("a signed-in reader's chat message typed and sent before the code is sent once the code is there", async () => {
    const text = `Sent before the code, ${Date.now()}`;
    const { page, release } = await heldPage({ width: 1000, height: 800 }, await signedIn('mod'));
    await page.goto(`${server.origin}/demo/chat.html`);
    await painted(page, 'vf-livechat');
    const chat = page.locator('vf-livechat');
    await chat.getByRole('textbox').click();
    await page.keyboard.type(text);
    await chat.getByRole('button', { name: 'Send' }).click();
    release();
    await chat.locator('[part~="message"]').filter({ hasText: text }).waitFor();
    assert.equal(page.url(), `${server.origin}/demo/chat.html`, 'the page was not loaded again');
    assert.equal(await chat.getByRole('textbox').inputValue(), '', 'the box is emptied, as after any message sent');
    await page.close();
  });
});

/**
 * Each painted element's first control, clicked before its code ran and again on a page whose
 * code had run: the same result (a guest's action asks them to log in; the starter's button
 * brings the conversation's compose box).
 */
const FIRST_CLICKS: Array<{ page: string; tag: string; click: (el: ReturnType<Page['locator']>) => ReturnType<Page['locator']>; result: 'login' | 'compose' }> = [
  { page: 'liveblog', tag: 'vf-liveblog', click: (el) => el.getByRole('button', { name: 'Reply' }).first(), result: 'login' },
  { page: 'chat', tag: 'vf-livechat', click: (el) => el.getByRole('button', { name: 'Send' }), result: 'login' },
  { page: 'reviews', tag: 'vf-reviews', click: (el) => el.getByRole('button', { name: /as helpful/ }).first(), result: 'login' },
  { page: 'article', tag: 'vf-conversation-starter', click: (el) => el.getByRole('button', { name: 'Join the conversation' }), result: 'compose' },
];

async function resultOf(page: Page, result: 'login' | 'compose'): Promise<string> {
  if (result === 'login') {
    await page.getByRole('dialog').waitFor();
    return 'the login dialog';
  }
  await page.waitForFunction(() => document.querySelector('vf-conversations')?.shadowRoot?.activeElement?.localName === 'textarea', null, { timeout: 20_000 });
  return "the conversation's compose box has the focus";
}

describe("a painted element's first click, before and after its code", () => {
  for (const { page: name, tag, click, result } of FIRST_CLICKS) {
    it(`${tag}: the same result either way`, async () => {
      const before = await heldPage({ width: 1000, height: 800 });
      await before.page.goto(`${server.origin}/demo/${name}.html`);
      await before.page.locator(tag).scrollIntoViewIfNeeded();
      await painted(before.page, tag);
      await click(before.page.locator(tag)).click();
      before.release();
      const early = await resultOf(before.page, result);
      await before.page.close();

      const after = await heldPage({ width: 1000, height: 800 });
      after.release();
      await after.page.goto(`${server.origin}/demo/${name}.html`);
      await after.page.locator(tag).scrollIntoViewIfNeeded();
      await after.page.waitForFunction((tag) => customElements.get(tag) && !document.querySelector(tag)!.hasAttribute('data-vf-first-paint'), tag, { timeout: 20_000 });
      await click(after.page.locator(tag)).click();
      assert.equal(await resultOf(after.page, result), early);
      await after.page.close();
    });
  }
});
