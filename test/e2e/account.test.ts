// A reader who forgot their password, on the demo article with the built client: the reset mail
// (kept in the data folder, read from /demo/mail since no SMTP is set) links back to the article;
// opening it loads the reset modal's own chunk, and a new password signs the reader in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

async function call(path: string, body: object): Promise<Response> {
  return fetch(`${server.origin}/api/v2/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, section: DEMO_SITE.uuid }),
  });
}

/** The link in the newest mail listed on /demo/mail (the mail is written in the background). */
async function newestLink(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const page = await (await fetch(`${server.origin}/demo/mail`)).text();
    const href = /<a href="([^"]+)"/.exec(page)?.[1];
    if (href) return href.replaceAll('&amp;', '&');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no mail was listed on /demo/mail');
}

describe('password reset from a mailed link', () => {
  it('opens the modal on the article, in its own chunk, and signs the reader in with the new password', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    assert.equal((await call('users', { name: 'Eve Forgetful', email, password: 'the old password' })).status, 200);
    assert.equal((await call('account/password', { email, url: `${server.origin}/demo/article.html` })).status, 200);
    const link = await newestLink();
    assert.match(link, /\/demo\/article\.html\?vtype=reset&vtoken=[\w-]+$/);

    const page = await browser.newPage();
    const chunks: string[] = [];
    page.on('request', (request) => {
      const match = /\/chunks\/([a-z-]+)-[\w-]{6}\.js$/.exec(request.url()); // an entry: [name]-[hash:6].js
      if (match) chunks.push(match[1]!);
    });
    await page.goto(link);
    const password = page.locator('#vf-modal input[name="password"]');
    await password.waitFor();
    assert.ok(chunks.includes('vf-svod-reset-password'), `chunks: ${chunks.join(', ')}`);
    assert.equal(new URL(page.url()).search, '', 'vtype and vtoken are taken off the address');

    await password.fill('a new passphrase');
    await page.locator('#vf-modal input[name="repeated"]').fill('a new passphrase');
    await page.keyboard.press('Enter');
    await page.locator('#vf-modal [role="status"]').waitFor();
    // The page's user context (site code's view) now has the reader.
    await page.waitForFunction(
      async (address) => {
        const vf = (window as unknown as { vf: { context: { get(key: string): Promise<{ email: string | null }> } } }).vf;
        return (await vf.context.get('user')).email === address;
      },
      email,
    );
    assert.equal((await call('users/login', { email, password: 'a new passphrase' })).status, 200);
    await page.close();
  });
});
