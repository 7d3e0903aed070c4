// The publishers' identity platforms end to end on demo/identity.html, with the built client, the
// real server and its demo-mode stand-ins (Gigya's signatures, Janrain's auth_info): signing in on
// the vendor's side signs the reader in to vf (the comments post under the vendor's name),
// signing out there signs them out of vf, and a refused login shows the spec's message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

const vfUser = (page: Page) =>
  page.evaluate(() => (window as unknown as { vf: { context: { get(key: string): Promise<Record<string, unknown>> } } }).vf.context.get('user'));

async function commentAs(page: Page, name: string, text: string) {
  await page.getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('article', { name: `Comment by ${name}` }).getByText(text).waitFor();
}

async function openDemo(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/demo/identity.html`);
  await page.locator('vf-conversations').scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => (window as unknown as { vf: { $ready(fn: () => void): void } }).vf.$ready(() => resolve(null))));
  return page;
}

const status = (page: Page) => page.locator('#identity-vf-status');

/**
 * Signs Ada in on the vendor's side (`signIn` button) and checks vf followed: the widget posts under
 * her name, vf's user is the vendor's; then signs out there (`signOut`) and checks vf did too.
 */
async function signInAndOut(page: Page, provider: string, signIn: string, signOut: string) {
  await page.getByRole('button', { name: signIn }).click();
  await status(page).getByText(`vf: signed in as Ada Lovelace (${provider})`).waitFor();
  await commentAs(page, 'Ada Lovelace', `Signed in through ${provider} (${Date.now()})`);
  const user = await vfUser(page);
  assert.deepEqual([user['name'], user['social_login_provider']], ['Ada Lovelace', provider]);
  await page.getByRole('button', { name: signOut }).click();
  await status(page).getByText('vf: signed out').waitFor();
  assert.notEqual((await vfUser(page))['name'], 'Ada Lovelace');
  // A guest's comment box asks for a login again.
  await page.getByRole('textbox', { name: 'Write a comment' }).click();
  await page.getByRole('dialog').waitFor();
}

describe('identity platforms on the demo page', () => {
  it('Gigya: signed in on Gigya → signed in to vf; signed out there → out of vf', async () => {
    const page = await openDemo();
    await signInAndOut(page, 'gigya', 'Sign in to Gigya as Ada Lovelace', 'Sign out of Gigya');
    await page.close();
  });

  it('Gigya: a reader signed in before the page loaded is signed in to vf at start', async () => {
    const page = await openDemo();
    await page.getByRole('button', { name: 'Sign in to Gigya as Grace Hopper' }).click();
    await status(page).getByText('vf: signed in as Grace Hopper (gigya)').waitFor();
    await page.reload();
    await page.getByText('Gigya stand-in: signed in as Grace Hopper').waitFor();
    await page.locator('vf-conversations').scrollIntoViewIfNeeded();
    await commentAs(page, 'Grace Hopper', `Still signed in (${Date.now()})`);
    await page.close();
  });

  it('Gigya: a single-page reset keeps the one set of handlers vf gave Gigya, and a login still arrives', async () => {
    const page = await openDemo();
    await page.locator('[data-gigya-standin][data-listeners="1"]').waitFor({ state: 'attached' });
    await page.evaluate(() => (window as unknown as { vf: { context: { reset(): Promise<void> } } }).vf.context.reset());
    await page.evaluate(() => (window as unknown as { vf: { context: { reset(): Promise<void> } } }).vf.context.reset());
    assert.equal(await page.locator('[data-gigya-standin]').getAttribute('data-listeners'), '1');
    await page.getByRole('button', { name: 'Sign in to Gigya as Ada Lovelace' }).click();
    await status(page).getByText('vf: signed in as Ada Lovelace (gigya)').waitFor();
    await page.close();
  });

  it("Gigya: a forged signature is refused with 'Social login failed.'", async () => {
    const page = await openDemo();
    // A Gigya event reaches the handlers there are: wait for vf's (its adapter is a chunk of its own).
    await page.locator('[data-gigya-standin][data-listeners="1"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Send a forged Gigya signature' }).click();
    await status(page).getByText('vf refused the gigya login: Social login failed.').waitFor();
    assert.equal((await vfUser(page))['name'] === 'Ada Lovelace', false);
    await page.close();
  });

  it('Janrain: signed in on Janrain → signed in to vf; signed out there → out of vf', async () => {
    const page = await openDemo();
    await signInAndOut(page, 'janrain', 'Sign in with Janrain as Ada Lovelace', 'Sign out of Janrain');
    await page.close();
  });

  it("Janrain: an unknown token is refused with 'Social login failed.'", async () => {
    const page = await openDemo();
    await page.getByRole('button', { name: 'Send an unknown Janrain token' }).click();
    await status(page).getByText('vf refused the janrain login: Social login failed.').waitFor();
    await page.close();
  });
});
