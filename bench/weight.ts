// What the demo article downloads until its elements are interactive, and what it downloads after
// (docs/performance.md "Weight until interactive"): the real server, Debian's Chromium, a first visit
// (a fresh context, empty cache), a 1000×2600 viewport so the conversation is within its 500 px
// loading margin at once.
//
// Interactive, concretely: `window.vf.$ready` has run (core's bootstrap is done), and each element
// the loader starts at once (the count, the starter, the conversation) is defined with React in
// charge of its shadow root (no `data-vf-first-paint` left), and the conversation's compose box is
// an enabled textarea. Bytes: every address the page fetched (the page, its stylesheet, pictures,
// vf.js, chunks, API answers) counted once, as the gzip size of its body (level 9: the same for
// every file whatever the server sent), if its response had ended by then (Resource Timing).
// The pull quote loads 5 s after start (spec §2): its requests are held until the page is
// interactive, so a machine slower than 5 s to interactive counts the same files as a fast one.
import type { Browser, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/support/browser.mjs';
import { startServer } from '../test/support/serve.mjs';
import { dist, gzipBytes, loaderSize } from './bundle.ts';

const RUNS = 3;
const VIEWPORT = { width: 1000, height: 2600 };
/** After interactive: the page is settled once no request has started for this long. */
const QUIET_MS = 3000;
const SETTLE_MAX_MS = 20_000;
export const WEIGHT_AIM_BYTES = 110 * 1024;
export const LOADER_AIM_BYTES = 4096;

/** Page-side, before the page's scripts: notes the moment the article is interactive (see above). */
const WATCH = `(() => {
  const startedAtOnce = ['vf-conversations-count', 'vf-conversation-starter', 'vf-conversations'];
  let ready = false;
  (window.vfQ = window.vfQ || []).push(() => { ready = true; });
  const check = () => {
    if (!ready) return false;
    for (const tag of startedAtOnce) {
      const el = document.querySelector(tag);
      if (el && (!customElements.get(tag) || el.hasAttribute('data-vf-first-paint') || !el.shadowRoot)) return false;
    }
    const compose = document.querySelector('vf-conversations')?.shadowRoot?.querySelector('textarea');
    return !!compose && !compose.disabled;
  };
  const timer = setInterval(() => {
    if (!check()) return;
    clearInterval(timer);
    window.__vfInteractive = performance.now();
    window.vfbInteractive?.();
  }, 5);
})();`;

interface Fetched { path: string; gzip: number; end: number }
export interface WeightLoad { interactiveMs: number; fetched: Fetched[] }

const pathOf = (url: string) => {
  const parsed = new URL(url);
  // The first paints carry the server's origin (a port that changes per run).
  parsed.searchParams.delete('origin');
  return parsed.pathname + parsed.search;
};

async function loadOnce(browser: Browser, origin: string): Promise<WeightLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page: Page = await context.newPage();
    let interactive!: () => void;
    const interactiveNow = new Promise<void>((resolve) => (interactive = resolve));
    await page.exposeBinding('vfbInteractive', () => interactive());
    await page.route(/vf-pull-quote/, async (route) => {
      await interactiveNow;
      await route.continue();
    });
    const bodies = new Map<string, Promise<number>>();
    let lastRequest = Date.now();
    page.on('request', () => (lastRequest = Date.now()));
    page.on('response', (response) => {
      const path = pathOf(response.url());
      if (!bodies.has(path)) bodies.set(path, response.body().then(gzipBytes, () => 0));
    });
    await page.addInitScript(WATCH);
    await page.goto(`${origin}/demo/article.html`);
    await Promise.race([interactiveNow, new Promise((_, reject) => setTimeout(() => reject(new Error('the article did not become interactive in 60 s')), 60_000))]);
    // Then what waited for the reader (idle time, first use) comes: until nothing new has started for a while.
    const settleBy = Date.now() + SETTLE_MAX_MS;
    while (Date.now() - lastRequest < QUIET_MS && Date.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 250));
    const timing = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const entries = [{ name: nav.name, end: nav.responseEnd }, ...performance.getEntriesByType('resource').map((r) => ({ name: r.name, end: r.responseEnd }))];
      return { interactive: window.__vfInteractive, entries };
    })()`)) as { interactive: number; entries: Array<{ name: string; end: number }> };
    const ends = new Map<string, number>();
    for (const entry of timing.entries) {
      const path = pathOf(entry.name);
      ends.set(path, Math.min(ends.get(path) ?? Infinity, entry.end));
    }
    const fetched: Fetched[] = [];
    for (const [path, gzip] of bodies) fetched.push({ path, gzip: await gzip, end: ends.get(path) ?? Infinity });
    return { interactiveMs: timing.interactive, fetched };
  } finally {
    await context.close();
  }
}

/** Own server (seeds the demo article) and browser; one warm-up load for the server's caches. */
export async function measureWeight(runs = RUNS): Promise<WeightLoad[]> {
  const server = await startServer();
  try {
    const browser = await launchChromium();
    try {
      await loadOnce(browser, server.origin);
      const loads: WeightLoad[] = [];
      for (let i = 0; i < runs; i++) loads.push(await loadOnce(browser, server.origin));
      return loads;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Fetched[]) => files.reduce((total, file) => total + file.gzip, 0);
const byInteractive = (load: WeightLoad) => load.fetched.filter((file) => file.end <= load.interactiveMs);
const range = (values: number[], show: (n: number) => string) => {
  const [low, high] = [show(Math.min(...values)), show(Math.max(...values))];
  return low === high ? low : `${low}–${high}`;
};

/** What a file is, for the breakdown. */
function groupOf(path: string): string {
  if (path === '/vf.js') return 'vf.js';
  if (path.startsWith('/chunks/')) return 'chunks';
  if (path.startsWith('/api/first-paint/')) return 'first paints';
  if (path.startsWith('/api/')) return 'API answers';
  return 'page, stylesheet, pictures, vendor stand-ins';
}

/** bench/run.ts's row for the loader: [measure, value, aim]. */
export function loaderRow(): [string, string, string] {
  const loader = loaderSize();
  return ['vf.js gzip (minified)', `${loader.gzip} B (${kb(loader.minified)})`, `≤ ${LOADER_AIM_BYTES} B`];
}

/** bench/run.ts's rows for the article: [measure, value, aim]. */
export function weightRows(loads: WeightLoad[]): Array<[string, string, string]> {
  const until = loads.map(byInteractive);
  const groups = [...new Set(loads.flatMap((load) => load.fetched.map((file) => groupOf(file.path))))];
  return [
    ['demo article: bytes until interactive, gzip, each address once', `${range(until.map(sum), kb)} in ${range(until.map((files) => files.length), String)} responses`, `≤ ${kb(WEIGHT_AIM_BYTES)}`],
    ...groups.map((group): [string, string, string] => {
      const files = until.map((list) => list.filter((file) => groupOf(file.path) === group));
      return [`  of it: ${group}`, `${range(files.map(sum), kb)} (${range(files.map((list) => list.length), String)})`, ''];
    }),
    ['demo article: after interactive, until the page settles', `${range(loads.map((load, i) => sum(load.fetched) - sum(until[i]!)), kb)} in ${range(loads.map((load, i) => load.fetched.length - until[i]!.length), String)} responses`, ''],
  ];
}

// `node --import tsx bench/weight.ts` runs this bench alone (builds first when dist/ is missing);
// VF_BENCH_VERBOSE=1 lists every file, counted (*) or after interactive.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const loads = await measureWeight();
  if (process.env.VF_BENCH_VERBOSE) {
    for (const load of loads) {
      console.log(`interactive at ${Math.round(load.interactiveMs)} ms`);
      for (const file of [...load.fetched].sort((a, b) => a.end - b.end)) {
        console.log(`${file.end <= load.interactiveMs ? '*' : ' '} ${String(Math.round(file.end)).padStart(6)} ms ${String(file.gzip).padStart(6)} B ${file.path.slice(0, 100)}`);
      }
    }
  }
  for (const [measure, value, aim] of [loaderRow(), ...weightRows(loads)]) console.log(`${measure.padEnd(64)} ${value.padEnd(28)} ${aim}`);
}
