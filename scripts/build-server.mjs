// `npm run build`'s second step (after rollup, which empties dist/): the server and the admin
// CLI bundled with esbuild into dist/server/ as ES modules for Node 20, with source maps, so
// production runs plain JavaScript (`node --enable-source-maps dist/server/main.js`) instead of
// TypeScript through tsx's loader (docs/server.md "Production start").
//
// dist/server/ is two folders below the repository like server/routes/ is, so REPO_ROOT
// (server/routes/static.ts) finds dist/, demo/, i18n/ and package.json from either.
// The first paint's React code (server/ssr/) stays in lazily imported chunks: a server that
// never renders one never loads it. Packages stay external: Node loads them from node_modules,
// native ones (better-sqlite3) must, and React picks its production build from NODE_ENV there.
import { build, transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';

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

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Chunk names say what they hold; the entries keep theirs (main.js, admin.js).
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.js' },
  jsx: 'automatic',
  plugins: [cssText],
  logLevel: 'warning',
  legalComments: 'none',
});
console.log(`server built into ${outdir}/ in ${Date.now() - started} ms`);
