// The server-rendered first paint of <vf-conversations> against today's path (the element's chunk
// renders after fetching), side by side in one run: the demo article (6 threads, 14 comments) in
// Chromium against the real server, the two paths alternated, a fresh context (empty cache) per
// load. Today's path is the same page with `window.vfConfig = { firstPaint: false }`.
//
// Clocks and sources: page times are `performance.now()` (0 = the navigation's timeOrigin); bytes
// are Resource Timing `encodedBodySize` of the requests that went to the network (transferSize > 0:
// an element chunk is fetched, then imported from the cache) and had ended by the moment; vf's
// main-thread time is CDP `Performance.getMetrics` asked the moment the first comments are painted.
import type { Browser, CDPSession } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/support/browser.mjs';
import { startServer } from '../test/support/serve.mjs';
import { dist, gzipBytes } from './bundle.ts';
import { median } from './stats.ts';

const RUNS = 7;
const FIRST = 10;
const SETTLE_MS = 1000;
/** Tall enough that the conversation is within the 500 px loading margin at load. */
const VIEWPORT = { width: 1000, height: 2600 };
type PathName = 'first paint' | 'today';

/**
 * Page-side, before the page's scripts (a string: tsx would wrap a function's names in helpers the
 * page lacks). Watches the conversation's shadow root from its creation (attachShadow wrapped):
 * the first `FIRST` comments in the DOM, the frame that paints them ("after next paint", as in
 * bench/render-1000.ts), the removal of `data-vf-first-paint` (interactive), and layout shifts.
 */
const WATCH = `(() => {
  const b = window.__vfb = { shifts: [] };
  const isConv = (node) => { for (let n = node; n; n = n.getRootNode().host) if (n.localName === 'vf-conversations') return true; return false; };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.shifts.push({ value: e.value, at: e.startTime, input: e.hadRecentInput,
      conv: e.sources.some((s) => s.node && isConv(s.node)), unknown: e.sources.every((s) => !s.node),
      what: e.sources.map((s) => s.node ? (s.node.getRootNode().host?.localName ?? '') + '>' + (s.node.localName ?? '#text') + (s.node.className ? '.' + s.node.className : '') : '?').join(' ') });
  }).observe({ type: 'layout-shift', buffered: true });
  const afterNextPaint = (fn) => requestAnimationFrame(() => {
    if (globalThis.scheduler?.postTask) return void scheduler.postTask(fn, { priority: 'user-blocking' });
    const channel = new MessageChannel();
    channel.port1.onmessage = fn;
    channel.port2.postMessage(null);
  });
  const watch = (host, root) => {
    const seen = new MutationObserver(() => {
      if (root.querySelectorAll('[part~="comment"]').length < ${FIRST}) return;
      seen.disconnect();
      b.inDom = performance.now();
      b.serverMarkup = host.hasAttribute('data-vf-first-paint');
      b.definedAtPaint = !!customElements.get('vf-conversations');
      b.hostTop = host.getBoundingClientRect().top;
      b.heights = [...document.querySelectorAll('vf-pull-quote,vf-conversation-starter,vf-conversations-count')].map((e) => e.localName + ' ' + Math.round(e.getBoundingClientRect().height)).join(', ');
      afterNextPaint(() => {
        b.painted = performance.now();
        performance.mark('vf-first-comments-painted');
        window.vfbPainted?.();
      });
    });
    seen.observe(root, { childList: true, subtree: true });
    new MutationObserver(() => {
      if (host.hasAttribute('data-vf-first-paint')) b.hadAttr = true;
      else if (b.hadAttr && b.interactive === undefined) b.interactive = performance.now();
    }).observe(host, { attributes: true, attributeFilter: ['data-vf-first-paint'] });
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (this.localName === 'vf-conversations') watch(this, root);
    return root;
  };
})();`;

interface Resource { path: string; start: number; end: number; transfer: number; body: number }
interface Shift { value: number; at: number; input: boolean; conv: boolean; unknown: boolean; what: string }
interface PageFigures {
  inDom: number; painted: number; interactive?: number; serverMarkup: boolean; definedAtPaint: boolean;
  hostTop: number; shifts: Shift[]; resources: Resource[]; heights: string;
}
export interface Load {
  path: PathName; paintMs: number; interactiveMs: number; bytesAtPaint: number; bytesAtInteractive: number;
  gzipApiAtPaint: number; requestsAtPaint: number; convCls: number; pageCls: number; scriptMs: number; taskMs: number;
  firstPaintRequested: boolean; serverMarkup: boolean; coreBeforePaint: boolean; hostTop: number; otherShifts: string; heights: string; atPaint: string;
}

