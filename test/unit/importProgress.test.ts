// The import's progress on stderr (server/cli/progress.ts, docs/import.md "Import").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Progress } from '../../server/cli/progress.ts';

const sink = (isTTY: boolean) => {
  const out = { isTTY, text: '', write: (chunk: string) => (out.text += chunk) };
  return out;
};

test('on a terminal: one line redrawn in place, a bar of the bytes read, the comments and their rate; a newline at the end', () => {
  const out = sink(true);
  const progress = new Progress(4 * 1048576, out);
  progress.update(1048576, 120);
  progress.done();
  const draws = out.text.split('\r').filter(Boolean);
  assert.match(draws[0]!, /^\[#{6}\.{18}\] {2}25% 1\.0 MB \/ 4\.0 MB {2}120 comments {2}\d+ comments\/s\x1b\[K$/);
  assert.ok(out.text.endsWith('\x1b[K\n'));
});

test('not a terminal: plain lines, no bar and no carriage return', () => {
  const out = sink(false);
  const progress = new Progress(2 * 1048576, out);
  progress.update(2 * 1048576, 10);
  progress.update(2 * 1048576, 11); // within five seconds of the last line: nothing
  progress.done();
  assert.deepEqual(out.text.split('\n').filter(Boolean).map((line) => line.replace(/\d+ comments\/s$/, 'N comments/s')), [
    'import: 100% 2.0 MB / 2.0 MB  10 comments  N comments/s',
    'import: 100% 2.0 MB / 2.0 MB  11 comments  N comments/s',
  ]);
  assert.ok(!out.text.includes('\r'));
});
