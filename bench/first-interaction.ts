// A reader's first interaction with a vf element (docs/performance.md "The main thread after the first paint"): on a CPU slowed
// 4× (CDP Emulation.setCPUThrottlingRate), Lighthouse's mobile viewport, a fresh browser context
// per visit, against the built server (dist/server/main.js, demo data seeded). Each interaction is
// done at two moments: "before code", as soon as the element shows the control (for a server-painted
// element its painted markup, while the host still has `data-vf-first-paint`: React has not taken
// it over, core/loader/firstPaint.ts and elements/ui/takeover.ts), and "after code", once the element
// is hydrated and 3 s more have passed. Per visit, in page time (performance.now(), so Playwright's
// round trips do not count): the interaction's latency as INP counts it (the Event Timing API's
// longest pointerdown/pointerup/click entry of that interaction, durationThreshold 16) and the time
// from the pointerdown to the end of the frame that shows the result (looked for in each
// requestAnimationFrame; noted in a task queued from it, after that frame's rendering), and when the
// loader showed a control clicked before the code as pending (`data-vf-pending`), the time to that.
// The interactions (INTERACTIONS): a guest's click into the conversation's compose box, on the first
// comment's Like and on its Reply (each answered by the login dialog), a guest's vote in the first
// poll (a choice, then Vote: the results), a signed-in reader's chat message (a click into the box,
// the text, then Send: the message in the list; a fresh account's tokens stored as a login stores
// them) and a guest's click on the tray trigger (the tray's dialog open). The reader goes to the
// element at once (scrolled into view: its in-view load rule fires), and clicks are real mouse clicks
// at the control's centre; the row says whether the click reached the painted markup before the
// takeover, and whether the element's code (for the tray: the tray's) had run. A visit that gets no
// result within 15 s says so in its row. `node --import tsx bench/first-interaction.ts` (builds first
// when dist/ is missing); VF_BENCH_RUNS=N takes the median of N visits per row (default 1).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_SITE } from '../server/demo/index.ts';
import { launchChromium } from '../test/support/browser.mjs';
import { callApi } from '../test/support/callApi.ts';
import { warmFirstPaint } from '../test/support/csp.ts';
import { startServer } from '../test/support/serve.mjs';
import { dist } from './bundle.ts';
import { CPU_SLOWDOWN } from './main-thread.ts';
import { median } from './stats.ts';

export const RESPONSE_AIM_MS = 200;
const TIMEOUT_MS = 15000;
/** The page's own start (first paint, load rules, the tray's settling) may take longer under throttling. */
const PAGE_TIMEOUT_MS = 40000;
const SETTLE_MS = 3000;
const VIEWPORT = { width: 412, height: 823 };

/** One click of an interaction: `find` is a page-side expression of `host` and `root` (its shadow root). */
interface Step {
  find: string;
  /** Typed (as one input, keyboard.insertText) after the click; `$TOKEN` is this visit's unique word. */
  type?: string;
}

interface Interaction {
  name: string;
  path: string;
  host: string;
  /** The server paints the element: "before code" clicks its painted markup. */
  painted: boolean;
  signedIn?: boolean;
  /** The clicks; the last one is measured. */
  steps: Step[];
  /** Page-side expression of `host` and `root`: the visible result. */
  result: string;
  /** Other element code the response needs (the tray's): "after code" waits for it, "before code" reports it. */
  alsoNeeds?: string[];
}

