// Browser tests: @web/test-runner + @open-wc/testing in Debian's Chromium, against the REAL
// vf server (spawned per run on a free port with a throw-away data directory).
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { fileURLToPath } from 'node:url';
import { articlePagesPlugin } from './test/browser/support/articlePages.mjs';
import { bundleTestsPlugin } from './test/browser/support/bundlePlugin.mjs';
import { startServer } from './test/support/serve.mjs';
import { summaryReporter } from './test/browser/support/summaryReporter.mjs';
import { tracedPage } from './test/browser/support/pageTrace.mjs';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
/** Set once the server is up; read by every test page (testRunnerHtml). */
let vfServer = null;

const serverPlugin = {
  name: 'vf-server',
  async serverStart() {
    vfServer = await startServer({ timeoutMs: 60_000 });
  },
  async serverStop() {
    await vfServer?.stop();
    vfServer = null;
  },
};

function pageConfig() {
  const origin = vfServer?.origin ?? 'http://127.0.0.1:9';
  return {
    origin,
    apiBase: `${origin}/api/v2`,
    commentsBase: `${origin}/api/comments`,
    realtimeUrl: `${origin.replace(/^http/, 'ws')}/ws`,
    siteUuid: '5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c',
  };
}

export default {
  rootDir,
  files: ['test/browser/**/*.test.ts', 'test/browser/**/*.test.tsx'],
  nodeResolve: false,
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 180_000,
  browserStartTimeout: 60_000,
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    chromeLauncher({
      ...(process.env.VF_WTR_TRACE && { createPage: tracedPage(process.env.VF_WTR_TRACE) }),
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
  plugins: [serverPlugin, articlePagesPlugin(), bundleTestsPlugin({ rootDir })],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>vf browser tests</title>
    <script>window.vfConfig = ${JSON.stringify(pageConfig())};</script>
    <script>(${sendableFailures})();</script>
  </head>
  <body>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  reporters: [defaultReporter(), summaryReporter()],
};

/**
 * The runner sends results over its socket with structuredClone. A failed expect(element) carries
 * DOM nodes in its actual/expected, which cannot be cloned: the page threw DataCloneError and the
 * file hung until testsFinishTimeout instead of failing. Such values go as their description.
 */
function sendableFailures() {
  const clone = window.structuredClone.bind(window);
  const plain = (value, seen) => {
    if (typeof Node !== 'undefined' && value instanceof Node) return `<${value.nodeName.toLowerCase()}> ${String(value.outerHTML ?? value.textContent ?? '').slice(0, 300)}`;
    if (typeof value === 'function') return String(value);
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return seen.get(value);
    const out = Array.isArray(value) ? [] : value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : {};
    seen.set(value, out);
    for (const key of Object.keys(value)) out[key] = plain(value[key], seen);
    return out;
  };
  window.structuredClone = (value, options) => {
    try {
      return clone(value, options);
    } catch (error) {
      if (error?.name !== 'DataCloneError') throw error;
      return clone(plain(value, new WeakMap()), options);
    }
  };
}
