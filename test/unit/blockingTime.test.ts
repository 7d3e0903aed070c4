// bench/main-thread.ts's sum (issue 44): Total Blocking Time's rule from the first contentful paint.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockingTime } from '../../bench/main-thread.ts';

test('each long task counts its time past 50 ms; before the first contentful paint nothing counts, a task across it from the paint on', () => {
  const tasks = [
    [0, 120], // before the paint at 200: not counted, but the longest
    [150, 110], // 150–260: 60 ms after the paint, 10 past 50
    [300, 80], // 30
    [500, 50], // exactly 50: nothing
  ] as const;
  assert.deepEqual(blockingTime(tasks, 200), { blockingMs: 40, longestMs: 120 });
  assert.deepEqual(blockingTime([], 200), { blockingMs: 0, longestMs: 0 });
});
