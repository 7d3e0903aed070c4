// Lighthouse per demo page (issue 44, docs/performance.md "Lighthouse"): Lighthouse 12's default
// mobile profile (simulated 4× CPU and slow 4G, 412×823) against the real server, in Debian's
// Chromium; the median of VF_BENCH_RUNS runs a page by performance score (default 3), with that
// run's Total Blocking Time, LCP, CLS and best-practices score. One page at a time, a fresh
// Chromium profile each run. `node --import tsx bench/lighthouse.ts [/demo/page.html ...]`
// (builds first when dist/ is missing); VF_BENCH_VERBOSE=1 also prints the run's longest tasks.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../test/support/browser.mjs';
import { startServer } from '../test/support/serve.mjs';
import { demoPages, warmFirstPaint } from '../test/support/csp.ts';
import { dist } from './bundle.ts';

export const AIMS = { performance: 95, tbtMs: 200, lcpMs: 2500, cls: 0.02, bestPractices: 100 };

export interface LighthouseRun {
  performance: number;
  bestPractices: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** The longest main-thread tasks Lighthouse saw, with what ran in them (VF_BENCH_VERBOSE). */
  longTasks: string[];
}

interface Audit {
  numericValue?: number;
  details?: { items?: Array<{ url?: string; duration?: number; startTime?: number }> };
}

async function runOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'best-practices'] });
    const lhr = result!.lhr;
    const audit = (id: string) => lhr.audits[id] as Audit;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const tasks = audit('long-tasks').details?.items ?? [];
    return {
      performance: score('performance'),
      bestPractices: score('best-practices'),
      tbtMs: Math.round(audit('total-blocking-time').numericValue ?? 0),
      lcpMs: Math.round(audit('largest-contentful-paint').numericValue ?? 0),
      cls: Number((audit('cumulative-layout-shift').numericValue ?? 0).toFixed(3)),
      longTasks: tasks.slice(0, 6).map((task) => `${Math.round(task.startTime ?? 0)} ms +${Math.round(task.duration ?? 0)} ms ${task.url ?? ''}`),
    };
  } finally {
    await chrome.kill();
  }
}

/** Per page: the run with the median performance score of `runs`. */
export async function lighthouseByPage(paths = demoPages(), runs = Number(process.env.VF_BENCH_RUNS ?? 3)): Promise<Map<string, LighthouseRun>> {
  const server = await startServer({ timeoutMs: 90000 });
  try {
    await warmFirstPaint(server.origin);
    const results = new Map<string, LighthouseRun>();
    for (const path of paths) {
      const visits: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) visits.push(await runOnce(server.origin + path));
      visits.sort((a, b) => a.performance - b.performance);
      results.set(path, visits[Math.floor(visits.length / 2)]!);
    }
    return results;
  } finally {
    await server.stop();
  }
}

export async function lighthouseRows(paths?: string[]): Promise<Array<[string, string, string]>> {
  const rows: Array<[string, string, string]> = [];
  for (const [path, run] of await lighthouseByPage(paths)) {
    const figures = `perf ${run.performance}, TBT ${run.tbtMs} ms, LCP ${(run.lcpMs / 1000).toFixed(1)} s, CLS ${run.cls}, best practices ${run.bestPractices}`;
    rows.push([`Lighthouse mobile: ${path}`, figures, `≥ ${AIMS.performance}, ≤ ${AIMS.tbtMs} ms, ≤ 2.5 s, ≤ ${AIMS.cls}, ${AIMS.bestPractices}`]);
    if (process.env.VF_BENCH_VERBOSE) for (const task of run.longTasks) rows.push(['  long task', task, '']);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const paths = process.argv.slice(2);
  for (const row of await lighthouseRows(paths.length ? paths : undefined)) console.log(row.join(' | '));
}