const LOGIN_DIALOG = 'root.querySelector("dialog[open]")';
const FIRST_COMMENT = 'root.querySelector("article.vf-comment")';
export const INTERACTIONS: Interaction[] = [
  { name: 'comment box (guest)', path: '/demo/article.html', host: 'vf-conversations', painted: true, steps: [{ find: 'root.querySelector("[part~=compose] textarea")' }], result: LOGIN_DIALOG },
  { name: 'Like (guest)', path: '/demo/article.html', host: 'vf-conversations', painted: true, steps: [{ find: `${FIRST_COMMENT}?.querySelector(".vf-like")` }], result: LOGIN_DIALOG },
  {
    name: 'Reply (guest)', path: '/demo/article.html', host: 'vf-conversations', painted: true, result: LOGIN_DIALOG,
    steps: [{ find: `[...(${FIRST_COMMENT}?.querySelectorAll("[part~=actions] > button") ?? [])].find((b) => b.textContent === "Reply")` }],
  },
  {
    name: 'poll vote (guest)', path: '/demo/poll.html', host: 'vf-poll', painted: false, result: 'root.querySelector("[role=meter]")',
    steps: [{ find: 'root.querySelector("input[type=radio]")' }, { find: 'root.querySelector("[part~=form] button[type=submit]")' }],
  },
  {
    name: 'chat message (signed in)', path: '/demo/chat.html', host: 'vf-livechat', painted: true, signedIn: true,
    steps: [{ find: 'root.querySelector("[part~=compose] textarea")', type: 'Hello from the bench $TOKEN' }, { find: 'root.querySelector("[part~=compose] button[type=submit]")' }],
    result: '[...root.querySelectorAll("[part~=message]")].some((m) => m.textContent.includes("$TOKEN"))',
  },
  {
    name: 'tray (guest)', path: '/demo/poll.html', host: 'vf-tray-trigger', painted: false, alsoNeeds: ['vf-tray'], steps: [{ find: 'root.querySelector("button")' }],
    result: 'document.querySelector("vf-tray")?.shadowRoot?.querySelector("dialog[open]")',
  },
];

export type Moment = 'before code' | 'after code';

/** Page-side, before any script: the Event Timing entries, and the measured click's moment and what it met. A string: tsx would wrap a function. */
const WATCH = `(() => {
  const seen = window.__vfFirst = { events: [], armed: null, down: null, click: null, pendingAt: null, resultAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) seen.events.push([e.name, e.interactionId, e.startTime, e.duration]);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('pointerdown', (event) => { if (seen.armed && !seen.down) seen.down = event.timeStamp; }, true);
  addEventListener('click', (event) => {
    if (!seen.armed || seen.click) return;
    const { host, control, needs } = seen.armed;
    seen.click = { painted: host.hasAttribute('data-vf-first-paint'), defined: needs.every((tag) => !!customElements.get(tag)), hit: control.contains(event.composedPath()[0]), on: event.composedPath()[0].localName };
  }, true);
})();`;

/** The host, scrolled into view once (a reader going to it: it also fires its in-view load rule). */
const HOST = (interaction: Interaction) => `const host = document.querySelector(${JSON.stringify(interaction.host)});
  if (!host) return null;
  if (!window.__vfScrolled) { window.__vfScrolled = true; host.scrollIntoView({ block: 'start', behavior: 'instant' }); }
  const root = host.shadowRoot;`;

/** "After code": the element defined, its markup React's, and the other code the response needs in. */
function settledScript(interaction: Interaction): string {
  const needs = JSON.stringify([interaction.host, ...(interaction.alsoNeeds ?? [])]);
  return `(() => { ${HOST(interaction)}
  return !!root && !host.hasAttribute('data-vf-first-paint') && ${needs}.every((tag) => !!customElements.get(tag)) && !!(${interaction.steps[0]!.find});
})()`;
}

/**
 * The step's control once shown and enabled, scrolled into view: its centre. For the measured
 * step it also arms the click watch and starts the frame loop that notes when the result shows.
 */
function stepScript(interaction: Interaction, step: Step, measured: boolean, token: string): string {
  const needs = JSON.stringify([interaction.host, ...(interaction.alsoNeeds ?? [])]);
  const arm = `const seen = window.__vfFirst;
    seen.armed = { host, control, needs: ${needs} };
    let pending = false;
    const loop = () => {
      if (seen.down === null) return requestAnimationFrame(loop);
      if (!pending && root.querySelector('[data-vf-pending]')) { pending = true; setTimeout(() => (seen.pendingAt = performance.now())); }
      if (${interaction.result.replaceAll('$TOKEN', token)}) setTimeout(() => (seen.resultAt = performance.now())); else requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);`;
  return `(() => { ${HOST(interaction)}
  const control = root && (${step.find});
  if (!control || control.disabled) return null;
  let box = control.getBoundingClientRect();
  if (!box.width || !box.height) return null;
  if (box.top < 0 || box.bottom > innerHeight) { control.scrollIntoView({ block: 'center', behavior: 'instant' }); box = control.getBoundingClientRect(); }
  ${measured ? arm : ''}
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
})()`;
}

