// The client package's typings (scripts/client/typings.mjs), as a React 19 and a Vue 3 project
// would use them: the fixtures in test/fixtures/typings type-check against the generated
// index.d.ts / react.d.ts / vue.d.ts laid out as node_modules/vf-client, with the installed
// TypeScript, React and Vue types; the deliberate misuses in misuse.tsx, and only those, fail.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error plain ES module without types
import { buildManifest } from '../../scripts/client/manifest.mjs';
// @ts-expect-error plain ES module without types
import { packageJson, packageTypings } from '../../scripts/client/package.mjs';

const FIXTURES = 'test/fixtures/typings';
let project = '';
let errors: { file: string; line: number; message: string }[] = [];

before(async () => {
  // Inside the repository's node_modules, so `react` and `vue` resolve to the installed packages.
  mkdirSync('node_modules/.cache', { recursive: true });
  project = mkdtempSync(resolve('node_modules/.cache/vf-typings-'));
  const pkg = join(project, 'node_modules', 'vf-client');
  mkdirSync(pkg, { recursive: true });
  const typings = packageTypings(buildManifest('.')) as Record<string, string>;
  for (const [file, text] of Object.entries(typings)) writeFileSync(join(pkg, file), text);
  writeFileSync(join(pkg, 'package.json'), JSON.stringify(packageJson({ version: '0.0.0', license: 'MIT' })));
  for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(project, file));
  const tsc = resolve('node_modules/typescript/bin/tsc');
  const output = await promisify(execFile)(process.execPath, [tsc, '-p', project, '--pretty', 'false'])
    .then(({ stdout }) => stdout, (failure: { stdout: string }) => failure.stdout);
  errors = [...output.matchAll(/^(\S+)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((m) => ({ file: m[1]!, line: Number(m[2]), message: m[3]! }));
});
after(() => rmSync(project, { recursive: true, force: true }));

describe('the client typings', () => {
  it('type-check a React 19 app and a Vue 3 component that use the elements, their attributes, events and window.vf', () => {
    assert.ok(errors.length > 0, 'tsc reported nothing at all: misuse.tsx should fail');
    assert.deepEqual(errors.filter((e) => !e.file.endsWith('misuse.tsx')), []);
  });

  it('refuse each deliberate misuse: a wrong attribute type, a wrong event detail, a wrong property type', () => {
    const marked = readFileSync(join(FIXTURES, 'misuse.tsx'), 'utf8').split('\n')
      .flatMap((line, i) => (line.endsWith('// misuse') ? [i + 1] : []));
    assert.equal(marked.length, 3);
    assert.deepEqual([...new Set(errors.map((e) => e.line))], marked);
    assert.match(errors[0]!.message, /'true' is not assignable to type 'number \| `\$\{number\}` \| undefined'/);
  });
});
