import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  COMMENT_LIMIT, COUNT, DAYS, FEATURED_THRESHOLD, FIRST_PROMO_POSITION, HOURS, PAGINATION_LIMIT,
  PAGINATION_REPLY_LIMIT, REPLY_LIMIT, THUMBNAIL_POSITIONS, TRENDING_SORTS, TRENDING_VIEWS, allowedValue, clampSetting,
  daysPublished, promoIntervalRange, sortOrder, trackingMedium,
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

describe('<vf-trending-articles> settings (content.md §5 "trending props")', () => {
  it('days published: 1–30, default 7, and "all" means 30', () => {
    assert.equal(daysPublished('12'), 12);
    assert.equal(daysPublished('all'), 30);
    assert.equal(daysPublished(' ALL '), 30);
    for (const bad of ['0', '31', 'week', '', undefined, '2.5']) assert.equal(daysPublished(bad), 7, String(bad));
  });

  it('sort, view and thumbnail position take an allowed value, else their default', () => {
    assert.equal(allowedValue('newest', TRENDING_SORTS), 'newest');
    assert.equal(allowedValue('oldest', TRENDING_SORTS), 'trending');
    assert.equal(allowedValue(' Grid ', TRENDING_VIEWS), 'grid');
    assert.equal(allowedValue('carousel', TRENDING_VIEWS), 'carousel');
    assert.equal(allowedValue('tiles', TRENDING_VIEWS), 'list');
    assert.equal(allowedValue(undefined, TRENDING_VIEWS), 'list');
    assert.equal(allowedValue('top', THUMBNAIL_POSITIONS), 'top');
    assert.equal(allowedValue('middle', THUMBNAIL_POSITIONS), 'left');
  });

  it('tracking medium: one of the spec\'s mediums, else the default of the mode', () => {
    assert.equal(trackingMedium('tray_top_pages', false), 'tray_top_pages');
    assert.equal(trackingMedium('somewhere', false), 'standalone_top_pages');
    assert.equal(trackingMedium(undefined, true), 'standalone_content_recirculation_with_ads');
    assert.equal(trackingMedium('standalone_top_pages_condensed', true), 'standalone_top_pages_condensed');
  });
});