interface Visit {
  /** The interaction's longest event entry; 0 when none reached the 16 ms threshold. */
  inpMs: number | null;
  /** To the frame showing the clicked control as pending (the loader's answer before the code). */
  pendingMs?: number;
  resultMs: number | null;
  note: string;
  failure?: string;
}

interface Seen {
  events: [string, number, number, number][];
  down: number | null;
  click: { painted: boolean; defined: boolean; hit: boolean; on: string } | null;
  pendingAt: number | null;
  resultAt: number | null;
}

/** INP's figure for the interaction that began with the pointerdown at `down`: its entries' longest duration. */
export function interactionLatency(events: Seen['events'], down: number): number {
  const mine = events.filter(([name, , start]) => ['pointerdown', 'pointerup', 'click'].includes(name) && start >= down - 1);
  if (!mine.length) return 0;
  const first = mine.reduce((a, b) => (b[2] < a[2] ? b : a))[1];
  return Math.round(Math.max(...mine.filter(([, id]) => id === first).map(([, , , duration]) => duration)));
}

/** A fresh reader's tokens, as a login stores them (test/e2e/notifications.test.ts does the same). */
async function signedInScript(origin: string): Promise<string> {
  const email = `first-interaction-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const password = 'correct horse battery';
  await callApi(origin, 'POST', '/api/v2/users', { name: 'Bench Reader', email, password, section: DEMO_SITE.uuid });
  const auth = await callApi<{ access_token: string; refresh_token: string }>(origin, 'POST', '/api/v2/users/login', { email, password, section: DEMO_SITE.uuid });
  return `localStorage.setItem('vf.access_token', ${JSON.stringify(auth.access_token)}); localStorage.setItem('vf.refresh_token', ${JSON.stringify(auth.refresh_token)});`;
}

export async function visitOnce(browser: Browser, origin: string, interaction: Interaction, moment: Moment): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  let stage = 'the page';
  let limit = PAGE_TIMEOUT_MS;
  /** Scripts the page could not load (a chunk missing: dist/ rebuilt under the run, say). */
  const missing: string[] = [];
  try {
    if (interaction.signedIn) await context.addInitScript(await signedInScript(origin));
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let navigations = 0;
    page.on('response', (response) => void (response.status() >= 400 && /\.m?js(\?|$)/.test(response.url()) && missing.push(`${response.status()} ${new URL(response.url()).pathname}`)));
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations++));
    await page.goto(origin + interaction.path, { waitUntil: 'commit' });
    if (moment === 'after code') {
      stage = 'hydration';
      await page.waitForFunction(settledScript(interaction), undefined, { polling: 'raf', timeout: PAGE_TIMEOUT_MS });
      await page.waitForTimeout(SETTLE_MS);
    }
    const token = `t${Date.now().toString(36)}`;
    for (const [index, step] of interaction.steps.entries()) {
      stage = `control ${index + 1}`;
      const measured = index === interaction.steps.length - 1;
      limit = index ? TIMEOUT_MS : PAGE_TIMEOUT_MS;
      const at = (await (await page.waitForFunction(stepScript(interaction, step, measured, token), undefined, { polling: 'raf', timeout: limit })).jsonValue()) as { x: number; y: number };
      await page.mouse.click(at.x, at.y);
      if (step.type) await page.keyboard.insertText(step.type.replaceAll('$TOKEN', token));
    }
    stage = 'result';
    const shown = await page.waitForFunction('window.__vfFirst.resultAt !== null', undefined, { polling: 100, timeout: TIMEOUT_MS }).then(() => true, () => false);
    // The click's event entries are reported after the frame that follows it.
    await page.waitForTimeout(500);
    if (navigations > 1) return { inpMs: null, resultMs: null, note: '', failure: 'the click reloaded the page: no result, the input lost' };
    const seen = (await page.evaluate('window.__vfFirst')) as Seen;
    if (seen.down === null || !seen.click) return { inpMs: null, resultMs: null, note: '', failure: 'the click was not seen' };
    const inpMs = interactionLatency(seen.events, seen.down);
    const { painted, defined, hit, on } = seen.click;
    const note = [
      interaction.painted && (moment === 'before code' || painted) ? (painted ? `clicked the painted markup (<${on}>) before takeover` : 'clicked after takeover, the painted markup missed') : '',
      !interaction.painted && moment === 'before code' ? 'clicked as soon as it showed' : '',
      interaction.alsoNeeds ? `${interaction.alsoNeeds.join(', ')} code ${defined ? 'in' : 'not run yet'}` : painted ? `element code ${defined ? 'defined' : 'not run yet'}` : '',
      hit ? '' : 'the click missed the control',
    ].filter(Boolean).join(', ');
    const pendingMs = seen.pendingAt === null ? undefined : Math.round(seen.pendingAt - seen.down);
    return { inpMs, pendingMs, resultMs: shown && seen.resultAt !== null ? Math.round(seen.resultAt - seen.down) : null, note };
  } catch (error) {
    return { inpMs: null, resultMs: null, note: '', failure: `no ${stage} in ${limit / 1000} s${missing.length ? ` (scripts failed: ${missing.slice(0, 2).join(', ')})` : ''}` };
  } finally {
    await context.close();
  }
}


/** The row's figures: each the median of the visits' (a missing result counts as the slowest). */
export function figuresOf(visits: Visit[]): string {
  const failed = visits.filter((visit) => visit.failure);
  if (failed.length === visits.length) return visits.length > 1 ? `${failed[0]!.failure!} (${failed.length} of ${visits.length})` : failed[0]!.failure!;
  const done = visits.filter((visit) => !visit.failure);
  const inp = median(done.map((visit) => visit.inpMs!));
  const result = median(done.map((visit) => visit.resultMs ?? Infinity));
  const notes = [...new Set(done.map((visit) => visit.note))].filter(Boolean).map((note) => (visits.length > 1 ? `${note} ×${done.filter((v) => v.note === note).length}` : note));
  const pending = done.flatMap((visit) => (visit.pendingMs === undefined ? [] : [visit.pendingMs]));
  const figure = `INP ${inp ? `${inp} ms` : '< 16 ms'}, ${pending.length ? `pending shown in ${median(pending)} ms, ` : ''}${result === Infinity ? `no result in ${TIMEOUT_MS / 1000} s` : `result in ${result} ms`}`;
  const said = [...notes, ...(failed.length ? [`${failed.length} of ${visits.length} failed: ${failed[0]!.failure}`] : [])].filter(Boolean);
  return said.length ? `${figure} (${said.join('; ')})` : figure;
}

export async function firstInteractionRows(runs = Number(process.env.VF_BENCH_RUNS ?? 1)): Promise<Array<[string, string, string]>> {
  const server = await startServer({ built: true, timeoutMs: 90000 });
  const rows: Array<[string, string, string]> = [];
  try {
    await warmFirstPaint(server.origin);
    const browser = await launchChromium();
    try {
      for (const interaction of INTERACTIONS) {
        for (const moment of ['before code', 'after code'] as const) {
          const visits: Visit[] = [];
          for (let run = 0; run < runs; run++) visits.push(await visitOnce(browser, server.origin, interaction, moment));
          rows.push([`first interaction, 4× slower CPU: ${interaction.name}, ${interaction.path}, ${moment}`, figuresOf(visits), `INP ≤ ${RESPONSE_AIM_MS} ms`]);
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'vf.js')) || !existsSync(join(dist, 'server', 'main.js'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  for (const row of await firstInteractionRows()) console.log(row.join(' | '));
}
