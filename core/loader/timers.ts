/** The timer functions the loader's scheduler and the widget queue use; tests pass manual ones. Type only. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
