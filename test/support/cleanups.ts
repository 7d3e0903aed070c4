import type { TestContext } from 'node:test';

/**
 * A test's cleanups, run last-in first-out when it ends (node:test runs after-hooks in the order
 * they were added): a server added after its data folder stops before the folder goes.
 */
export function cleanupsOf(t: TestContext): (cleanup: () => unknown) => void {
  const cleanups: (() => unknown)[] = [];
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return (cleanup) => void cleanups.push(cleanup);
}
