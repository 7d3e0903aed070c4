/**
 * At most one run per `wait` ms (content.md §9: notification refresh throttle 2500 ms): the
 * first call runs at once; calls within the window are folded into one run at its end, so the
 * last notice of a burst is never lost. Timers are injectable for tests.
 */
export interface ThrottleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createThrottle(run: () => void, wait: number, clock: ThrottleClock = realClock) {
  let last = -Infinity;
  let timer: unknown = null;
  const fire = () => {
    timer = null;
    last = clock.now();
    run();
  };
  return {
    call(): void {
      if (timer !== null) return;
      const due = last + wait - clock.now();
      if (due <= 0) fire();
      else timer = clock.setTimeout(fire, due);
    },
    cancel(): void {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
