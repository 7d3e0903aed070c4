// The guest cache's rules on its own (server/engine/guest-cache.ts): what keeps an entry valid,
// what a read across a change may not keep, and its bounds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { GuestCache, MAX_AGE_MS } from '../../server/engine/guest-cache.ts';

const body = (text: string) => Buffer.from(text);

test('an entry lasts until its container’s next event, its site’s next change, or its time', () => {
  let now = 1000;
  const cache = new GuestCache(1024 * 1024, 100, () => now);
  cache.keep('a', cache.begin('s1', 'c1', 5), body('five'));
  cache.keep('b', cache.begin('s1', 'c2', 0), body('other'));
  assert.equal(cache.get('a')?.toString(), 'five');
  cache.event({ content_container_uuid: 'c1', seq: 5 }); // an event it was read after (Redis brings it late)
  assert.equal(cache.get('a')?.toString(), 'five');
  cache.event({ content_container_uuid: 'c1', seq: 6 });
  assert.equal(cache.get('a'), null);
  assert.equal(cache.get('b')?.toString(), 'other', 'another container keeps its entry');
  cache.siteChanged('s2');
  assert.equal(cache.get('b')?.toString(), 'other', 'another site’s change');
  cache.siteChanged('s1');
  assert.equal(cache.get('b'), null);

  cache.keep('c', cache.begin('s1', 'c3', 1), body('until a ban runs out'), now + 50);
  assert.ok(cache.get('c'));
  now += 50;
  assert.equal(cache.get('c'), null);
  cache.keep('d', cache.begin('s1', 'c3', 1), body('at most MAX_AGE_MS'));
  now += MAX_AGE_MS;
  assert.equal(cache.get('d'), null);

  cache.keep('e', cache.begin('s9', 'c9', 1), body('before a gap'));
  cache.siteChanged(null);
  assert.equal(cache.get('e'), null, 'a gap in the Redis feed drops everything');
});

test('a read across an event, a site change or a feed gap keeps nothing', () => {
  const cache = new GuestCache(1024 * 1024);
  const read = cache.begin('s', 'c', 3);
  cache.event({ content_container_uuid: 'c', seq: 4 });
  cache.keep('k', read, body('read at 3'));
  assert.equal(cache.get('k'), null);
  cache.keep('k', cache.begin('s', 'c', 4), body('read at 4'));
  assert.equal(cache.get('k')?.toString(), 'read at 4');

  const before = cache.begin('s', 'c', 4);
  cache.siteChanged('s');
  cache.keep('j', before, body('read before a rename'));
  assert.equal(cache.get('j'), null);

  const beforeGap = cache.begin('other site', 'c', 4);
  cache.siteChanged(null);
  cache.keep('g', beforeGap, body('read before a gap in the Redis feed'));
  assert.equal(cache.get('g'), null);
});

test('bounded by bytes and by entries, the least recently used first out', () => {
  const cache = new GuestCache(100, 3);
  const keep = (key: string, size: number) => cache.keep(key, cache.begin('s', `c-${key}`, 0), Buffer.alloc(size));
  keep('a', 20);
  keep('b', 20);
  keep('c', 20);
  assert.ok(cache.get('a')); // a is now the most recent
  keep('d', 20);
  assert.deepEqual(['a', 'b', 'c', 'd'].map((k) => cache.get(k) !== null), [true, false, true, true], 'four entries: b went');
  keep('e', 25);
  keep('f', 25);
  assert.ok(cache.size.bytes <= 100 && cache.size.entries <= 3, JSON.stringify(cache.size));
  keep('huge', 60);
  assert.equal(cache.get('huge'), null, 'an answer over a quarter of the bound is not kept');
  assert.equal(new GuestCache(0).enabled, false);
});

test('an entry is gzipped once, on its first hit that takes gzip, and counts in the bound', () => {
  const cache = new GuestCache(1024 * 1024);
  const text = JSON.stringify({ result: { contents: Array.from({ length: 50 }, (_, i) => ({ content: `comment ${i}` })) } });
  cache.keep('a', cache.begin('s', 'c', 0), body(text));
  const plain = cache.size.bytes;
  assert.equal(cache.get('a')?.toString(), text);
  const gzipped = cache.get('a', true)!;
  assert.equal(gunzipSync(gzipped).toString(), text);
  assert.ok(gzipped.length < text.length / 3);
  assert.equal(cache.get('a', true), gzipped, 'made once');
  assert.equal(cache.size.bytes, plain + gzipped.length);
  cache.event({ content_container_uuid: 'c', seq: 1 });
  assert.equal(cache.get('a', true), null, 'and goes with its entry');
});
