// Serves each test file as one ESM bundle built by esbuild: React and mock-socket are
// CommonJS/UMD, which the dev server's per-file transforms cannot import (TOOLCHAIN.md).
import { build } from 'esbuild';
import { join } from 'node:path';

export function bundleTestsPlugin({ rootDir, match = /\.test\.tsx?$/ }) {
  return {
    name: 'vf-bundle-tests',
    async serve(context) {
      if (!match.test(context.path)) return undefined;
      const result = await build({
        entryPoints: [join(rootDir, decodeURIComponent(context.path))],
        bundle: true,
        format: 'esm',
        write: false,
        platform: 'browser',
        target: 'es2022',
        sourcemap: 'inline',
        jsx: 'automatic',
        loader: { '.css': 'text' },
        define: { 'process.env.NODE_ENV': JSON.stringify(process.env.VF_TEST_NODE_ENV ?? 'development'), global: 'globalThis' },
        // test-runner-commands reaches the runner through the dev server's own socket module
        external: ['/__web-dev-server__web-socket.js'],
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}
