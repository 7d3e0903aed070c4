// Layout shift (CLS) per demo page, as a guest's first visit in Chromium against the real server
// (docs/performance.md "Layout shift"): the page is loaded in a 1280×800 window, scrolled through
// half a window at a time (a pause at each step, so what loads near the viewport loads there), and
// left until everything vf shows is done. CLS is the largest session window of the `layout-shift`
// entries not caused by input (web.dev's definition: shifts less than 1 s apart, at most 5 s).
// `node --import tsx bench/layout-shift.ts` (builds first when dist/ is missing);
// VF_BENCH_VERBOSE=1 prints the nodes that moved.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { eachDemoPage, scrollThrough } from '../test/support/csp.ts';
import { dist } from './bundle.ts';

export const CLS_AIM = 0.02;
const VIEWPORT = { width: 1280, height: 800 };

/** Page-side, before any script: every shift not caused by input, with what moved. A string: tsx would wrap a function. */
const WATCH_SHIFTS = `(() => {
  const shifts = window.__vfShifts = [];
  const describe = (node) => {
    if (!node) return '?';
    const host = node.getRootNode && node.getRootNode().host;
    const own = (node.localName || '#text') + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : '');
    return host ? host.localName + ' > ' + own : own;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({ time: entry.startTime, value: entry.value, sources: (entry.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

export interface Shift {
  time: number;
  value: number;
  sources: string[];
}

/** The largest session window: shifts less than 1 s after the one before, the window at most 5 s long. */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let largest = 0;
  let window = 0;
  let first = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.time - previous >= 1000 || shift.time - first >= 5000) {
      window = 0;
      first = shift.time;
    }
    window += shift.value;
    previous = shift.time;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** Scrolls down half a window at a time, pausing so each step's elements can load where they are. */
const SCROLL_SLOWLY = `(async () => {
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
})()`;

export async function pageLayoutShift(browser: Browser, origin: string, path: string): Promise<{ cls: number; shifts: Shift[] }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(WATCH_SHIFTS);
    const page = await context.newPage();
    await page.goto(origin + path, { waitUntil: 'load' });
    await page.evaluate(SCROLL_SLOWLY);
    // Back at the top, all is in the window once: what waits for its slot (an ad) loads too.
    await scrollThrough(page).catch(() => page.waitForLoadState('networkidle'));
    const shifts = (await page.evaluate('window.__vfShifts')) as Shift[];
    return { cls: cumulativeLayoutShift(shifts), shifts };
  } finally {
    await context.close();
  }
}

export function measureLayoutShift(): Promise<Map<string, { cls: number; shifts: Shift[] }>> {
  return eachDemoPage({}, pageLayoutShift);
}

/** bench/run.ts's rows: one per page, [page, CLS, aim]. */
export async function layoutShiftRows(): Promise<Array<[string, string, string]>> {
  const results = await measureLayoutShift();
  return [...results].map(([path, { cls }]) => [`layout shift (CLS): ${path}`, cls.toFixed(3), `≤ ${CLS_AIM}`]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const results = await measureLayoutShift();
  for (const [path, { cls, shifts }] of results) {
    console.log(`${path.padEnd(28)} CLS ${cls.toFixed(3)}${cls > CLS_AIM ? '  over the aim' : ''}`);
    if (process.env.VF_BENCH_VERBOSE) for (const s of shifts) console.log(`    ${Math.round(s.time)} ms  ${s.value.toFixed(4)}  ${s.sources.join(', ')}`);
  }
}
