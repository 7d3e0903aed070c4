// Where the live blog's ads go (elements/vf-liveblog/adAnchors.ts; docs/ads.md "Surfaces").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adAnchors, LIVEBLOG_AD_INTERVAL } from '../../elements/vf-liveblog/adAnchors.ts';

const posts = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('live blog ad anchors', () => {
  it('after the first post, then after every 5th', () => {
    assert.equal(LIVEBLOG_AD_INTERVAL, 5);
    const { reference, anchors } = adAnchors(posts(12), null);
    assert.equal(reference, 'p1');
    assert.deepEqual([...anchors], ['p1', 'p6', 'p11']);
  });

  it('no posts, no ads; one post, one ad after it', () => {
    assert.deepEqual(adAnchors([], null), { reference: null, anchors: new Set() });
    assert.deepEqual([...adAnchors(['only'], null).anchors], ['only']);
  });

  it('posts arriving above keep every ad with its post; a new ad comes once 5 more have arrived', () => {
    const first = adAnchors(posts(7), null);
    const oneNew = adAnchors(['n1', ...posts(7)], first.reference);
    assert.deepEqual([...oneNew.anchors], ['p1', 'p6']);
    const fiveNew = adAnchors([...posts(5, 'n'), ...posts(7)], first.reference);
    assert.deepEqual([...fiveNew.anchors], ['n1', 'p1', 'p6']);
  });

  it('older posts loaded below continue the count; a removed reference starts again from the top', () => {
    assert.deepEqual([...adAnchors(posts(11), 'p1').anchors], ['p1', 'p6', 'p11']);
    const after = adAnchors(posts(6).slice(1), 'p1');
    assert.equal(after.reference, 'p2');
    assert.deepEqual([...after.anchors], ['p2']);
  });
});
