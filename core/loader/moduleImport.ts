/**
 * Module imports that a retry can really repeat.
 *
 * Chromium keeps a failed module fetch in the page's module map: importing the same address again
 * rejects at once, without a request, and so does importing any module that imports it. A chunk
 * whose file (or the file of a chunk it imports) failed once would stay broken until the reader
 * reloads the page. So a chunk's files are fetched first, with `fetch()`, which leaves the module map
 * alone: the chunk and, recursively, the chunks it imports statically. Only once every file has
 * arrived (and sits in the HTTP cache: chunks are cached forever) is the chunk imported. A file
 * that fails there fails the import with nothing recorded, and the next attempt fetches it again.
 *
 * Should `import()` still fail after the files arrived (the network dropped in between), the
 * chunk's own address is poisoned: later attempts import it with `?retry=N`, a fresh entry.
 */

/** rollup's compact output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{t}from"./x.js"`. */
const STATIC_IMPORT = /(?:import|export)\s*(?:\{[^{}"']*\}|\*\s*as\s+[\w$]+|[\w$]+)?\s*(?:from\s*)?"(\.\.?\/[\w.\-/]+\.js)"/g;

/** The relative addresses a chunk's text imports statically, resolved against its own address. */
export function staticImportsOf(text: string, url: string): string[] {
  return [...new Set(Array.from(text.matchAll(STATIC_IMPORT), (match) => new URL(match[1]!, url).href))];
}

export interface ModuleImporterOptions {
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** The real `import()`; it must be written where the module lives (a parameter keeps it testable). */
  importModule: (url: string) => Promise<unknown>;
}

export type ModuleImporter = (url: string) => Promise<unknown>;

export function createModuleImporter({ fetch: get = (url, init) => fetch(url, init), importModule }: ModuleImporterOptions): ModuleImporter {
  /** Files whose whole static graph has arrived (the promise) or is arriving. */
  const arrived = new Map<string, Promise<void>>();
  const poisoned = new Map<string, number>();

  const fetchGraph = (url: string): Promise<void> => {
    let pending = arrived.get(url);
    if (!pending) {
      // The same request mode and credentials as a module script's, so the import reads the cache.
      pending = get(url, { mode: 'cors', credentials: 'same-origin' })
        .then((response) => {
          if (!response.ok) throw new TypeError(`${url} answered ${response.status}`);
          return response.text();
        })
        .then((text) => Promise.all(staticImportsOf(text, url).map(fetchGraph)))
        .then(() => undefined);
      arrived.set(url, pending);
      // A failure is forgotten, so the next attempt asks the network again.
      pending.catch(() => arrived.delete(url));
    }
    return pending;
  };

  return async (url) => {
    await fetchGraph(url);
    const attempt = poisoned.get(url);
    const request = attempt ? `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}` : url;
    try {
      return await importModule(request);
    } catch (error) {
      poisoned.set(url, (attempt ?? 0) + 1);
      throw error;
    }
  };
}

declare global {
  /** Set by the core chunk (core/boot.ts): element chunks and every dynamic `import()` in a chunk go through it. */
  var __vfImport: ModuleImporter | undefined;
}
