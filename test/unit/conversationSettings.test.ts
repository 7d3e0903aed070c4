import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { conversationSettings, promoPositions } from '../../elements/vf-conversations/settings.ts';

const UUID = '0b6f3c2a-1e7b-4d4c-8e9a-6f1d2e3f4a5b';

describe('<vf-conversations> settings from attributes', () => {
  it('uses the spec defaults when nothing is set', () => {
    assert.deepEqual(conversationSettings({}), {
      limit: 10, replyLimit: 2, paginationLimit: 10, paginationReplyLimit: 10, sortedBy: 'newest', startOnPicks: false,
      featuredThreshold: 3, firstPromoPosition: 1, promoInterval: 6, replyInterval: 6, deeplink: null,
    });
  });

  it('keeps valid values (attribute strings or numbers)', () => {
    const s = conversationSettings({
      limit: '25', replyLimit: 0, paginationLimit: 5, paginationReplyLimit: '3', sort: 'num_likes_desc',
      featuredTabActiveThreshold: 0, firstPromoPosition: 4, promoInterval: 4, replyInterval: '9', deeplink: ` ${UUID.toUpperCase()} `,
    });
    assert.deepEqual(
      [s.limit, s.replyLimit, s.paginationLimit, s.paginationReplyLimit, s.sortedBy, s.featuredThreshold, s.firstPromoPosition, s.promoInterval, s.replyInterval, s.deeplink],
      [25, 0, 5, 3, 'num_likes_desc', 0, 4, 4, 9, UUID],
    );
  });

  it('out-of-range, fractional or unknown values take their default', () => {
    const s = conversationSettings({
      limit: 0, replyLimit: 101, paginationLimit: 2.5, paginationReplyLimit: 'abc', sort: 'random',
      featuredTabActiveThreshold: -1, firstPromoPosition: 101, deeplink: 'not-a-uuid',
    });
    assert.deepEqual(
      [s.limit, s.replyLimit, s.paginationLimit, s.paginationReplyLimit, s.sortedBy, s.featuredThreshold, s.firstPromoPosition, s.deeplink],
      [10, 2, 10, 10, 'newest', 3, 1, null],
    );
  });

  it('promo interval ranges from the first position to 100, default the larger of 6 and the first position', () => {
    assert.equal(conversationSettings({ firstPromoPosition: 8 }).promoInterval, 8);
    assert.equal(conversationSettings({ firstPromoPosition: 8, promoInterval: 7 }).promoInterval, 8, 'below the first position');
    assert.equal(conversationSettings({ firstPromoPosition: 2, promoInterval: 100 }).promoInterval, 100);
    assert.equal(conversationSettings({ firstPromoPosition: 2 }).promoInterval, 6);
  });

  it('sort="featured" starts on the picks tab, sorted newest', () => {
    const s = conversationSettings({ sort: 'featured' });
    assert.equal(s.startOnPicks, true);
    assert.equal(s.sortedBy, 'newest');
  });

  it('promo slots go after the first position, then every interval, within the list', () => {
    assert.deepEqual(promoPositions(20, 1, 6), [1, 7, 13, 19]);
    assert.deepEqual(promoPositions(5, 2, 2), [2, 4]);
    assert.deepEqual(promoPositions(1, 2, 6), []);
  });
});
