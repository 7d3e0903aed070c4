// The developer-facing client distribution (docs/developers.md), written by the build's last step:
// - dist/custom-elements.json and dist/vf.d.ts, dist/vf-react.d.ts, dist/vf-vue.d.ts, dist/vf-svelte.d.ts;
// - dist/npm/: the npm package `vf-client` (`npm pack ./dist/npm`): the ES entry index.js
//   (`register({ origin })`, core/loader/module.ts), the same lazy chunks vf.js loads, the
//   typings, the manifest and VS Code's HTML custom data. The repository's own package.json
//   stays the server's.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildManifest, vscodeCustomData } from './manifest.mjs';
import { coreTypings, reactTypings, svelteTypings, vueTypings } from './typings.mjs';

const PACKAGE_NAME = 'vf-client';

/** The package's typings files (each React/Vue/Svelte file imports the core one as `./index.js`). */
export function packageTypings(manifest) {
  return {
    'index.d.ts': coreTypings(manifest),
    'react.d.ts': reactTypings(manifest, './index.js'),
    'vue.d.ts': vueTypings(manifest, './index.js'),
    'svelte.d.ts': svelteTypings(manifest, './index.js'),
  };
}

/** The package's package.json. */
export function packageJson({ version, license }) {
  return {
    name: PACKAGE_NAME,
    version,
    description: 'vf\'s community widgets as custom elements, for bundlers: register({ origin }) loads each element lazily.',
    license,
    type: 'module',
    module: './index.js',
    main: './index.js',
    types: './index.d.ts',
    customElements: './custom-elements.json',
    exports: {
      '.': { types: './index.d.ts', default: './index.js' },
      './react': { types: './react.d.ts' },
      './vue': { types: './vue.d.ts' },
      './svelte': { types: './svelte.d.ts' },
      './custom-elements.json': './custom-elements.json',
      './vscode.html-custom-data.json': './vscode.html-custom-data.json',
      './chunks/*': './chunks/*',
      './package.json': './package.json',
    },
    files: ['index.js', '*.d.ts', 'custom-elements.json', 'vscode.html-custom-data.json', 'chunks/*.js', 'README.md'],
    // The chunks define elements when they run; index.js itself does nothing until register().
    sideEffects: ['./chunks/*.js'],
  };
}

const README = `# vf-client

vf's widgets (comments, live blog, chat, polls, reviews…) as custom elements, for pages a bundler
builds. They talk to your vf server.

\`\`\`js
import { register } from 'vf-client';
register({ origin: 'https://comments.example.com' });
\`\`\`

Then use the elements in your markup (\`<vf-conversations></vf-conversations>\`): each kind's code
loads when the page has it, from the vf server (or from this package's \`chunks/\`, served where
\`assets\` says). Typings: \`vf-client\` (elements, \`window.vf\`), \`vf-client/react\` (JSX),
\`vf-client/vue\` (GlobalComponents), \`vf-client/svelte\` (SvelteHTMLElements). Editors read \`custom-elements.json\`; VS Code reads
\`vscode.html-custom-data.json\` (its \`html.customData\` setting).

The guide: docs/developers.md in the vf repository.
`;

/** Writes the manifest, the typings and the npm package; `root` is the repository. */
function writeClientDistribution(root) {
  const dist = join(root, 'dist');
  const npm = join(dist, 'npm');
  const { version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const manifest = buildManifest(root, { version });
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const typings = packageTypings(manifest);

  writeFileSync(join(dist, 'custom-elements.json'), manifestText);
  writeFileSync(join(dist, 'vf.d.ts'), typings['index.d.ts']);
  writeFileSync(join(dist, 'vf-react.d.ts'), reactTypings(manifest, './vf.js'));
  writeFileSync(join(dist, 'vf-vue.d.ts'), vueTypings(manifest, './vf.js'));
  writeFileSync(join(dist, 'vf-svelte.d.ts'), svelteTypings(manifest, './vf.js'));

  mkdirSync(join(npm, 'chunks'), { recursive: true });
  for (const file of readdirSync(join(dist, 'chunks')).filter((name) => name.endsWith('.js'))) {
    copyFileSync(join(dist, 'chunks', file), join(npm, 'chunks', file));
  }
  for (const [file, text] of Object.entries(typings)) writeFileSync(join(npm, file), text);
  writeFileSync(join(npm, 'custom-elements.json'), manifestText);
  writeFileSync(join(npm, 'vscode.html-custom-data.json'), `${JSON.stringify(vscodeCustomData(manifest), null, 2)}\n`);
  writeFileSync(join(npm, 'package.json'), `${JSON.stringify(packageJson({ version, license }), null, 2)}\n`);
  writeFileSync(join(npm, 'README.md'), README);
}

/**
 * The package as `npm install` lays it out: `npm pack` of `dist/npm` (under `root`), unpacked into
 * `target` (emptied first). Answers npm pack's report: `{ name, filename, files: [{ path }] }`.
 */
export async function packInto(root, target) {
  const run = promisify(execFile);
  const work = mkdtempSync(join(tmpdir(), 'vf-client-pack-'));
  try {
    // An absolute path: npm reads a bare `dist/npm` as a GitHub repository.
    const { stdout } = await run('npm', ['pack', resolve(root, 'dist/npm'), '--json', '--pack-destination', work]);
    const [packed] = JSON.parse(stdout);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    await run('tar', ['-xzf', join(work, packed.filename), '-C', target, '--strip-components=1']);
    return packed;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Rollup plugin: the client distribution, once the ES entry (the build's last output) is written. */
export function clientDistribution(root = process.cwd()) {
  return {
    name: 'vf-client-distribution',
    writeBundle: () => writeClientDistribution(root),
  };
}
