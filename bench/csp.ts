// Every demo page under the strict Content-Security-Policy of docs/server.md ("Content-Security-
// Policy"), as a guest in Chromium against the real server: what the policy refused
// (`securitypolicyviolation` events) and what threw, per page, after scrolling each page through.
// `node --import tsx bench/csp.ts` (builds first when dist/ is missing); VF_BENCH_VERBOSE=1
// prints each refusal.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { eachDemoPage, strictServerOptions, visitUnderPolicy, watchedContext, type PageReport } from '../test/support/csp.ts';
import { dist } from './bundle.ts';

export async function measureCsp(): Promise<Map<string, PageReport>> {
  // One context for every page: the policy's watch is set on it once.
  let context: BrowserContext | null = null;
  return eachDemoPage(await strictServerOptions(), async (browser, origin, path) => visitUnderPolicy((context ??= await watchedContext(browser)), origin, path));
}

/** bench/run.ts's rows: one per page, [page, "N violations · N errors", aim]. */
export async function cspRows(): Promise<Array<[string, string, string]>> {
  const reports = await measureCsp();
  return [...reports].map(([path, report]) => [`strict CSP: ${path}`, `${report.violations.length} violations · ${report.errors.length} errors (${report.firstPaints} first paints)`, '0 · 0']);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const reports = await measureCsp();
  for (const [path, { violations, errors, firstPaints }] of reports) {
    console.log(`${path.padEnd(28)} ${String(violations.length).padStart(3)} violations  ${String(errors.length).padStart(3)} errors  ${firstPaints} first paints`);
    if (process.env.VF_BENCH_VERBOSE) for (const line of [...violations, ...errors]) console.log(`    ${line}`);
  }
}
