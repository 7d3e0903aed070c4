import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  COMMENT_LIMIT, COUNT, DAYS, FEATURED_THRESHOLD, FIRST_PROMO_POSITION, HOURS, PAGINATION_LIMIT,
  PAGINATION_REPLY_LIMIT, REPLY_LIMIT, clampSetting, promoIntervalRange, sortOrder,
} from '../../core/settings/clamp.ts';

describe('clampSetting', () => {
  it('keeps an integer in range, from a number or an attribute string', () => {
    assert.equal(clampSetting(25, COMMENT_LIMIT), 25);
    assert.equal(clampSetting('25', COMMENT_LIMIT), 25);
    assert.equal(clampSetting(0, REPLY_LIMIT), 0);
    assert.equal(clampSetting(100, COMMENT_LIMIT), 100);
  });

  it('gives the default for anything not an integer in range', () => {
    for (const bad of [0, 101, 2.5, '2.5', 'abc', '', null, undefined, Number.NaN, {}, true]) {
      assert.equal(clampSetting(bad, COMMENT_LIMIT), 10, String(bad));
    }
    assert.equal(clampSetting(-1, REPLY_LIMIT), 2);
  });

  it('carries the spec ranges and defaults', () => {
    const table: Array<[typeof COMMENT_LIMIT, number, number, number]> = [
      [COMMENT_LIMIT, 1, 100, 10], [REPLY_LIMIT, 0, 100, 2], [PAGINATION_LIMIT, 1, 100, 10],
      [PAGINATION_REPLY_LIMIT, 1, 100, 10], [FIRST_PROMO_POSITION, 1, 100, 1], [FEATURED_THRESHOLD, 0, 100, 3],
      [COUNT, 1, 100, 5], [HOURS, 1, 48, 3], [DAYS, 1, 30, 7],
    ];
    for (const [range, min, max, def] of table) assert.deepEqual(range, { min, max, default: def });
    assert.equal(clampSetting(49, HOURS), 3);
    assert.equal(clampSetting(31, DAYS), 7);
  });

  it('the promo interval runs from the first position, default max(6, first)', () => {
    assert.deepEqual(promoIntervalRange(1), { min: 1, max: 100, default: 6 });
    assert.deepEqual(promoIntervalRange(10), { min: 10, max: 100, default: 10 });
    assert.equal(clampSetting(5, promoIntervalRange(10)), 10);
  });
});

describe('sortOrder', () => {
  it('accepts the four orders and falls back to newest', () => {
    for (const order of ['newest', 'oldest', 'num_likes_desc', 'num_replies_desc']) assert.equal(sortOrder(order), order);
    for (const bad of ['', 'Newest', 'random', null, 3]) assert.equal(sortOrder(bad), 'newest');
  });
});

describe('every spec range, at its edges, from numbers and attribute strings', () => {
  const ranges: Array<[string, typeof COMMENT_LIMIT, number, number, number]> = [
    ['comment limit', COMMENT_LIMIT, 1, 100, 10], ['reply limit', REPLY_LIMIT, 0, 100, 2],
    ['pagination limit', PAGINATION_LIMIT, 1, 100, 10], ['pagination reply limit', PAGINATION_REPLY_LIMIT, 1, 100, 10],
    ['first promo position', FIRST_PROMO_POSITION, 1, 100, 1], ['featured threshold', FEATURED_THRESHOLD, 0, 100, 3],
    ['count', COUNT, 1, 100, 5], ['hours', HOURS, 1, 48, 3], ['days', DAYS, 1, 30, 7],
  ];
  for (const [name, range, min, max, def] of ranges) {
    it(`${name}: ${min}–${max} (${def})`, () => {
      for (const ok of [min, max, String(min), ` ${max} `]) assert.equal(clampSetting(ok, range), Number(ok), `${name} keeps ${JSON.stringify(ok)}`);
      for (const bad of [min - 1, max + 1, String(max + 1), min + 0.5, `${min}.5`, '1e1x', 'ten', '', null, undefined, Number.NaN, Infinity, [5], true]) {
        assert.equal(clampSetting(bad, range), def, `${name} ${JSON.stringify(bad)} → default`);
      }
    });
  }

  it('promo interval: from the first position to 100, default max(6, first); a bad first position reads as 1', () => {
    assert.deepEqual(promoIntervalRange('3' as unknown as number), { min: 3, max: 100, default: 6 });
    assert.deepEqual(promoIntervalRange(8), { min: 8, max: 100, default: 8 });
    assert.deepEqual(promoIntervalRange(2.5), { min: 1, max: 100, default: 6 });
    assert.deepEqual(promoIntervalRange(500), { min: 1, max: 100, default: 6 });
    const range = promoIntervalRange(8);
    assert.equal(clampSetting('8', range), 8);
    assert.equal(clampSetting(100, range), 100);
    assert.equal(clampSetting(7, range), 8, 'below the first position');
    assert.equal(clampSetting(101, range), 8);
    assert.equal(clampSetting('9.5', range), 8);
  });
});
