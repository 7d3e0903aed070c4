/**
 * server/storage/groupCommit.ts: items added together go into one write, `take` bounds a group,
 * each item gets its own outcome, and a failed write fails its group only.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GroupCommit } from '../../server/storage/groupCommit.ts';

test('items added together are written in groups of at most `take`, each answered with its own outcome', async () => {
  const writes: number[][] = [];
  const group = new GroupCommit<number, string>(
    async (items) => {
      writes.push(items);
      return items.map((n) => `stored ${n}`);
    },
    (queued) => Math.min(queued.length, 3),
  );
  const answers = Promise.all([1, 2, 3, 4, 5].map((n) => group.add(n)));
  assert.equal(group.depth, 5, 'nothing is written on the turn the items arrive');
  assert.deepEqual(await answers, ['stored 1', 'stored 2', 'stored 3', 'stored 4', 'stored 5']);
  assert.deepEqual(writes, [[1, 2, 3], [4, 5]]);
  assert.equal(group.depth, 0);
});

test('a failed write rejects every item of its group, and the next group is still written', async () => {
  let calls = 0;
  const group = new GroupCommit<string, string>(
    async (items) => {
      if (calls++ === 0) throw new Error('disk full');
      return items;
    },
    () => 1,
  );
  const [first, second] = await Promise.allSettled([group.add('a'), group.add('b')]);
  assert.equal(first.status, 'rejected');
  assert.equal((first as PromiseRejectedResult).reason.message, 'disk full');
  assert.deepEqual(second, { status: 'fulfilled', value: 'b' });
});
