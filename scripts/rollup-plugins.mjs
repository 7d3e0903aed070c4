// Rollup plugins for vf's build: CSS as strings, i18n messages precompiled to formatjs ASTs,
// the formatjs runtime without its parser, and the chunk manifest the loader is built with.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { parse } from '@formatjs/icu-messageformat-parser';
import { undefinedReserveCss } from '../elements/reserveRules.mjs';

/** `import css from './styles.css'` → the minified stylesheet text. */
export function cssText() {
  return {
    name: 'vf-css-text',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const { code: css } = await transform(code, { loader: 'css', minify: true });
      return { code: `export default ${JSON.stringify(css.trim())};`, map: null };
    },
  };
}

/**
 * `i18n/<lang>/<bundle>.json` → the same keys with precompiled ICU ASTs (no parser at runtime).
 * A key the language lacks but en-us has is filled in with the en-us text and listed in the
 * chunk's `fallbacks` export (the runtime warns about them in debug mode), so a page never
 * downloads an en-us chunk for another language (docs/languages.md "Fallback rules").
 */
export function i18nMessages() {
  const file = /^(.*[\\/]i18n)[\\/]([a-z-]+)[\\/]([a-z_]+)\.json$/;
  return {
    name: 'vf-i18n-messages',
    transform(code, id) {
      const match = file.exec(id);
      if (!match) return null;
      const [, root, lang, bundle] = match;
      const messages = JSON.parse(code);
      const fallbacks = [];
      if (lang !== 'en-us') {
        const basePath = join(root, 'en-us', `${bundle}.json`);
        let base = {};
        try {
          base = JSON.parse(readFileSync(basePath, 'utf8'));
          this.addWatchFile(basePath);
        } catch {
          // no en-us bundle of that name: nothing to fill in
        }
        for (const [key, message] of Object.entries(base)) {
          if (key in messages) continue;
          messages[key] = message;
          fallbacks.push(key);
        }
        if (fallbacks.length > 0) {
          this.warn(`${lang}/${bundle}: ${fallbacks.length} message(s) not translated, en-us text used: ${fallbacks.join(', ')}`);
        }
      }
      const compiled = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = parse(message);
        } catch (error) {
          this.error(`${id}: message "${key}" is not valid ICU: ${error.message}`);
        }
      }
      return {
        code: `export default ${JSON.stringify(compiled)};\nexport const fallbacks = ${JSON.stringify(fallbacks)};`,
        map: null,
      };
    },
  };
}

/** Messages arrive precompiled, so formatjs's runtime gets the parser-less entry. */
export function formatjsWithoutParser() {
  return {
    name: 'vf-formatjs-no-parser',
    async resolveId(source, importer, options) {
      if (source !== '@formatjs/icu-messageformat-parser') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: resolved.id.replace(/index\.js$/, 'no-parser.js') };
    },
  };
}

/**
 * A chunk's dynamic imports (its stylesheet, the login dialog, a language bundle…) go through the
 * loader's importer (core/loader/moduleImport.ts), which fetches the target's files before it
 * imports them, so a failed attempt can be retried: `import("./x.js")` becomes
 * `__vfImport(new URL("./x.js",import.meta.url).href)`. Imports of computed addresses are left alone.
 * A chunk evaluated before core (requested together with it) imports plainly until core sets the importer.
 */
export function retryableDynamicImports() {
  return {
    name: 'vf-retryable-dynamic-imports',
    renderDynamicImport: ({ targetChunk }) =>
      targetChunk ? { left: '(globalThis.__vfImport||(u=>import(u)))(new URL(', right: ',import.meta.url).href)' } : null,
  };
}

/** Empties the output folder first, so stale hashed chunks never pile up. */
export function cleanDir(dir) {
  return { name: 'vf-clean', buildStart: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Writes `{ entryName: "chunks/<file>" }` for every entry chunk; with `add`, adds them to the
 * manifest an earlier build wrote (the first paint's own build, rollup.config.mjs).
 */
export function writeManifest(file, prefix, { add = false } = {}) {
  return {
    name: 'vf-manifest',
    generateBundle(_options, bundle) {
      const manifest = add ? JSON.parse(readFileSync(file, 'utf8')) : {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) manifest[chunk.name] = prefix + chunk.fileName;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(manifest, null, 2));
    },
  };
}

/**
 * Reads the manifest written by the chunk builds (rollup runs the configs in order), for the
 * loader: `{ name: hash }`, its file being `chunks/<name>-<hash>.js` (half the bytes in vf.js).
 */
export function readManifest(file) {
  const hashes = Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([name, path]) => {
    const hash = path.startsWith(`chunks/${name}-`) && path.endsWith('.js') ? path.slice(name.length + 8, -3) : '';
    if (!/^[\w-]+$/.test(hash)) throw new Error(`${file}: ${name} is not chunks/${name}-<hash>.js: ${path}`);
    return [name, hash];
  });
  return JSON.stringify(Object.fromEntries(hashes));
}

/** Writes `.br` and `.gz` beside every emitted file, for the server's pre-compressed static files. */
export function precompress() {
  return {
    name: 'vf-precompress',
    writeBundle(options, bundle) {
      const dir = options.dir ?? dirname(options.file);
      for (const file of Object.keys(bundle)) {
        const path = join(dir, file);
        const data = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }));
      }
    },
  };
}

/** elements/reserves.json as a module (i18n's JSON files have their own plugin). */
export function reservesModule(file = 'elements/reserves.json') {
  return {
    name: 'vf-reserves-module',
    transform(code, id) {
      return id.endsWith(file) ? { code: `export default ${JSON.stringify(JSON.parse(code))};`, map: null } : null;
    },
  };
}

/**
 * Emits `vf.css` (docs/performance.md "Layout shift"): each element's loading box
 * (elements/reserves.json, the same values its `reserve` adopts once defined) for the time before
 * its chunk defines it, then the elements whose box follows their attributes (`sheets`, minified).
 * A publisher links it in the page's head, so nothing moves when vf arrives.
 */
export function reserveSheet(file = 'elements/reserves.json', sheets = ['elements/vf-trending-articles/reserve.css', 'elements/vf-ad/reserve.css', 'elements/vf-conversations-count/reserve.css']) {
  return {
    name: 'vf-reserve-sheet',
    async generateBundle() {
      const rules = undefinedReserveCss(JSON.parse(readFileSync(file, 'utf8')));
      const more = await Promise.all(sheets.map(async (sheet) => (await transform(readFileSync(sheet, 'utf8'), { loader: 'css', minify: true })).code.trim()));
      this.emitFile({ type: 'asset', fileName: 'vf.css', source: `/* vf: the elements' boxes until they load */\n${[rules, ...more].join('\n')}\n` });
    },
  };
}
