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
import type { CoreModule, LoaderHost } from './host.ts';
import { vfTrustedTypes } from '../trustedTypes.ts';

const LOADED = '__vfLoaded';
const STARTUP_POLL_MS = 50;
const RESCAN_MS = 50;
const CORE_WAIT_MS = 1000;
/** The first paint's chunk is waited for as long as a paint's own answer may take (core/loader/firstPaint.ts). */
const PAINT_CHUNK_WAIT_MS = 3000;
/** Its name in the manifest (rollup.config.mjs builds it apart: one request). */
const PAINT_CHUNK = 'first-paint';

type Painter = typeof import('./firstPaint.ts');

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
  // `{ name: hash }`: a chunk's file is `chunks/<name>-<hash>.js` (scripts/rollup-plugins.mjs readManifest).
  const manifest: Record<string, string> = typeof __VF_MANIFEST__ === 'object' ? __VF_MANIFEST__ : {};
  const chunkUrl = (name: string) => `${assets}/chunks/${name}-${manifest[name]}.js`;

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
  // really fetches again: core/loader/moduleImport.ts). The chunks are addresses on the vf server,
  // not modules of the app: the comments tell an app's bundler (webpack, Turbopack, Vite) to leave
  // these import()s alone (the package's build keeps them: rollup.config.mjs).
  const importModule = (url: string) => (globalThis.__vfImport ?? ((plain: string) => import(/* webpackIgnore: true */ /* @vite-ignore */ plain)))(url);

  // Element chunks are requested with or after core, never before it, and imported once it has run:
  // their code expects core's importer (a server-painted page asks for core a little later,
  // core/loader/firstPaint.ts).
  let requestCore: () => void;
  const coreRequested = new Promise<void>((resolve) => (requestCore = resolve));

  const load = (name: string): Promise<unknown> => {
    if (!manifest[name]) {
      console.warn(`vf: unknown widget loader ${name}`);
      return Promise.resolve(null);
    }
    const url = chunkUrl(name);
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

  // The server's first paint is a chunk of its own, asked for the moment the loader runs (the DOM
  // is parsed meanwhile); without it (turned off, failed, late) elements render as they always did.
  const off = (globalThis as { vfConfig?: { firstPaint?: unknown } }).vfConfig?.firstPaint;
  const painter: Promise<Painter | null> = manifest[PAINT_CHUNK] && ![false, 'off', 'false'].includes(off as never)
    ? Promise.race([
      (import(/* webpackIgnore: true */ /* @vite-ignore */ chunkUrl(PAINT_CHUNK)) as Promise<Painter>).catch(() => null),
      new Promise<null>((resolve) => setTimeout(resolve, PAINT_CHUNK_WAIT_MS, null)),
    ])
    : Promise.resolve(null);

  function whenInteractive(fn: () => void): void {
    if (document.readyState === 'interactive' || document.readyState === 'complete') fn();
    else setTimeout(() => whenInteractive(fn), STARTUP_POLL_MS);
  }

  whenInteractive(() => void painter.then((paint) => {
    // The first paint's chunk is built apart, with its own copy of the policy's module: it takes
    // the loader's, so the page makes one policy named `vf` (core/trustedTypes.ts).
    const trustedTypes = vfTrustedTypes();
    paint?.adoptTrustedTypes(trustedTypes);
    const host: LoaderHost = {
      origin,
      setContext: contexts.set,
      publish: bus.$publish,
      ready: readyQueue.signal,
      unready: readyQueue.unsignal,
      trustedTypes,
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
    const nearPaints = [...(paint ? document.querySelectorAll(paint.FIRST_PAINT_TAGS.join()) : [])]
      .filter((el) => {
        const rule = LOAD_RULES[el.localName]; // at once, or once in view: not a timed rule (the pull quote's 5 s)
        return (!rule || rule.inView !== undefined) && el.getBoundingClientRect().top < innerHeight + LAZY_MARGIN_PX;
      })
      .map((el) => new Promise((resolve) => painted.set(el, (painting) => void painting.then(resolve))));
    if (!nearPaints.length) startCore();
    else void Promise.race([Promise.all(nearPaints), new Promise((resolve) => setTimeout(resolve, CORE_WAIT_MS))]).then(() => paint!.afterFrame(startCore));

    const schedule = createChunkScheduler({
      load: (kind) => void load(kind),
      when: (condition) => (condition === 'settled' ? viaCore((core) => core.settled()) : whenReady),
      paint: paint ? (el) => {
        const painting = paint.paintFirst(el, origin);
        painted.get(el)?.(painting);
        return painting;
      } : undefined,
      afterPaint: paint?.loadAfterPaint,
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
  }));
  return win.vf;
}
