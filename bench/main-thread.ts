// The publisher's main thread (issue 44, docs/performance.md "The main thread after the first paint"): per demo page, a fresh
// guest's visit on a CPU slowed 4× (DevTools' throttling, CDP Emulation.setCPUThrottlingRate), no
// input, 10 s after navigation: the long tasks' time past 50 ms summed from the first contentful
// paint (Total Blocking Time's rule, without its end at time-to-interactive), and the longest task.
// `node --import tsx bench/main-thread.ts` (builds first when dist/ is missing); VF_BENCH_RUNS=N
// takes the median of N visits per page (default 1); VF_BENCH_VIEWPORT=1280x800 another window.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { eachDemoPage } from '../test/support/csp.ts';
import { dist } from './bundle.ts';
import { median } from './stats.ts';

export const BLOCKING_AIM_MS = 200;
export const CPU_SLOWDOWN = 4;
const WATCH_MS = 10000;
/** Lighthouse's mobile viewport, or VF_BENCH_VIEWPORT=WxH (a desktop window loads more at once). */
const [width = 412, height = 823] = (process.env.VF_BENCH_VIEWPORT ?? '').split('x').map(Number).filter((n) => n > 0);
const VIEWPORT = { width, height };

/** Page-side, before any script: every long task, and the first contentful paint. A string: tsx would wrap a function. */
const WATCH_TASKS = `(() => {
  const seen = window.__vfTasks = { tasks: [], fcp: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
})();`;

export interface MainThread {
  /** Sum of each long task's time past 50 ms, from the first contentful paint on. */
  blockingMs: number;
  longestMs: number;
  fcpMs: number;
}

/** From the long tasks [start, duration] and the first contentful paint, TBT's sum and the longest task. */
export function blockingTime(tasks: readonly (readonly [number, number])[], fcp: number): Pick<MainThread, 'blockingMs' | 'longestMs'> {
  let blockingMs = 0;
  let longestMs = 0;
  for (const [start, duration] of tasks) {
    longestMs = Math.max(longestMs, duration);
    const end = start + duration;
    if (end <= fcp) continue;
    // The part of a task before the first paint does not count (Lighthouse's rule).
    const counted = end - Math.max(start, fcp);
    if (counted > 50) blockingMs += counted - 50;
  }
  return { blockingMs: Math.round(blockingMs), longestMs: Math.round(longestMs) };
}

export async function visitThrottled(browser: Browser, origin: string, path: string): Promise<MainThread> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    await context.addInitScript(WATCH_TASKS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(origin + path);
    await page.waitForTimeout(WATCH_MS);
    const seen = (await page.evaluate('window.__vfTasks')) as { tasks: [number, number][]; fcp: number | null };
    const fcp = seen.fcp ?? 0;
    return { ...blockingTime(seen.tasks, fcp), fcpMs: Math.round(fcp) };
  } finally {
    await context.close();
  }
}


/** Per demo page: the median of `runs` visits' blocking time, with that visit's longest task. */
export async function mainThreadByPage(runs = Number(process.env.VF_BENCH_RUNS ?? 1)): Promise<Map<string, MainThread>> {
  return eachDemoPage({}, async (browser, origin, path) => {
    const visits: MainThread[] = [];
    for (let run = 0; run < runs; run++) visits.push(await visitThrottled(browser, origin, path));
    const middle = median(visits.map((visit) => visit.blockingMs));
    return visits.find((visit) => visit.blockingMs === middle)!;
  });
}

export async function mainThreadRows(): Promise<Array<[string, string, string]>> {
  const rows: Array<[string, string, string]> = [];
  for (const [path, figures] of await mainThreadByPage()) {
    rows.push([`main thread, 4× slower CPU: ${path}`, `${figures.blockingMs} ms blocking (longest task ${figures.longestMs} ms)`, `≤ ${BLOCKING_AIM_MS} ms`]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  for (const row of await mainThreadRows()) console.log(row.join(' | '));
}
