// Prints `N passed, N failed, N skipped` as the very last line. A test file that failed to
// load (or errored outside a test) counts as one failure.
function countSuite(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite.suites ?? []) countSuite(child, totals);
}

export function summaryReporter() {
  return {
    stop({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const before = totals.failed;
        if (session.testResults) countSuite(session.testResults, totals);
        const sessionBroke = !session.passed && totals.failed === before;
        if (sessionBroke || (session.errors?.length ?? 0) > 0 && totals.failed === before) totals.failed += 1;
      }
      // The runner prints its own closing lines after the reporters stop: write ours on exit so
      // it is the very last line (stdout writes are synchronous on Linux for files, pipes, TTYs).
      const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
      process.once('exit', () => process.stdout.write(`\n${line}\n`));
    },
  };
}
