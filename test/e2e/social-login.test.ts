// A reader signs in with "Google" from the demo article's login dialog: the popup goes through a
// real OpenID provider on loopback (standing in for Google), comes back with a one-time token,
// and the widget shows the reader signed in under the provider's name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../../server/demo/index.ts';
import { launchChromium } from '../support/browser.mjs';
import { accountClaims, startProvider, type TestProvider } from '../support/oidcProvider.ts';
import { startServer } from '../support/serve.mjs';

let server: Awaited<ReturnType<typeof startServer>>;
let provider: TestProvider;
let browser: Browser;
const CLIENT = { client_id: 'vf-demo', client_secret: 'vf-demo-secret' };

async function api(path: string, init: { method: string; token?: string; body: object }) {
  const response = await fetch(`${server.origin}/api/v2/${path}`, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: JSON.stringify(init.body),
  });
  const body = (await response.json()) as { result: Record<string, unknown> };
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.result;
}

before(async () => {
  server = await startServer();
  provider = await startProvider([{ ...CLIENT, redirect_uris: [`${server.origin}/api/v2/thirdparty/google/callback`] }]);
  // The publisher's admin turns Google on for the demo site (docs/login.md "Configuring").
  const admin = DEMO_ACCOUNTS.find((a) => a.user_privilege === 'admin')!;
  const { access_token } = await api('users/login', { method: 'POST', body: { email: admin.email, password: admin.password, section: DEMO_SITE.uuid } });
  await api(`sites/${DEMO_SITE.uuid}/logins/google`, { method: 'PUT', token: access_token as string, body: { ...CLIENT, issuer: provider.issuer } });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await provider?.close();
  await server?.stop();
});

describe('social login from the demo article', () => {
  it('signs in through the Google popup and comments under the provider’s name', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/demo/article.html`);
    await page.locator('vf-conversations').scrollIntoViewIfNeeded();
    const compose = page.getByRole('textbox', { name: 'Write a comment' });
    await compose.click();
    const dialog = page.getByRole('dialog');
    const google = dialog.getByRole('button', { name: 'Continue with Google' });

    const [popup] = await Promise.all([page.waitForEvent('popup'), google.click()]);
    // The clicked button shows it is waiting for the popup.
    assert.equal(await dialog.getByRole('button', { name: 'Waiting for Google…' }).getAttribute('aria-busy'), 'true');
    // The provider's own sign-in form (oidc-provider's development screens).
    await popup.locator('input[name="login"]').fill('dana');
    await popup.locator('input[name="password"]').fill('any password');
    // The popup posts its token and closes itself at once: listen before clicking, or the
    // close can come before the listener.
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await closed;

    await dialog.waitFor({ state: 'hidden' });
    const text = `Signed in with Google (${Date.now()})`;
    await compose.fill(text);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('article', { name: `Comment by ${accountClaims('dana').name}` }).getByText(text).waitFor();
    const user = (await page.evaluate(() => (window as unknown as { vf: { context: { get(key: string): Promise<Record<string, unknown>> } } }).vf.context.get('user'))) as Record<string, unknown>;
    assert.deepEqual([user['name'], user['social_login_provider'], user['social_login_id']], [accountClaims('dana').name, 'google', 'dana']);
  });
});
