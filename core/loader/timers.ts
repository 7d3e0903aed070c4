/** The timer functions the loader's scheduler, the widget queue and the retries use; tests pass manual ones. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real timers. A timer never keeps a process alive on its own (node tests of startup). */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const handle = globalThis.setTimeout(fn, ms) as { unref?: () => void };
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
