/**
 * The demo pages under a publisher's strict Content-Security-Policy (docs/server.md
 * "Content-Security-Policy"), in Chromium: the real server sends the policy with every demo page
 * (`VF_DEMO_CSP`), each page is scrolled through so every lazy element loads, and what the
 * policy refused (`securitypolicyviolation` events) and what the page threw are collected. Used
 * by test/e2e/csp.test.ts and bench/csp.ts.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.mjs';
import { freePort, startServer } from './serve.mjs';

/** The policy of docs/server.md for a vf server at `origin` that also serves the page. */
export function strictPolicy(origin: string): string {
  const socket = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
    `connect-src 'self' ${socket}`, "require-trusted-types-for 'script'", "trusted-types vf 'allow-duplicates'",
  ].join('; ');
}

/** startServer's options for a server whose demo pages come with the strict policy. */
export async function strictServerOptions(): Promise<{ port: number; env: Record<string, string> }> {
  const port = await freePort();
  return { port, env: { VF_DEMO_CSP: strictPolicy(`http://127.0.0.1:${port}`) } };
}

/** The demo pages, as demo/index.html lists them (its own address first). */
export function demoPages(): string[] {
  const index = readFileSync(new URL('../../demo/index.html', import.meta.url), 'utf8');
  return ['/', ...[...index.matchAll(/href="(\/demo\/[\w-]+\.html)"/g)].map((match) => match[1]!)];
}

/**
 * Page-side, before any script: keeps every refusal, and the name of every Trusted Types policy
 * made (a string: tsx would wrap a function's names in helpers the page lacks).
 */
const WATCH_VIOLATIONS = `(() => {
  const seen = window.__vfViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(event.effectiveDirective + ' ' + (event.blockedURI || '') + ' ' + (event.sample || '').slice(0, 60) + ' at ' + event.sourceFile + ':' + event.lineNumber);
  }, true);
  const policies = window.__vfPolicies = [];
  const factory = window.trustedTypes;
  const create = factory.createPolicy;
  factory.createPolicy = function (name, rules) {
    policies.push(name);
    return create.call(this, name, rules);
  };
})();`;

/** Makes `target`'s pages report what their policy refused and which Trusted Types policies they made. */
export async function watchViolations(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(WATCH_VIOLATIONS);
}

export interface PageReport {
  violations: string[];
  /** Uncaught errors, and console errors that are not the browser's own report of a refusal. */
  errors: string[];
  /** Elements the server's first paint answered for (the loader paints them, or its 3 s ran out). */
  firstPaints: number;
  /** The Trusted Types policies the page made, by name. */
  policies: string[];
}

/**
 * Renders one first paint, so the server's renderer is loaded before a page asks (its first load
 * can outlast the loader's 3 s on a busy machine, and the page would then show no first paint).
 */
export async function warmFirstPaint(origin: string): Promise<void> {
  const response = await fetch(`${origin}/api/first-paint/vf-conversations?domain=127.0.0.1&container_id=demo-article-river-trees`);
  if (!response.ok) throw new Error(`first paint: ${response.status}`);
}

/**
 * Visits every demo page in turn, in one Chromium, against a fresh real server (started with
 * `serverOptions`, its first paint warmed): `visit(browser, origin, path)` per page, by path.
 */
export async function eachDemoPage<T>(
  serverOptions: Parameters<typeof startServer>[0],
  visit: (browser: Browser, origin: string, path: string) => Promise<T>,
): Promise<Map<string, T>> {
  const server = await startServer({ ...serverOptions, timeoutMs: 90000 });
  try {
    await warmFirstPaint(server.origin);
    const browser = await launchChromium();
    try {
      const results = new Map<string, T>();
      for (const path of demoPages()) results.set(path, await visit(browser, server.origin, path));
      return results;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** Tall enough that every element of a demo page is near the viewport at once. */
export const STRICT_VIEWPORT = { width: 1200, height: 4000 };

/** A context whose pages report every refusal of their policy. */
export async function watchedContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: STRICT_VIEWPORT });
  await watchViolations(context);
  return context;
}

/**
 * Console lines that are no error of vf's code: the browser's own line for each refusal (counted
 * once, as a violation), and a request's status (a test's own 404s).
 */
const NOT_THROWN = /Content Security Policy|requires 'Trusted|^Failed to load resource/;

/** Starts collecting a page's errors; read them when done. */
export function collectErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !NOT_THROWN.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  return () => errors;
}

/**
 * What on the page is not done yet: a vf element not defined (its chunk has not run), a part
 * still loading (`aria-busy`, a skeleton), an ad being decided or loaded. Looks into shadow
 * roots: `true` once nothing is, or with `list` what is. No inner named functions: tsx would
 * wrap them in a helper the page lacks.
 */
function settled(list: boolean): boolean | string[] {
  const roots: ParentNode[] = [document];
  const waiting: string[] = [];
  for (let root = roots.pop(); root; root = roots.pop()) {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName.startsWith('vf-') && !customElements.get(el.localName)) waiting.push(`<${el.localName}> not defined`);
      if (el.matches('[aria-busy="true"], [part~="skeleton"], [data-ad-state="deciding"], [data-ad-state="loading"], vf-ad[data-vf-state="loading"]')) waiting.push(el.outerHTML.slice(0, 80));
      if (el.shadowRoot) roots.push(el.shadowRoot);
    }
  }
  return list ? waiting : waiting.length === 0;
}

/** Scrolls to the end half a viewport at a time, each step once the browser has drawn it. */
const SCROLL_THROUGH = `(async () => {
  const drawn = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await drawn();
  }
})()`;

/** How long one pass waits for the page to settle before it scrolls through again. */
const PASS_MS = 2000;

/**
 * Scrolls through the page, then waits until everything vf shows is done and the network is
 * quiet. The page's viewport is tall (STRICT_VIEWPORT): every element, ads included, is in view
 * from the start, as each loads only near the viewport. The page grows after its load event (the
 * server's first paint of a conversation adds thousands of pixels, and with them ads in its list
 * that load only within 500 px of the viewport), so while anything is not done it scrolls through
 * again, as a reader reading on would: one pass at the load event left the demo ads page's third
 * in-list ad 260 px past the margin, deciding for ever.
 */
export async function scrollThrough(page: Page, timeout = 20000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.evaluate(SCROLL_THROUGH);
    try {
      await page.waitForFunction(settled, false, { timeout: Math.max(1, Math.min(PASS_MS, deadline - Date.now())) });
      break;
    } catch (error) {
      if (Date.now() < deadline) continue;
      throw new Error(`${page.url()} did not settle: ${(await page.evaluate(settled, true) as string[]).join('; ')}`, { cause: error });
    }
  }
  await page.waitForLoadState('networkidle');
}

/** What the page's policy refused so far. */
export function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate('window.__vfViolations') as Promise<string[]>;
}

/** The Trusted Types policies the page made so far, by name. */
export function policiesOf(page: Page): Promise<string[]> {
  return page.evaluate('window.__vfPolicies') as Promise<string[]>;
}

/** Loads `path` in a fresh page of `context`, scrolls through it, and reports. */
export async function visitUnderPolicy(context: BrowserContext, origin: string, path: string): Promise<PageReport> {
  const page = await context.newPage();
  try {
    const errors = collectErrors(page);
    let firstPaints = 0;
    page.on('response', (response) => void (response.ok() && response.url().includes('/api/first-paint/') && firstPaints++));
    await page.goto(origin + path);
    await scrollThrough(page);
    return { violations: await violationsOf(page), errors: errors(), firstPaints, policies: await policiesOf(page) };
  } finally {
    await page.close();
  }
}
