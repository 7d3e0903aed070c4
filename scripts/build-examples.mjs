// `npm run build`'s last step: the framework examples (examples/, docs/frameworks.md), built as
// a user's app is, against the vf-client package as npm installs it: `npm pack ./dist/npm` (the
// package the client build just wrote), unpacked into examples/node_modules/vf-client. Each app
// type-checks (tsc, vue-tsc, svelte-check; Next.js checks its own) and builds into
// dist/examples/<framework>/, which the server serves at /examples/<framework>/.
//
// The examples have their own install (examples/package.json, run by the repository's
// postinstall): TypeScript 5.9 there, because vue-tsc, svelte-check and Next.js use TypeScript's
// JavaScript API, which the repository's TypeScript 7 no longer has.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { packInto } from './client/package.mjs';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
export const EXAMPLES = join(ROOT, 'examples');
const MODULES = join(EXAMPLES, 'node_modules');
const bin = (path) => join(MODULES, path);

/** Each framework's type check (the command's arguments after node), run in its folder. */
export const TYPE_CHECKS = {
  react: [bin('typescript/bin/tsc'), '-p', '.'],
  vue: [bin('vue-tsc/bin/vue-tsc.js'), '-p', '.'],
  svelte: [bin('svelte-check/bin/svelte-check'), '--tsconfig', './tsconfig.json', '--output', 'machine'],
};

/** Runs `node args…` in examples/<folder>; on failure, its output is the error. */
export async function inExample(folder, args, env = {}) {
  try {
    return await run(process.execPath, args, { cwd: join(EXAMPLES, folder), env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`examples/${folder}: ${args.slice(1).join(' ')} failed\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

async function buildExample(framework) {
  const began = Date.now();
  if (TYPE_CHECKS[framework]) await inExample(framework, TYPE_CHECKS[framework]);
  if (framework === 'next') {
    // Renders the page at build time (checking its types first), then the static export.
    await inExample('next', [bin('next/dist/bin/next'), 'build'], { NEXT_TELEMETRY_DISABLED: '1' });
    const out = join(ROOT, 'dist/examples/next');
    rmSync(out, { recursive: true, force: true });
    cpSync(join(EXAMPLES, 'next/out'), out, { recursive: true });
  } else {
    await inExample(framework, [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  }
  return `${framework} ${((Date.now() - began) / 1000).toFixed(1)} s`;
}

async function main() {
  if (!existsSync(join(ROOT, 'dist/npm/package.json'))) throw new Error('dist/npm is missing: run the client build (rollup) first');
  if (!existsSync(bin('vite'))) throw new Error('The examples are not installed: run `npm install` (its postinstall installs examples/)');
  const began = Date.now();
  await packInto(ROOT, join(MODULES, 'vf-client'));
  // Two at a time: this machine's two cores.
  const times = [...await Promise.all([buildExample('react'), buildExample('vue')]), ...await Promise.all([buildExample('svelte'), buildExample('next')])];
  console.log(`Examples built into dist/examples/ in ${((Date.now() - began) / 1000).toFixed(1)} s (${times.join(', ')})`);
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
