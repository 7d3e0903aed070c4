// Builds, in order: the ES-module chunks (core, one per element kind, languages), the first paint's
// chunk, then the classic-script loader `vf.js`, which is given the chunks' hashed names.
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import {
  cleanDir, cssText, formatjsWithoutParser, i18nMessages, precompress, readManifest, reserveSheet, reservesModule, retryableDynamicImports,
  writeManifest,
} from './scripts/rollup-plugins.mjs';
import { clientDistribution } from './scripts/client/package.mjs';

const manifestFile = 'dist/manifest.json';
const production = { 'process.env.NODE_ENV': JSON.stringify('production'), preventAssignment: true };
const minify = terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } });

/** Shared chunks named by what they hold, whatever module rollup would name them after. */
const LIBRARY_CHUNKS = [['react', '/node_modules/react-dom/'], ['store', '/node_modules/@reduxjs/toolkit/']];

/**
 * `i18n/de-de/base.json` → `i18n-de-de-base-[hash].js`; the chunk with React DOM → `react-[hash].js`,
 * the one with Redux Toolkit (the page's store) → `store-[hash].js`; other shared chunks keep their name.
 */
function chunkName(chunk) {
  const match = /[\\/]i18n[\\/]([a-z-]+)[\\/]([a-z_]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  if (match) return `i18n-${match[1]}-${match[2]}-[hash].js`;
  const library = LIBRARY_CHUNKS.find(([, dir]) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').includes(dir)));
  return `${library ? library[0] : '[name]'}-[hash].js`;
}

const chunks = {
  input: {
    core: 'core/boot.ts',
    'vf-conversations': 'elements/vf-conversations/define.ts',
    'vf-conversations-count': 'elements/vf-conversations-count/define.ts',
    'vf-conversation-starter': 'elements/vf-conversation-starter/define.ts',
    'vf-pull-quote': 'elements/vf-pull-quote/define.ts',
    'vf-liveblog': 'elements/vf-liveblog/define.ts',
    'vf-live-story': 'elements/vf-live-story/define.ts',
    'vf-livechat': 'elements/vf-livechat/define.ts',
    'vf-tray': 'elements/vf-tray/define.ts',
    'vf-tray-trigger': 'elements/vf-tray-trigger/define.ts',
    'vf-topic-follow': 'elements/vf-topic-follow/define.ts',
    'vf-trending-articles': 'elements/vf-trending-articles/define.ts',
    'vf-poll': 'elements/vf-poll/define.ts',
    'vf-ad': 'elements/vf-ad/define.ts',
    'vf-page-follow': 'elements/vf-page-follow/define.ts',
    'vf-share-bar': 'elements/vf-share-bar/define.ts',
    'vf-share-total': 'elements/vf-share-total/define.ts',
    'vf-media-gallery': 'elements/vf-media-gallery/define.ts',
    'vf-push-opt-in': 'elements/vf-push-opt-in/define.ts',
    'vf-svod-reset-password': 'elements/vf-svod-reset-password/define.ts',
    'vf-svod-email-verification': 'elements/vf-svod-email-verification/define.ts',
    'vf-trending-comments': 'elements/vf-trending-comments/define.ts',
    'vf-community-comments': 'elements/vf-community-comments/define.ts',
    'vf-community-popular': 'elements/vf-community-popular/define.ts',
    'vf-users': 'elements/vf-users/define.ts',
    'vf-review-form': 'elements/vf-review-form/define.ts',
    'vf-average-rating': 'elements/vf-average-rating/define.ts',
    'vf-reviews': 'elements/vf-reviews/define.ts',
    'vf-user-ratings': 'elements/vf-user-ratings/define.ts',
    'vf-analytics-dashboard': 'elements/vf-analytics-dashboard/define.ts',
    'vf-site-settings': 'elements/vf-site-settings/define.ts',
    'vf-moderation-queue': 'elements/vf-moderation-queue/define.ts',
  },
  output: {
    dir: 'dist/chunks',
    format: 'es',
    entryFileNames: '[name]-[hash:6].js',
    chunkFileNames: chunkName,
    compact: true,
  },
  plugins: [
    cleanDir('dist'),
    formatjsWithoutParser(),
    replace(production),
    nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
    commonjs(),
    cssText(),
    i18nMessages(),
    reservesModule(),
    esbuild({ target: 'es2020', jsx: 'automatic', tsconfig: 'tsconfig.json' }),
    retryableDynamicImports(),
    minify,
    writeManifest(manifestFile, 'chunks/'),
    precompress(),
  ],
};

/**
 * The server's first paint, the loader's half (core/loader/firstPaint.ts): a chunk of its own that
 * vf.js asks for the moment it runs, built whole (no shared chunks: one request), kept out of vf.js
 * so the loader stays within its size (docs/performance.md "The loader's size"). Added to the manifest.
 */
const firstPaint = {
  input: { 'first-paint': 'core/loader/firstPaint.ts' },
  output: { dir: 'dist/chunks', format: 'es', entryFileNames: '[name]-[hash:6].js', compact: true },
  plugins: [
    nodeResolve({ browser: true, extensions: ['.ts', '.mjs', '.js'] }),
    esbuild({ target: 'es2020', tsconfig: 'tsconfig.json' }),
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
    writeManifest(manifestFile, 'chunks/', { add: true }),
    precompress(),
  ],
};

/** The loader's plugins, for vf.js (a classic script) and the npm package's ES entry: the chunk manifest built in. */
const loaderPlugins = (module) => [
  replace({ preventAssignment: true, values: { __VF_MANIFEST__: () => readManifest(manifestFile) } }),
  nodeResolve({ browser: true, extensions: ['.ts', '.mjs', '.js'] }),
  esbuild({ target: 'es2020', tsconfig: 'tsconfig.json' }),
  // The ES entry keeps its import()s' bundler hints (core/loader/start.ts): an app's bundler reads them.
  terser({ ecma: 2020, module, compress: { passes: 2 }, format: { comments: module ? /webpackIgnore|@vite-ignore/ : false } }),
];

const loader = {
  input: 'core/loader/index.ts',
  output: { file: 'dist/vf.js', format: 'iife', compact: true },
  plugins: [...loaderPlugins(false), reserveSheet(), precompress()],
};

/** The push service worker (docs/push.md): served at `/vf_sw.js`, copied by publishers to their site root. */
const serviceWorker = {
  input: 'core/push/sw.ts',
  output: { file: 'dist/vf_sw.js', format: 'iife', compact: true },
  plugins: [
    nodeResolve({ browser: true, extensions: ['.ts', '.mjs', '.js'] }),
    esbuild({ target: 'es2020', tsconfig: 'tsconfig.json' }),
    terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
  ],
};

/**
 * The npm package's ES entry (dist/npm/index.js, `register({ origin })`: core/loader/module.ts),
 * built with the same chunk manifest as vf.js; then the package around it, the custom-elements
 * manifest and the typings (scripts/client/package.mjs, docs/developers.md).
 */
const esEntry = {
  input: 'core/loader/module.ts',
  output: { file: 'dist/npm/index.js', format: 'es', compact: true },
  plugins: [...loaderPlugins(true), clientDistribution()],
};

export default [chunks, firstPaint, loader, serviceWorker, esEntry];
