/**
 * vf.js — the classic-script loader (docs/client-internals.md). No React, Redux or formatjs
 * here: it sets up `window.vf`, reads the page identity, imports core, and imports each element
 * kind's chunk when the page needs it.
 */
import { readPageIdentity } from '../page/identity.ts';
import { createEventBus } from '../global-api/events.ts';
import { createContextStore } from '../global-api/context.ts';
import { createReadyQueue } from './ready.ts';
import { createChunkScheduler } from './schedule.ts';
import type { LoaderHost } from './host.ts';

const LOADED = '__vfLoaded';
const STARTUP_POLL_MS = 50;

const win = window as unknown as Window & { vf?: Record<string, unknown>; vfQ?: unknown };
if (win.vf && win.vf[LOADED]) throw new Error('Do not load vf.js twice. Please.');

// currentScript is only set while this script first runs: read it now.
const script = document.currentScript as HTMLScriptElement | null;
const origin = script?.src ? new URL(script.src).origin : location.origin;
const manifest: Record<string, string> = typeof __VF_MANIFEST__ === 'object' ? __VF_MANIFEST__ : {};

const bus = createEventBus();
const contexts = createContextStore();
const readyQueue = createReadyQueue(win);

win.vf = {
  [LOADED]: true,
  $ready: readyQueue.$ready,
  $publish: bus.$publish,
  $subscribe: bus.$subscribe,
  $unsubscribe: bus.$unsubscribe,
  context: { get: contexts.get },
};

const importChunk = (name: string): Promise<unknown> => {
  const file = manifest[name];
  if (!file) {
    console.warn(`vf: unknown widget loader ${name}`);
    return Promise.resolve(null);
  }
  return import(`${origin}/${file}`).catch((error: unknown) => {
    console.error(`vf: could not load chunk ${name}`, error);
    return null;
  });
};

function whenInteractive(fn: () => void): void {
  if (document.readyState === 'interactive' || document.readyState === 'complete') fn();
  else setTimeout(() => whenInteractive(fn), STARTUP_POLL_MS);
}

whenInteractive(() => {
  const host: LoaderHost = {
    page: readPageIdentity(document, location.href),
    origin,
    setContext: contexts.set,
    publish: bus.$publish,
    ready: readyQueue.signal,
  };
  void importChunk('core').then((core) => {
    const start = (core as { start?: (h: LoaderHost) => Promise<void> } | null)?.start;
    if (start) start(host).catch((error: unknown) => console.error('vf: startup failed', error));
  });

  const scan = createChunkScheduler(manifest, (kind) => void importChunk(kind));
  // Tags added later (single-page apps) are picked up too, until every kind is scheduled.
  if (!scan(document) && typeof MutationObserver === 'function') {
    const observer = new MutationObserver(() => scan(document) && observer.disconnect());
    observer.observe(document.documentElement, { childList: true, subtree: true });
  }
});
