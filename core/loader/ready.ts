/**
 * `window.vf.$ready(fn)` and `window.vfQ`: site code queued before vf is ready runs once, in
 * order, when core signals ready; while ready both run a function at once. `unsignal()` (the
 * unready announcement of teardown and reset) makes them queue again until the next signal.
 */

type Callback = () => void;

export interface ReadyQueue {
  $ready(fn: unknown): void;
  signal(): void;
  unsignal(): void;
}

function run(fn: Callback): void {
  try {
    fn();
  } catch (error) {
    console.error(error);
  }
}

export function createReadyQueue(win: { vfQ?: unknown }): ReadyQueue {
  let ready = false;
  const queued: Callback[] = [];
  const enqueue = (fn: unknown) => {
    if (typeof fn !== 'function') return;
    if (ready) run(fn as Callback);
    else queued.push(fn as Callback);
  };
  return {
    $ready(fn) {
      if (typeof fn !== 'function') console.warn('vf: $ready accepts only a function');
      enqueue(fn);
    },
    signal() {
      if (ready) return;
      ready = true;
      const pending = Array.isArray(win.vfQ) ? (win.vfQ as unknown[]) : [];
      // From now on, vfQ.push(fn) runs fn at once (or queues it while unready).
      win.vfQ = { push: (...fns: unknown[]) => fns.forEach(enqueue) };
      queued.splice(0).forEach(run);
      pending.forEach(enqueue);
    },
    unsignal() {
      ready = false;
    },
  };
}
