/**
 * The loader's work, for both ways in (docs/client-internals.md, docs/developers.md): `vf.js`, the
 * classic script (core/loader/index.ts), and the npm package's ES entry `register()`
 * (core/loader/module.ts). Sets up `window.vf`, imports core, finds the page's widgets and imports
 * each kind's chunk by the spec's loading rules. No React, Redux or formatjs here.
 */
import { createEventBus } from '../global-api/events.ts';
import { createContextStore } from '../global-api/context.ts';
import { scanWidgets } from '../mount/scan.ts';
import { importChunk } from './chunks.ts';
import { createReadyQueue } from './ready.ts';
import { createChunkScheduler, LAZY_MARGIN_PX, LOAD_RULES } from './schedule.ts';
import { afterFrame, FIRST_PAINT_TAGS, loadAfterPaint, paintFirst } from './firstPaint.ts';
import type { CoreModule, LoaderHost } from './host.ts';

const LOADED = '__vfLoaded';
const STARTUP_POLL_MS = 50;
const RESCAN_MS = 50;
const CORE_WAIT_MS = 1000;

export type VfWindow = Window & { vf?: Record<string, unknown>; vfQ?: unknown };

export interface LoaderOptions {
  /** The vf server: its API (core's `apiBase` and the rest), and the first paints. */
  origin: string;
  /** Where the chunks' folder (`chunks/…` in the manifest) is served from. */
  assets: string;
}

/** Whether vf has already started on this page (by either way in). */
export const isLoaded = (win: VfWindow): boolean => Boolean(win.vf && win.vf[LOADED]);

/** Starts vf on the page; returns `window.vf`. */
export function startLoader({ origin, assets }: LoaderOptions): Record<string, unknown> {
  const win = window as unknown as VfWindow;
  const manifest: Record<string, string> = typeof __VF_MANIFEST__ === 'object' ? __VF_MANIFEST__ : {};

  const bus = createEventBus();
  const contexts = createContextStore();
  const readyQueue = createReadyQueue(win);
  const whenReady = new Promise<void>((resolve) => readyQueue.$ready(resolve));

  let resolveCore: (core: CoreModule | null) => void;
  const coreLoaded = new Promise<CoreModule | null>((resolve) => (resolveCore = resolve));
  /** Runs `call` on the core chunk once it is in (calls made earlier wait, in order). */
  const viaCore = (call: (core: CoreModule) => unknown) =>
    coreLoaded.then((core) => {
      if (!core) throw new Error('vf: core did not load');
      return call(core);
    });

  win.vf = {
    [LOADED]: true,
    $ready: readyQueue.$ready,
    ...bus,
    context: {
      get: contexts.get,
      reset: () => viaCore((core) => core.reset()),
      teardown: () => viaCore((core) => core.teardown()),
    },
    loadNewPage: (target: unknown) => viaCore((core) => core.loadNewPage(target)),
    tray: Object.fromEntries(
      ['open', 'close', 'toggle', 'changeTab', 'showProfile'].map((method) => [
        method,
        (...args: unknown[]) => viaCore((core) => core.tray[method]!(...args)),
      ]),
    ),
    session: {
      login: Object.fromEntries(
        ['cookie', 'jwt', 'openIdConnect', 'social'].map((method) => [
          method,
          (...args: unknown[]) => viaCore((core) => core.login[method]!(...args)),
        ]),
      ),
    },
  };

  // Core is imported plainly; it sets up the importer that element chunks go through (a retry then
  // really fetches again: core/loader/moduleImport.ts).
  const importModule = (url: string) => (globalThis.__vfImport ?? ((plain: string) => import(plain)))(url);

  // Element chunks are requested with or after core, never before it, and imported once it has run:
  // their code expects core's importer (a server-painted page asks for core a little later,
  // core/loader/firstPaint.ts).
  let requestCore: () => void;
  const coreRequested = new Promise<void>((resolve) => (requestCore = resolve));

  const load = (name: string): Promise<unknown> => {
    const file = manifest[name];
    if (!file) {
      console.warn(`vf: unknown widget loader ${name}`);
      return Promise.resolve(null);
    }
    const url = `${assets}/${file}`;
    if (name === 'core') requestCore();
    // An element chunk is imported once core's importer is there: a plain import() that failed
    // would stay failed in the module map, and Retry could not mend it (a bigger core arrives later).
    // Its file is fetched meanwhile, alongside core, into the HTTP cache the import then reads.
    else void coreRequested.then(() => fetch(url, { mode: 'cors', credentials: 'same-origin' })).catch(() => undefined);
    const when = name === 'core' ? coreRequested : coreRequested.then(() => coreLoaded);
    return when.then(() => importChunk(name, url, importModule)).catch((error: unknown) => {
      console.error(error);
      if (name !== 'core') {
        void coreLoaded.then((core) => core?.showChunkError(name, error, () => void load(name)));
      }
      return null;
    });
  };

  function whenInteractive(fn: () => void): void {
    if (document.readyState === 'interactive' || document.readyState === 'complete') fn();
    else setTimeout(() => whenInteractive(fn), STARTUP_POLL_MS);
  }

  whenInteractive(() => {
    const host: LoaderHost = {
      origin,
      setContext: contexts.set,
      publish: bus.$publish,
      ready: readyQueue.signal,
      unready: readyQueue.unsignal,
    };
    const startCore = () =>
      void load('core').then((core) => {
        const module = core as CoreModule | null;
        resolveCore(module?.start ? module : null);
        module?.start?.(host).catch((error: unknown) => console.error('vf: startup failed', error));
      });

    const tags = [...Object.keys(manifest), ...Object.keys(LOAD_RULES)].filter((name) => name.startsWith('vf-'));
    // The server's first paint of an element near the viewport comes before core's bytes: core
    // waits (a second at most) until those elements' paints, started when their rules fire, are on screen.
    const painted = new Map<Element, (painting: Promise<boolean>) => void>();
    const nearPaints = [...document.querySelectorAll(FIRST_PAINT_TAGS.join())]
      .filter((el) => {
        const rule = LOAD_RULES[el.localName]; // at once, or once in view: not a timed rule (the pull quote's 5 s)
        return (!rule || rule.inView !== undefined) && el.getBoundingClientRect().top < innerHeight + LAZY_MARGIN_PX;
      })
      .map((el) => new Promise((resolve) => painted.set(el, (painting) => void painting.then(resolve))));
    if (!nearPaints.length) startCore();
    else void Promise.race([Promise.all(nearPaints), new Promise((resolve) => setTimeout(resolve, CORE_WAIT_MS))]).then(() => afterFrame(startCore));

    const schedule = createChunkScheduler({
      load: (kind) => void load(kind),
      when: (condition) => (condition === 'settled' ? viaCore((core) => core.settled()) : whenReady),
      paint: (el) => {
        const painting = paintFirst(el, origin);
        painted.get(el)?.(painting);
        return painting;
      },
      afterPaint: loadAfterPaint,
    });
    const warned = new Set<string>();
    const scan = () => schedule(scanWidgets(document, tags, warned));
    scan();
    // Widgets added later (single-page apps, the tray core adds) are found too.
    let pending: ReturnType<typeof setTimeout> | undefined;
    new MutationObserver(() => {
      clearTimeout(pending);
      pending = setTimeout(scan, RESCAN_MS);
    }).observe(document.documentElement, { childList: true, subtree: true });
  });
  return win.vf;
}
