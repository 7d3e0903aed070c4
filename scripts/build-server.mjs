// `npm run build`'s second step (after rollup, which empties dist/): the server and the admin
// CLI bundled with esbuild into dist/server/ as ES modules for Node 20, with source maps, so
// production runs plain JavaScript (`node --enable-source-maps dist/server/main.js`) instead of
// TypeScript through tsx's loader (docs/server.md "Production start").
//
// Every file lands in dist/server/ itself (no chunks/ folder): two folders below the repository,
// like server/routes/, so REPO_ROOT (server/routes/static.ts) finds dist/, demo/, i18n/ and
// package.json from whichever file its code lands in. The first paint's React code (server/ssr/)
// stays in lazily imported chunks: a server that never renders one never loads it.
// Packages are bundled too: Node then reads a few files at start instead of about a thousand
// (start 2.3 s → 0.6 s for the imports on the loaded test machine, 7 MB less resident). Left
// out: better-sqlite3 (native), the optional native helpers of pg and ws, and what the server
// loads only when configured (server/lazyPackage.ts: pg, ioredis, nodemailer, web-push), which
// Node loads from node_modules. Bundled CommonJS packages require Node's modules: the banner
// gives each output file a `require`.
import { build, transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const outdir = 'dist/server';

/** `import css from './styles.css'` → the minified stylesheet text, as the client build and server/ssr/cssText.mjs do. */
const cssText = {
  name: 'vf-css-text',
  setup(builder) {
    builder.onLoad({ filter: /\.css$/ }, async ({ path }) => {
      const { code } = await transform(await readFile(path, 'utf8'), { loader: 'css', minify: true });
      return { contents: `export default ${JSON.stringify(code.trim())};`, loader: 'js' };
    });
  },
};

/**
 * esbuild escapes non-ASCII text in code but keeps the comments it carries over as they are, and
 * one `→` in a comment makes V8 hold the whole file's source as two bytes a character (main.js:
 * 5 MB instead of 2.6 MB of heap). Comments are all such text can be in: each non-ASCII character
 * becomes `?` (`??` for a surrogate pair, so every column the source map names stays where it was).
 */
const asciiOnly = (text) => text.replace(/[^\x00-\x7f]/gu, (char) => '?'.repeat(char.length));

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const { outputFiles } = await build({
  write: false,
  entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3', 'pg-native', 'bufferutil', 'utf-8-validate'],
  // ES module entries of packages where they have one (tree-shaken), else their CommonJS.
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __vfCreateRequire } from 'node:module'; const require = __vfCreateRequire(import.meta.url);" },
  sourcemap: true,
  // Chunk names say what they hold; the entries keep theirs (main.js, admin.js).
  chunkNames: '[name]-[hash]',
  jsx: 'automatic',
  plugins: [cssText],
  logLevel: 'warning',
  legalComments: 'none',
});
for (const file of outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.path.endsWith('.js') ? asciiOnly(file.text) : file.contents);
}
console.log(`server built into ${outdir}/ in ${Date.now() - started} ms`);
