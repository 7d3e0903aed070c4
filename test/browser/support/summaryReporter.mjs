// Prints `N passed, N failed, N skipped` as the very last line. A test file that failed to
// load (or errored outside a test) counts as one failure.
function countSuite(suite, totals, failures = [], path = []) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else {
      totals.failed += 1;
      const why = String(test.error?.message ?? 'failed').split('\n')[0].slice(0, 300);
      failures.push(`${[...path, test.name].join(' › ')}: ${why}`);
    }
  }
  for (const child of suite.suites ?? []) countSuite(child, totals, failures, [...path, child.name]);
}

function describeBrokenSession(session) {
  const counted = { passed: 0, failed: 0, skipped: 0 };
  if (session.testResults) countSuite(session.testResults, counted);
  const ran = `${counted.passed + counted.failed + counted.skipped} tests reported`;
  const errors = (session.errors ?? []).map((error) => `  ${error.name ?? 'Error'}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`);
  const logs = (session.logs ?? []).flat().slice(-10).map((entry) => `  log: ${String(entry).slice(0, 500)}`);
  const failedRequests = (session.request404s ?? []).map((url) => `  404: ${url}`);
  return [`FAILED FILE ${session.testFile} (status ${session.status}, ${ran})`, ...errors, ...failedRequests, ...logs].join('\n');
}

/** The slowest files, from when each file's results came in (files run one at a time). */
function slowestFiles(finished, count = 12) {
  const rows = [...finished].sort((a, b) => b.ms - a.ms).slice(0, count);
  return ['Slowest browser test files (s):', ...rows.map((row) => `  ${(row.ms / 1000).toFixed(1).padStart(6)}  ${row.file}`)].join('\n');
}

export function summaryReporter() {
  let last = Date.now();
  const finished = [];
  return {
    start() {
      last = Date.now();
    },
    reportTestFileResults({ testFile }) {
      const now = Date.now();
      finished.push({ file: testFile.replace(/^.*\/test\/browser\//, ''), ms: now - last });
      last = now;
    },
    stop({ sessions }) {
      if (finished.length > 1) process.stdout.write(`\n${slowestFiles(finished)}\n`);
      const totals = { passed: 0, failed: 0, skipped: 0 };
      const broken = [];
      const failures = [];
      for (const session of sessions) {
        const before = totals.failed;
        const file = session.testFile.replace(/^.*\/test\/browser\//, '');
        if (session.testResults) countSuite(session.testResults, totals, failures, [file]);
        const sessionBroke = !session.passed && totals.failed === before;
        if (sessionBroke || (session.errors?.length ?? 0) > 0 && totals.failed === before) {
          totals.failed += 1;
          broken.push(describeBrokenSession(session));
        }
      }
      // A file that failed as a whole has no failing test to name: say which file and why, so a
      // one-off failure can be understood from the log alone.
      for (const text of broken) process.stdout.write(`\n${text}\n`);
      // The runner prints its own closing lines after the reporters stop: write ours on exit so
      // it is the very last line (stdout writes are synchronous on Linux for files, pipes, TTYs).
      // Each failing test on one line just before it (npm test repeats these lines at its end).
      const failed = failures.map((text) => `FAILED ${text}`).join('\n');
      const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
      process.once('exit', () => process.stdout.write(`\n${failed ? `${failed}\n` : ''}${line}\n`));
    },
  };
}
