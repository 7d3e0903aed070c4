/**
 * When what the reader has not asked for may load: analytics, the tray, the push opt-in, the ad
 * code (docs/performance.md "Weight until interactive"). The page has settled once its session is
 * ready, no element still shows the server's first paint waiting for React (the elements a reader
 * sees first are interactive), and the browser is idle. Nothing a reader sees first waits for it.
 *
 * Bounds: a painted element whose chunk never came (offline, blocked) stops being waited for
 * after PAINTED_WAIT_MS; idle time is waited for IDLE_TIMEOUT_MS at most.
 */
import { FIRST_PAINT_ATTR } from '../loader/firstPaint.ts';
import { selectSessionStatus } from '../session/slice.ts';
import { getStore } from '../store/index.ts';

export const PAINTED_WAIT_MS = 10000;
export const IDLE_TIMEOUT_MS = 2000;

/** Runs `fn` in idle time (or after IDLE_TIMEOUT_MS); returns a cancel function. */
export function whenIdle(fn: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1);
  return () => clearTimeout(id);
}

function sessionReady(): Promise<void> {
  const store = getStore();
  return new Promise((resolve) => {
    const check = () => {
      if (selectSessionStatus(store.getState()) !== 'ready') return false;
      unsubscribe?.();
      resolve();
      return true;
    };
    let unsubscribe: (() => void) | undefined;
    if (!check()) unsubscribe = store.subscribe(check);
  });
}

function paintsTakenOver(doc: Document): Promise<void> {
  const painted = () => doc.querySelector(`[${FIRST_PAINT_ATTR}]`) !== null;
  if (!painted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => !painted() && done());
    observer.observe(doc.documentElement, { subtree: true, attributeFilter: [FIRST_PAINT_ATTR] });
    const timer = setTimeout(done, PAINTED_WAIT_MS);
  });
}

let settled = false;

/**
 * Resolves once the page has settled; at once when it has before. Each call watches the store
 * of the moment (a teardown replaces it), so nothing waits on a store that is gone.
 */
export function pageSettled(): Promise<void> {
  if (settled) return Promise.resolve();
  return sessionReady()
    .then(() => (typeof document === 'object' ? paintsTakenOver(document) : undefined))
    .then(() => new Promise<void>((resolve) => whenIdle(resolve)))
    .then(() => void (settled = true));
}
