// bench/main-thread.ts's sum (issue 44): Total Blocking Time's rule from the first contentful paint; bench/first-interaction.ts's INP figure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockingTime } from '../../bench/main-thread.ts';
import { interactionLatency } from '../../bench/first-interaction.ts';

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

test("an interaction's latency is its longest event of the first interaction from the pointerdown on", () => {
  const events: [string, number, number, number][] = [
    ['click', 7, 50, 300], // an earlier interaction: not this one
    ['pointerdown', 9, 1000, 40],
    ['pointerup', 9, 1060, 24],
    ['click', 9, 1061, 120], // the click's handlers and the frame after them
    ['keydown', 11, 1400, 500], // the next interaction
  ];
  assert.equal(interactionLatency(events, 1000), 120);
  assert.equal(interactionLatency([], 1000), 0, 'no entry over the 16 ms threshold');
});
