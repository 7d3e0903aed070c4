/**
 * The framework examples type-check their use of the elements with the vf-client typings
 * (scripts/build-examples.mjs runs each check in `npm run build`): here a wrong attribute type,
 * written into a copy of the React, Vue and Svelte apps, must fail each framework's own checker
 * (tsc, vue-tsc, svelte-check) on that line. Needs `npm run build` first (vf-client installed
 * into examples/node_modules).
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { after, describe, it } from 'node:test';
// @ts-expect-error plain ES module without types
import { EXAMPLES, TYPE_CHECKS, inExample } from '../../scripts/build-examples.mjs';

const checks = TYPE_CHECKS as Record<string, string[]>;
const copies: string[] = [];
after(() => copies.forEach((copy) => rmSync(copy, { recursive: true, force: true })));

/** Each app, its file, and the line that gives `limit` (a number) a boolean. */
const MISUSES = [
  { framework: 'react', file: 'src/App.tsx', anchor: '<vf-conversations', misuse: '<vf-conversations limit={true}' },
  { framework: 'vue', file: 'src/App.vue', anchor: '<vf-conversations', misuse: '<vf-conversations :limit="true"' },
  { framework: 'svelte', file: 'src/App.svelte', anchor: '<vf-conversations', misuse: '<vf-conversations limit={true}' },
];

describe("the examples' type checks", () => {
  for (const { framework, file, anchor, misuse } of MISUSES) {
    it(`${framework}: a wrong attribute type on <vf-conversations> fails the check on its line`, async () => {
      assert.ok(existsSync(join(EXAMPLES, 'node_modules/vf-client/package.json')), 'vf-client is not in examples/node_modules: run `npm run build`');
      // A copy beside the app, so the examples' install and the packed vf-client resolve the same.
      const copy = mkdtempSync(join(EXAMPLES, `.typecheck-${framework}-`));
      copies.push(copy);
      cpSync(join(EXAMPLES, framework), copy, { recursive: true, filter: (path) => !/\/(node_modules|dist|\.next|out)$/.test(path) });
      const source = readFileSync(join(copy, file), 'utf8');
      assert.equal(source.split(anchor).length, 2, `${file} has one ${anchor}`);
      writeFileSync(join(copy, file), source.replace(anchor, misuse));
      const line = source.slice(0, source.indexOf(anchor)).split('\n').length;

      const failure = await inExample(basename(copy), checks[framework]).then(() => null, (error: Error) => error.message);
      assert.ok(failure, `${framework}'s check passed a boolean limit`);
      // tsc and vue-tsc: "App.tsx(31,25): error …"; svelte-check's machine output: "ERROR "src/App.svelte" 19:21 …".
      const reported = new RegExp(`${basename(file).replace('.', '\\.')}(?:"\\s+|\\()${line}[:,]`);
      assert.match(failure, reported);
      assert.match(failure, /Type 'true' is not assignable to type 'number \| `\$\{number\}`/);
    });
  }
});
