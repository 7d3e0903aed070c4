// The framework examples (examples/, docs/frameworks.md) as a reader meets them on the demo site:
// React, Vue, Svelte and Next.js apps built by `npm run build` against the vf-client package and
// served at /examples/<framework>/. Each holds the demo article's story in its own state and
// binds <vf-conversations> to it (container id, region label, the accent colour); signing up in
// the element reaches the app as a vf-login-success event it shows; "Next story" switches the
// element to the second article's conversation in place: no reload, no console error. Next.js
// also renders the element into the page at build time and hydrates it without a mismatch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_THREADS } from '../../server/demo/conversation.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

const FIRST = { title: 'City plants 10,000 trees along its river', accent: '#0b6e4f' };
const SECOND = { title: 'Why the night sky is getting brighter', accent: '#3d2c8d' };
const SEEDED = DEMO_THREADS.reduce((n, thread) => n + 1 + (thread.replies?.length ?? 0), 0);

/** Opens an example; what the console and the page report as errors is collected. */
async function openExample(framework: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The element as the HTML parser made it (a server-rendered page has one): hydration keeps that
  // node; a mismatch makes React render the tree again, with new nodes.
  // "interactive": parsing has ended and no module script has run yet.
  await page.addInitScript(() => document.addEventListener('readystatechange', () => {
    (window as { parsed?: Element | null }).parsed = document.querySelector('vf-conversations');
  }, { once: true }));
  const response = await page.goto(`${server.origin}/examples/${framework}/`);
  assert.equal(response?.status(), 200);
  return { page, errors };
}

/** The accent colour as it reaches the inside of the element's shadow root. */
function accentInside(page: Page): Promise<string> {
  return page.locator('vf-conversations').evaluate((host) => {
    const inner = host.shadowRoot?.querySelector('[part~="base"]');
    return inner ? getComputedStyle(inner).getPropertyValue('--_vf-color-accent').trim() : '';
  });
}

/** The steps every example passes; answers whether the element is still the one the HTML parser made. */
async function storySwitchesInPlace(framework: string): Promise<boolean> {
  const { page, errors } = await openExample(framework);
  const widget = page.locator('vf-conversations');
  await page.getByRole('heading', { level: 1, name: FIRST.title }).waitFor();
  await page.getByRole('region', { name: `Comments on ${FIRST.title}` }).waitFor();
  await widget.getByRole('heading', { name: `${SEEDED} comments` }).waitFor();
  assert.equal(await accentInside(page), FIRST.accent);
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  const keptParsed = await page.evaluate(() => {
    const { parsed } = window as { parsed?: Element | null };
    return Boolean(parsed) && parsed === document.querySelector('vf-conversations');
  });

  // The element's own Sign up; the app hears vf-login-success and shows it.
  await widget.getByRole('button', { name: 'Sign up', exact: true }).click();
  await completeLogin(page, `${framework}-${Date.now()}@example.com`, 'correct horse battery', 'Ada Example');
  await page.getByText('Welcome, Ada Example (new account)').waitFor();

  // The app's state moves on: the element shows the second article's (empty) conversation.
  await page.getByRole('button', { name: 'Next story' }).click();
  await page.getByRole('heading', { level: 1, name: SECOND.title }).waitFor();
  await page.getByRole('region', { name: `Comments on ${SECOND.title}` }).waitFor();
  await widget.getByText('Be the first to comment.').waitFor();
  assert.equal(await widget.getByRole('heading', { name: `${SEEDED} comments` }).count(), 0);
  assert.equal(await accentInside(page), SECOND.accent);
  // Still signed in, in the same document.
  await widget.getByRole('textbox', { name: 'Write a comment' }).waitFor();
  assert.equal(await widget.getByRole('button', { name: 'Sign up', exact: true }).count(), 0);
  assert.equal(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument), true);
  assert.deepEqual(errors, []);
  await page.context().close();
  return keptParsed;
}

describe('the framework examples on the demo site', () => {
  for (const framework of ['react', 'vue', 'svelte']) {
    it(`${framework}: the app's state drives <vf-conversations>, its event reaches the app, Next story switches in place`, async () => {
      assert.equal(await storySwitchesInPlace(framework), false, 'rendered in the browser');
    });
  }

  it('next: the page is rendered at build time with the element in it, hydrates without a mismatch, and behaves the same', async () => {
    const html = await (await fetch(`${server.origin}/examples/next/`)).text();
    assert.match(html, /<h1>City plants 10,000 trees along its river<\/h1>/);
    assert.match(html, /<vf-conversations vf-container-id="demo-article-river-trees" region-label="Comments on City plants 10,000 trees along its river" style="--vf-color-accent:#0b6e4f"/);
    // A mismatch React reports is a console or page error (storySwitchesInPlace finds none); one it
    // mends renders the tree again: the element the HTML parser made must still be there.
    assert.equal(await storySwitchesInPlace('next'), true, 'the server-rendered element was hydrated, not replaced');
  });

  it('a framework example\'s folder without its slash, or a file it does not have, is answered plainly', async () => {
    const folder = await fetch(`${server.origin}/examples/vue`);
    assert.equal(folder.status, 200);
    assert.match(await folder.text(), /<title>vf in a Vue app<\/title>/);
    assert.equal((await fetch(`${server.origin}/examples/vue/missing.js`)).status, 404);
    assert.equal((await fetch(`${server.origin}/examples/../package.json`)).status, 404);
  });
});
