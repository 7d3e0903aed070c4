/** Timers driven by hand for the loader's scheduler and the widget queue: `tick(ms)` runs, in order, what falls due. */
import type { Timers } from '../../core/loader/timers.ts';

export function manualTimers(): Timers & { tick(ms: number): void; pending(): number } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    tick(ms) {
      now += ms;
      for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          due.delete(id);
          timer.fn();
        }
      }
    },
    pending: () => due.size,
  };
}