const counted = (path: string) => path === '/vf.js' || path.startsWith('/chunks/') || path.startsWith('/api/');

async function loadOnce(browser: Browser, origin: string, path: PathName, coreFile: string): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    let metrics: Promise<Record<string, number>> | null = null;
    await page.exposeBinding('vfbPainted', () => {
      metrics ??= cdp.send('Performance.getMetrics').then(({ metrics: list }) => Object.fromEntries(list.map((m) => [m.name, m.value])));
    });
    if (path === 'today') await page.addInitScript('window.vfConfig = { firstPaint: false };');
    await page.addInitScript(WATCH);
    // The server does not compress its other /api answers: their gzip size too, to compare like with like.
    const gzipped = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/') || response.headers()['content-encoding']) return;
      gzipped.set(url.pathname + url.search, response.body().then(gzipBytes, () => 0));
    });
    await page.goto(`${origin}/demo/article.html`);
    const done = path === 'today' ? 'b.painted !== undefined' : 'b.interactive !== undefined && b.painted !== undefined';
    await page.waitForFunction(`(() => { const b = window.__vfb; return ${done}; })()`, null, { timeout: 30_000 }).catch(async (error: Error) => {
      const state = await page.evaluate('JSON.stringify({ ...window.__vfb, shifts: undefined, host: document.querySelector("vf-conversations")?.outerHTML.slice(0, 300) })');
      throw new Error(`${path}: ${error.message}\n${state}`);
    });
    // Layout shifts are reported after their frame: two more frames before reading them.
    const figures = (await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const b = window.__vfb;
      resolve({ ...b, resources: performance.getEntriesByType('resource').map((r) => ({ path: new URL(r.name).pathname + new URL(r.name).search,
        start: r.startTime, end: r.responseEnd, transfer: r.transferSize, body: r.encodedBodySize })) });
    })))`)) as PageFigures;
    const m = await (metrics ?? Promise.resolve({} as Record<string, number>));
    const interactive = path === 'today' ? figures.painted : figures.interactive!;
    const sent = figures.resources.filter((r) => counted(r.path) && r.transfer > 0);
    const bytesBy = (t: number) => sent.filter((r) => r.end <= t).reduce((sum, r) => sum + r.body, 0);
    const atPaint = sent.filter((r) => r.end <= figures.painted);
    const gz = await Promise.all(atPaint.map(async (r) => (gzipped.has(r.path) ? await gzipped.get(r.path)! : r.body)));
    const cls = (filter: (s: Shift) => boolean) =>
      figures.shifts.filter((s) => !s.input && s.at <= interactive && filter(s)).reduce((sum, s) => sum + s.value, 0);
    const core = figures.resources.find((r) => r.path === `/${coreFile}`);
    return {
      path, paintMs: figures.painted, interactiveMs: interactive, bytesAtPaint: bytesBy(figures.painted),
      bytesAtInteractive: bytesBy(interactive), gzipApiAtPaint: gz.reduce((a, b) => a + b, 0), requestsAtPaint: atPaint.length,
      convCls: cls((s) => s.conv), pageCls: cls(() => true),
      scriptMs: (m['ScriptDuration'] ?? NaN) * 1000, taskMs: (m['TaskDuration'] ?? NaN) * 1000,
      firstPaintRequested: figures.resources.some((r) => r.path.startsWith('/api/first-paint/')),
      serverMarkup: figures.serverMarkup, coreBeforePaint: !!core && core.start < figures.inDom, hostTop: figures.hostTop,
      heights: figures.heights, atPaint: atPaint.map((r) => r.path.replace(/\?.*/, '')).join(' '),
      otherShifts: figures.shifts.filter((s) => s.at <= interactive && !s.conv).map((s) => `${Math.round(s.at)}ms ${s.value.toFixed(3)} ${s.what}`).join('; '),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;

/** The measures, one row each: [measure, first paint, today, aim]. */
export function sideBySide(loads: Load[]): Array<[string, string, string, string]> {
  const of = (path: PathName) => loads.filter((l) => l.path === path);
  const cell = (path: PathName, show: (ls: Load[]) => string) => show(of(path));
  const row = (measure: string, show: (ls: Load[]) => string, aim: string): [string, string, string, string] =>
    [measure, cell('first paint', show), cell('today', show), aim];
  const spread = (pick: (l: Load) => number, fmt: (n: number) => string) => (ls: Load[]) =>
    `${fmt(median(ls.map(pick)))} / ${fmt(Math.max(...ls.map(pick)))}`;
  const cls = (n: number) => n.toFixed(3);
  const count = (pick: (l: Load) => boolean) => (ls: Load[]) => `${ls.filter(pick).length}/${ls.length}`;
  return [
    row(`vf bytes before the first ${FIRST} comments painted (median / max)`, spread((l) => l.bytesAtPaint, kb), '≤ 15 KB'),
    row('  the same with the /api answers gzipped (the server sends them plain)', spread((l) => l.gzipApiAtPaint, kb), ''),
    row('  vf requests ended by then (median)', (ls) => String(median(ls.map((l) => l.requestsAtPaint))), ''),
    row(`page start → first ${FIRST} comments painted (median / max)`, spread((l) => l.paintMs, ms), '≤ 400 ms'),
    row('CLS from the conversation\'s shadow root until interactive (median / max)', spread((l) => l.convCls, cls), '0'),
    row('  page CLS, all sources, until interactive (median / max)', spread((l) => l.pageCls, cls), ''),
    row('main thread by then: CDP ScriptDuration / TaskDuration (median)', (ls) =>
      `${ms(median(ls.map((l) => l.scriptMs)))} / ${ms(median(ls.map((l) => l.taskMs)))}`, ''),
    row('vf bytes until interactive (median / max)', spread((l) => l.bytesAtInteractive, kb), '≤ today'),
    row('page start → interactive (median / max)', spread((l) => l.interactiveMs, ms), '≤ today'),
    row('checks: /api/first-paint requested · server markup painted · core requested before it',
      (ls) => `${count((l) => l.firstPaintRequested)(ls)} · ${count((l) => l.serverMarkup)(ls)} · ${count((l) => l.coreBeforePaint)(ls)}`, ''),
    row('conversation top when its comments are in (px; margin 500, viewport 2600)', (ls) => String(Math.round(median(ls.map((l) => l.hostTop)))), ''),
  ];
}

/** Own server (seeds the demo article) and browser; the two paths alternated, warm-up not counted. */
export async function measureFirstPaint(runs = RUNS): Promise<Load[]> {
  const coreFile = (JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Record<string, string>)['core']!;
  const server = await startServer();
  try {
    const browser = await launchChromium();
    try {
      // Warm-up: the server's guest cache and its lazily loaded renderer.
      for (const path of ['first paint', 'today'] as const) await loadOnce(browser, server.origin, path, coreFile);
      const loads: Load[] = [];
      for (let i = 0; i < runs; i++) {
        const order: PathName[] = i % 2 ? ['today', 'first paint'] : ['first paint', 'today'];
        for (const path of order) {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          loads.push(await loadOnce(browser, server.origin, path, coreFile));
        }
      }
      return loads;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** bench/run.ts's rows: [measure, "first paint … · today …", aim]. */
export async function firstPaintRows(): Promise<Array<[string, string, string]>> {
  const table = sideBySide(await measureFirstPaint());
  return table.map(([measure, first, today, aim]) => [`<vf-conversations> ${measure}`, `first paint ${first} · today ${today}`, aim]);
}

// `node --import tsx bench/first-paint.ts` runs this bench alone (builds first when dist/ is missing).
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const loads = await measureFirstPaint();
  if (process.env.VF_BENCH_VERBOSE) for (const load of loads) console.log(JSON.stringify(load));
  const rows: string[][] = [['measure', 'first paint', 'today', 'aim'], ...sideBySide(loads)];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`${RUNS} loads per path, alternated; viewport ${VIEWPORT.width}×${VIEWPORT.height}`);
  rows.forEach((row, i) => console.log(line(row) + (i === 0 ? `\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|` : '')));
}
