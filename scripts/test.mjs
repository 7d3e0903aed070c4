// `npm test`: every layer — types, unit, server (SQLite, and PostgreSQL when DATABASE_URL is
// set), build, browser, end-to-end. Two lanes side by side (about one core each): types, the
// SQLite server layer, the builds (client, server, framework examples) and the built server's
// tests; the unit layer and the PostgreSQL server layer. Then browser and end-to-end (then the
// cluster layer), side by
// side too: both mostly wait (timers, a browser, a server), so together they take 390 s instead
// of 590 s one after the other (November 2026). Streams each runner's output (a layer run alongside another is printed when it ends),
// exits non-zero if any layer fails, and ends with one line: "N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const node = process.execPath;
const tsx = ['--import', 'tsx'];
const nodeTest = (files, env = {}) => ({
  cmd: node, args: [...tsx, '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], env,
});
/**
 * The server layers' files run one after another in one process (test/server/support/oneProcess.ts):
 * a process per file loaded the server's modules and migrated a template again each time, which
 * was four fifths of these layers' time (640 s → 125 s for SQLite on this machine).
 */
const serverTests = (files, env) => ({
  cmd: node, args: [...tsx, '--test-reporter=spec', 'test/server/support/oneProcess.ts', ...files], env,
});

/**
 * Server test files whose runs do not depend on VF_TEST_STORE: the multi-process tests start their
 * own servers on PostgreSQL and Redis in either layer, the pure units touch no store, the
 * shutdown and log tests run their own server on SQLite, the OpenAPI document is the routes'
 * schemas whatever the store, and the import/export commands' own work (arguments, progress,
 * exit codes, stdout) is the same on both (the importer under them is tested on both stores by
 * import and import-export). They run once, in the SQLite layer; the PostgreSQL layer, the
 * longer of the two, runs the rest.
 */
const storeIndependent = (file) => /multiprocess\.test\.ts$|^(units|shutdown|logging|openapi|import-cli)\.test\.ts$/.test(file);
const postgresFiles = readdirSync('test/server').filter((f) => f.endsWith('.test.ts') && !storeIndependent(f)).map((f) => `test/server/${f}`);

/** The browser pages' trace (test/browser/support/pageTrace.mjs): what it saw goes out if the layer fails. */
const BROWSER_TRACE = join(tmpdir(), `vf-browser-trace-${process.pid}.log`);

/**
 * The browser and end-to-end layers run after the builds: against the built server
 * (test/support/serve.mjs), and the browser tests' bundles as readers get them, React and Redux
 * Toolkit without their development checks (test/browser/support/bundlePlugin.mjs; about a fifth
 * of that layer's time). VF_TEST_NODE_ENV=development brings the checks back for a run by hand.
 */
const AFTER_BUILD = { VF_TEST_BUILT_SERVER: '1', VF_TEST_NODE_ENV: 'production' };

/** Entries run in turn; an entry that is a list of lanes runs its lanes side by side, each lane's layers in turn. */
const layers = [
  [
    [
      { name: 'types', cmd: node, args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'] },
      { name: 'server (SQLite)', ...serverTests(['test/server/*.test.ts'], { VF_TEST_STORE: 'sqlite' }) },
      { name: 'build', cmd: node, args: ['node_modules/rollup/dist/bin/rollup', '-c', 'rollup.config.mjs', '--silent'] },
      // The server's production build (what `npm start` runs), then the tests that start it.
      { name: 'server build', cmd: node, args: ['scripts/build-server.mjs'] },
      // The framework examples, built against the package the client build wrote (docs/frameworks.md).
      { name: 'examples build', cmd: node, args: ['scripts/build-examples.mjs'] },
      { name: 'built server', ...nodeTest(['test/build/*.test.ts']) },
    ],
    [
      { name: 'unit', ...nodeTest(['test/unit/*.test.ts']) },
      ...(process.env.DATABASE_URL ? [{ name: 'server (PostgreSQL)', ...serverTests(postgresFiles, { VF_TEST_STORE: 'postgres' }) }] : []),
    ],
  ],
  [
    [{
      name: 'browser', cmd: node, args: ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'],
      env: { VF_WTR_TRACE: BROWSER_TRACE, ...AFTER_BUILD },
    }],
    [
      { name: 'e2e', ...nodeTest(['test/e2e/*.test.ts'], AFTER_BUILD) },
      // The production shape (`npm run cluster`: nginx, three built processes, PostgreSQL, Redis)
      // through rolling restarts and faults (docs/production.md).
      { name: 'cluster', ...nodeTest(['test/cluster/*.test.ts'], AFTER_BUILD) },
    ],
  ],
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedLayers = [];

/** Reads the counts a runner prints last (node's spec/TAP reporters, our WTR reporter). */
function count(output) {
  const last = (re) => { const all = [...output.matchAll(re)]; return all.length ? Number(all.at(-1)[1]) : null; };
  const wtr = [...output.matchAll(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)].at(-1);
  if (wtr) return { passed: +wtr[1], failed: +wtr[2], skipped: +(wtr[3] ?? 0) };
  const passed = last(/^(?:ℹ|#) pass (\d+)$/gm);
  if (passed === null) return null;
  return {
    passed, failed: last(/^(?:ℹ|#) fail (\d+)$/gm) ?? 0,
    skipped: (last(/^(?:ℹ|#) skipped (\d+)$/gm) ?? 0) + (last(/^(?:ℹ|#) todo (\d+)$/gm) ?? 0),
  };
}

/** Runs one layer; `live` streams its output as it comes, otherwise it is printed at the end. */
function run({ name, cmd, args, env = {} }, live = true) {
  // The shell expands the test globs (node --test does not on Node 20).
  const line = [cmd, ...args].map((a) => (a.includes('*') ? a : JSON.stringify(a))).join(' ');
  const began = Date.now();
  return new Promise((resolve) => {
    const header = `\n=== ${name} ===\n`;
    if (live) process.stdout.write(header);
    const child = spawn(line, { shell: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        if (live) (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => {
      if (!live) process.stdout.write(header + output);
      resolve({ layer: { name, seconds: Math.round((Date.now() - began) / 1000) }, code, output });
    });
  });
}

/** Runs a lane's layers in turn. */
async function runLane(lane, live) {
  const results = [];
  for (const layer of lane) results.push(await run(layer, live));
  return results;
}

/** A layer, or lanes run side by side (the first streams, the others print each layer when it ends). */
const runGroup = async (entry) => (Array.isArray(entry) ? (await Promise.all(entry.map((lane, i) => runLane(lane, i === 0)))).flat() : [await run(entry)]);

/** A page that crashed, hung or raised: the trace's lines other than console output and navigations. */
function printBrowserTrace() {
  if (!existsSync(BROWSER_TRACE)) return;
  // Pages run one file at a time: each unusual line is named by the file loaded last before it.
  let file = '';
  const unusual = [];
  for (const line of readFileSync(BROWSER_TRACE, 'utf8').split('\n')) {
    const runs = /^\S+ runs (\S+)/.exec(line);
    if (runs) file = runs[1];
    else if (line && !/^\S+ (console\.\w+|navigated) /.test(line)) unusual.push(`${line}${/^\S+ /.test(line) && file ? ` [${file}]` : ''}`);
  }
  if (unusual.length) console.log(`\n=== browser pages: crashes, hangs, errors (${BROWSER_TRACE}) ===\n${unusual.join('\n')}`);
}

/** A failed layer's failing tests, one line each (node's spec reporter marks them ✖, ours FAILED). */
function failingTests(output) {
  const lines = output.split('\n').filter((line) => /^\s*✖ |^FAILED /.test(line)).map((line) => line.trim().slice(0, 300));
  return [...new Set(lines)].slice(0, 20);
}

const started = Date.now();
const failures = [];
const timings = [];
for (const entry of layers) {
  for (const { layer, code, output } of await runGroup(entry)) {
    timings.push(`${layer.name} ${layer.seconds} s`);
    const counts = count(output);
    if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
    if (code !== 0) {
      failedLayers.push(layer.name);
      failures.push(...failingTests(output).map((line) => `${layer.name}: ${line}`));
      if (layer.name === 'browser') printBrowserTrace();
      // A layer that failed without reporting a failing test (crash, type error) still counts.
      if (!counts || counts.failed === 0) totals.failed += 1;
    }
  }
}
rmSync(BROWSER_TRACE, { force: true });
const seconds = Math.round((Date.now() - started) / 1000);
if (failures.length) console.log(`\nFailing:\n${failures.join('\n')}`);
console.log(`\nLayers (two lanes, then browser beside e2e): ${timings.join(', ')}`);
console.log(`${failedLayers.length ? `Failed layers: ${failedLayers.join(', ')}` : 'All layers passed'} in ${seconds} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedLayers.length ? 1 : 0);
