/**
 * What every end-to-end file starts with: the real server (built client, throw-away data folder)
 * and Debian's Chromium, both stopped after the file's tests. Call `useServerAndBrowser()` at the
 * top of a file; `server` and `browser` are live bindings, set once its `before` hook ran. Also
 * the API calls and readers the tests on the demo site make.
 */
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { AuthResult } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { launchChromium } from '../support/browser.mjs';
import { callApi } from '../support/callApi.ts';
import { type RunningServer, startServer } from '../support/serve.mjs';

/** The demo site, which the server seeds and the demo pages are on. */
export const SITE = DEMO_SITE.uuid;
/** The password of every reader the tests make. */
export const PASSWORD = 'correct horse battery';

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

/** One API call to the server (test/support/callApi.ts: `result`, or a throw); a body also names the demo site. */
export const call = <T>(method: string, path: string, token?: string, body?: object): Promise<T> =>
  callApi<T>(server.origin, method, path, method === 'GET' ? undefined : { ...body, section: SITE }, token);

/** A new reader's email address, from their name and the time (unique per name within a run). */
export const addressOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;

/** A reader made through the API on the demo site and signed in: their tokens and email. */
export async function signedInReader(name: string): Promise<AuthResult & { email: string }> {
  const email = addressOf(name);
  await call('POST', '/api/v2/users', undefined, { name, email, password: PASSWORD });
  return { ...(await call<AuthResult>('POST', '/api/v2/users/login', undefined, { email, password: PASSWORD })), email };
}

/** Opens the page's next documents signed in as `who`: the tokens a login stores, set before the page's scripts run. */
export async function signInPage(page: Page, who: AuthResult): Promise<void> {
  await page.addInitScript(([access, refresh]) => {
    localStorage.setItem('vf.access_token', access!);
    localStorage.setItem('vf.refresh_token', refresh!);
  }, [who.access_token, who.refresh_token]);
}
