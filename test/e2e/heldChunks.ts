/**
 * A page for the first-paint tests: every chunk but the loader's own first-paint chunk waits for
 * `release()`, so what the server painted is seen before any of vf's core or element code runs; it
 * records the page's requests, its console errors and warnings, and its layout shift
 * (`window.shift`, summed as CLS counts it).
 */
import type { Page, Route } from 'playwright-core';
import { warmFirstPaint } from '../support/csp.ts';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../../server/demo/index.ts';
import { browser, server } from './setup.ts';

/** The host attribute of a server-painted element, until React has taken the markup over. */
export const PAINTED = 'data-vf-first-paint';
/** Console lines that say nothing about vf: a 404 the test asks for, and the socket Chromium refuses a page the test serves itself. */
export const NOT_VF = /Failed to load resource|WebSocket connection/;

/** The loader's half of the first paint (core/loader/firstPaint.ts), a chunk vf.js imports at once. */
const PAINT_CHUNK = /\/chunks\/first-paint-[\w-]+\.js$/;
/** A request for core's or an element's code (a chunk other than the loader's paint chunk). */
export const isVfCode = (path: string) => path.startsWith('/chunks/') && !PAINT_CHUNK.test(path);

export interface HeldPage {
  page: Page;
  requests: string[];
  errors: string[];
  release(): void;
}

/**
 * The test server runs through tsx and loads (and transpiles) its renderer at its first render,
 * which beside the browser layer can outlast the loader's 3 s: a cold start then paints nothing
 * (first-paint.test.ts covers that fallback). The paints these pages time come after one render.
 */
const warmed = new Set<string>();

export async function heldPage(viewport = { width: 1000, height: 800 }, prepare?: (page: Page) => Promise<void>): Promise<HeldPage> {
  if (!warmed.has(server.origin)) {
    warmed.add(server.origin);
    await warmFirstPaint(server.origin);
  }
  const page = await (await browser.newContext({ viewport })).newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chunks/**', async (route: Route) => {
    if (!PAINT_CHUNK.test(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  await prepare?.(page);
  await page.addInitScript(() => {
    (window as unknown as { shift: number }).shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, requests, errors, release };
}

export const painted = (page: Page, tag: string, timeout = 15_000) =>
  page.waitForFunction(([name, attr]) => document.querySelector(name!)?.hasAttribute(attr!), [tag, PAINTED], { timeout });

export const takenOver = (page: Page, tag: string) =>
  page.waitForFunction(([name, attr]) => !document.querySelector(name!)!.hasAttribute(attr!), [tag, PAINTED], { timeout: 20_000 });

export const shift = (page: Page) => page.evaluate(() => (window as unknown as { shift: number }).shift);
export const resetShift = (page: Page) => page.evaluate(() => void ((window as unknown as { shift: number }).shift = 0));

/** A `prepare` for heldPage: the page opens with a demo account of `privilege` signed in (its tokens stored as vf keeps them). */
export async function signedIn(privilege: string): Promise<(page: Page) => Promise<void>> {
  const account = DEMO_ACCOUNTS.find((one) => one.user_privilege === privilege)!;
  const response = await fetch(`${server.origin}/api/v2/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, section: DEMO_SITE.uuid }),
  });
  const { result: tokens } = (await response.json()) as { result: { access_token: string; refresh_token: string } };
  return async (page) => {
    await page.addInitScript((t) => {
      localStorage.setItem('vf.access_token', t.access_token);
      localStorage.setItem('vf.refresh_token', t.refresh_token);
    }, tokens);
  };
}
