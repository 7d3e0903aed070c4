// VF_WTR_TRACE=<file>: a diagnostic for a test file that "did not finish" (WTR prints nothing of
// such a page). Appends the page's console, uncaught errors, crashes, dialogs and navigations to
// <file>, and every 10 s checks that the page still answers; when it does not, pauses it through
// the debugger and writes the stack it was stuck in.
import { appendFileSync } from 'node:fs';

const PROBE_MS = 10_000;

export function tracedPage(file) {
  const log = (line) => appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
  return async ({ context }) => {
    const page = await context.newPage();
    page.on('console', (m) => log(`console.${m.type()} ${m.text().slice(0, 500)}`));
    page.on('pageerror', (e) => log(`pageerror ${e?.stack ?? e}`));
    page.on('error', (e) => log(`CRASH ${e?.message ?? e}`));
    page.on('dialog', (d) => { log(`dialog ${d.type()} ${d.message()}`); void d.dismiss(); });
    // The page's address names only a session: the test file it loads says which file hung.
    page.on('request', (r) => { const file = /\/test\/browser\/[\w./-]+\.test\.ts/.exec(r.url()); if (file) log(`runs ${file[0]}`); });
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) log(`navigated ${f.url()}`); });
    const cdp = await page.createCDPSession();
    await cdp.send('Debugger.enable'); // now: a page stuck in a loop no longer answers it
    cdp.on('Debugger.paused', (e) => {
      log(`STUCK IN:\n${e.callFrames.slice(0, 25).map((f) => `    ${f.functionName || '(anonymous)'} ${f.url}:${f.location.lineNumber + 1}`).join('\n')}`);
      void cdp.send('Debugger.resume').catch(() => {});
    });
    const probe = setInterval(async () => {
      if (page.isClosed()) return clearInterval(probe);
      const answered = await Promise.race([
        page.evaluate(() => true).catch(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      if (answered) return;
      log(`page not answering for 5 s at ${page.url()}`);
      await cdp.send('Debugger.pause').catch((e) => log(`pause failed ${e.message}`));
    }, PROBE_MS);
    probe.unref();
    return page;
  };
}
