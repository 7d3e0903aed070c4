// demo/identity.html in Chromium, against the local LoginRadius and Backplane stand-ins the
// server serves in demo mode (docs/login.md "Stand-ins"): signing in on the vendor's side signs
// the reader in to vf (the comments widget posts under their name), signing out there signs them
// out of vf, and a refused path shows the spec's message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

type Vf = { vf: { context: { get(key: string): Promise<Record<string, unknown>> } } };

async function openDemo(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/demo/identity.html`);
  // The widget sits below the stand-ins' panels and loads as a reader scrolls to it.
  await page.locator('vf-conversations').scrollIntoViewIfNeeded();
  await page.locator('vf-conversations').getByRole('textbox', { name: 'Write a comment' }).waitFor();
  return page;
}

async function status(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor();
}

/** The widget shows the reader signed in: a comment posts under their name. */
async function commentsAs(page: Page, name: string): Promise<void> {
  const text = `Signed in through the identity system (${Date.now()})`;
  await page.getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('article', { name: `Comment by ${name}` }).getByText(text).waitFor();
}

async function vfUser(page: Page) {
  return page.evaluate(() => (window as unknown as Vf).vf.context.get('user'));
}

describe('identity systems on demo/identity.html', () => {
  it('LoginRadius: sign in on LoginRadius → signed in to vf; sign out there → signed out', async () => {
    const page = await openDemo();
    await page.getByRole('button', { name: 'Sign in to LoginRadius as Ada Radius' }).click();
    await status(page, 'vf: signed in as Ada Radius (loginradius)');
    await commentsAs(page, 'Ada Radius');
    assert.equal((await vfUser(page))['social_login_provider'], 'loginradius');
    await page.getByRole('button', { name: 'Sign out of LoginRadius' }).click();
    await status(page, 'vf: signed out');
    assert.notEqual((await vfUser(page))['name'], 'Ada Radius');
  });

  it('LoginRadius: a token LoginRadius never issued is refused with its reason', async () => {
    const page = await openDemo();
    await page.getByRole('button', { name: 'Sign in with a token LoginRadius never issued' }).click();
    await status(page, 'vf refused the loginradius login: The provided access_token is invalid or has expired.');
  });

  it('Backplane: an identity message on the site’s bus signs in; identity/logout signs out; another bus is refused', async () => {
    const page = await openDemo();
    await page.getByRole('button', { name: "Sign-in message on another site's bus" }).click();
    await status(page, 'vf refused the backplane login: This Backplane message is not for this site');
    await page.getByRole('button', { name: 'Sign in via Backplane as Bea Plane' }).click();
    await status(page, 'vf: signed in as Bea Plane (backplane)');
    await commentsAs(page, 'Bea Plane');
    // The stand-in's buttons work from the keyboard, as the page's own controls must.
    await page.getByRole('button', { name: 'Sign out via Backplane' }).focus();
    await page.keyboard.press('Enter');
    await status(page, 'vf: signed out');
  });
});
