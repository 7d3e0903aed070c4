/**
 * What every end-to-end file starts with: the real server (built client, throw-away data folder)
 * and Debian's Chromium, both stopped after the file's tests. Call `useServerAndBrowser()` at the
 * top of a file; `server` and `browser` are live bindings, set once its `before` hook ran.
 */
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.mjs';
import { type RunningServer, startServer } from '../support/serve.mjs';

export let server: RunningServer;
export let browser: Browser;

export function useServerAndBrowser(options?: Parameters<typeof startServer>[0]): void {
  before(async () => {
    server = await startServer(options);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * Fills the login dialog a widget opened for a guest: signs up when `name` is given, else logs
 * in; waits for the dialog to close.
 */
export async function completeLogin(page: Page, email: string, password: string, name?: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  if (name) {
    await dialog.getByRole('tab', { name: 'Sign up' }).click();
    await dialog.getByLabel('Name').fill(name);
  }
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: name ? 'Sign up' : 'Log in' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
