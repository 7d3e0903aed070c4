// docs/frameworks.md shows the framework examples' code: every fenced snippet that names its file
// on its first line (`// examples/…` or `<!-- examples/… -->`) is, line for line, in that file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const DOC = readFileSync('docs/frameworks.md', 'utf8');
const snippets = [...DOC.matchAll(/^```\w+\n(?:\/\/|<!--) (examples\/\S+)(?: -->)?\n([\s\S]*?)^```$/gm)]
  .map(([, file, body]) => ({ file: file!, body: body! }));

describe('docs/frameworks.md', () => {
  it('shows a snippet from each of the four examples', () => {
    const frameworks = new Set(snippets.map(({ file }) => file.split('/')[1]));
    assert.deepEqual([...frameworks].sort(), ['next', 'react', 'svelte', 'vue']);
  });

  it('takes each snippet from the file it names, unchanged', () => {
    for (const { file, body } of snippets) {
      assert.ok(readFileSync(file, 'utf8').includes(body), `${file} no longer holds:\n${body}`);
    }
  });
});
