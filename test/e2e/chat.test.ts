// The demo chat with two readers and a moderator, each in their own browser: messages cross
// live between the readers, presence counts them, and the moderator's disable takes a message
// away from the readers' pages without a reload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/** The demo chat, loaded: in view, it fetches after the spec's 10 s delay. */
async function openChat(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/demo/chat.html`);
  await page.locator('vf-livechat').scrollIntoViewIfNeeded();
  await page.getByRole('region', { name: 'Chat messages' }).getByRole('article').first().waitFor({ timeout: 30_000 });
  return page;
}

/** Focusing the compose box asks a guest to log in; signs up when a name is given. */
async function signIn(page: Page, email: string, password: string, name?: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Write a message' }).focus();
  await completeLogin(page, email, password, name);
}

async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Write a message' });
  await box.fill(text);
  await box.press('Enter');
}

const messageFrom = (page: Page, name: string, text: string) =>
  page.getByRole('article', { name: `Message from ${name}` }).filter({ hasText: text });

describe('the demo chat, two readers and a moderator', () => {
  it('messages cross live, presence counts the room, a disabled message leaves the readers’ pages', async () => {
    // Opened together: each waits out the chat's 10 s fetch delay.
    const [ada, bea, mod] = await Promise.all([openChat(), openChat(), openChat()]);
    const stamp = Date.now();
    // Three sockets with signals on this chat (the count may include other tests' pages: at least
    // 3); the pages opened together, so each counts the others as they arrive.
    for (const page of [ada, bea, mod]) await page.getByText(/\b([3-9]|[1-9]\d+) people here/).waitFor();

    await signIn(ada, `ada-${stamp}@example.com`, 'correct horse battery', 'Ada Runner');
    await signIn(bea, `bea-${stamp}@example.com`, 'correct horse battery', 'Bea Cheer');
    await signIn(mod, 'moderator@vf.local', 'moderator-demo-1');

    await say(ada, `Who else is at mile 20? ${stamp}`);
    for (const page of [bea, mod]) await messageFrom(page, 'Ada Runner', `mile 20? ${stamp}`).waitFor();
    assert.equal(await messageFrom(ada, 'Ada Runner', `mile 20? ${stamp}`).count(), 1, 'the sender’s copy and the echo are one');

    await say(bea, `Me! By the bridge ${stamp}`);
    await messageFrom(ada, 'Bea Cheer', `By the bridge ${stamp}`).waitFor();

    // The moderator disables Ada's message from its menu: it leaves both readers' pages live.
    const target = messageFrom(mod, 'Ada Runner', `mile 20? ${stamp}`);
    await target.getByRole('button', { name: "More actions for Ada Runner's message" }).click();
    await mod.getByRole('menuitem', { name: 'Disable' }).click();
    await target.getByText('Disabled').waitFor();
    await messageFrom(bea, 'Ada Runner', `mile 20? ${stamp}`).waitFor({ state: 'detached' });
    assert.equal(await messageFrom(bea, 'Bea Cheer', `By the bridge ${stamp}`).count(), 1, 'the rest of the room stays');
  });
});
