import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createVfIntl, resolveLanguage } from '../../core/i18n/index.ts';

describe('i18n runtime', () => {
  it('formats ICU messages', () => {
    const intl = createVfIntl('en-us', { count: '{n, plural, one {# comment} other {# comments}}' });
    assert.equal(intl.formatMessage({ id: 'count' }, { n: 2 }), '2 comments');
  });

  it("a missing message renders 'Translation not found' and warns", () => {
    const warn = mock.method(console, 'warn', () => {});
    try {
      const intl = createVfIntl('en-us', {});
      assert.equal(intl.formatMessage({ id: 'nope' }), 'Translation not found');
      assert.equal(warn.mock.callCount(), 1);
    } finally {
      warn.mock.restore();
    }
  });

  it('an unsupported language falls back to en-us', () => {
    assert.equal(resolveLanguage('xx-yy', ['base']), 'en-us');
    assert.equal(resolveLanguage('EN-US', ['base']), 'en-us');
  });
});
