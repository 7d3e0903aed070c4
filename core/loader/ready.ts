/**
 * `window.vf.$ready(fn)` and `window.vfQ`: site code queued before vf is ready runs once, in
 * order, when core signals ready; afterwards both run a function at once.
 */

type Callback = () => void;

export interface ReadyQueue {
  $ready(fn: unknown): void;
  signal(): void;
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
  return {
    $ready(fn) {
      if (typeof fn !== 'function') {
        console.warn('vf: $ready accepts only a function');
        return;
      }
      if (ready) run(fn as Callback);
      else queued.push(fn as Callback);
    },
    signal() {
      if (ready) return;
      ready = true;
      queued.splice(0).forEach(run);
      const pending = Array.isArray(win.vfQ) ? (win.vfQ as unknown[]) : [];
      // After ready, vfQ.push(fn) runs fn at once.
      win.vfQ = { push: (...fns: unknown[]) => fns.forEach((fn) => typeof fn === 'function' && run(fn as Callback)) };
      pending.forEach((fn) => typeof fn === 'function' && run(fn as Callback));
    },
  };
}
