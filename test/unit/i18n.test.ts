import { describe, it, mock, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  createVfIntl, directionOf, loadMessages, localeOf, matchLanguage, normalizeLanguage, pageLanguage, resolveLanguage,
} from '../../core/i18n/index.ts';
import { BUNDLE_LOADERS } from '../../core/i18n/loaders.ts';

type Global = { vfConfig?: unknown };

afterEach(() => {
  delete (globalThis as Global).vfConfig;
});

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
    assert.equal(resolveLanguage('de', ['base']), 'de-de');
  });
});

describe('languages and aliases', () => {
  it('knows the 12 languages by their own codes, any case, with _ or -', () => {
    for (const lang of ['en-us', 'es-es', 'fr-fr', 'fr-ca', 'fi-fi', 'nl-nl', 'ar-ar', 'sr-sr', 'da-da', 'it-it', 'pt-br', 'de-de']) {
      assert.equal(matchLanguage(lang), lang);
      assert.equal(matchLanguage(lang.toUpperCase().replace('-', '_')), lang);
    }
  });

  it("maps the locale map's short forms", () => {
    const short: Record<string, string> = {
      ar: 'ar-ar', da: 'da-da', de: 'de-de', 'en-us': 'en-us', es: 'es-es', fi: 'fi-fi', 'fr-ca': 'fr-ca',
      'fr-fr': 'fr-fr', it: 'it-it', nl: 'nl-nl', 'pt-br': 'pt-br', sr: 'sr-sr',
    };
    for (const [tag, lang] of Object.entries(short)) assert.equal(matchLanguage(tag), lang, tag);
  });

  it('maps common page tags to the closest language', () => {
    const cases: Record<string, string> = {
      en: 'en-us', 'en-GB': 'en-us', en_AU: 'en-us', fr: 'fr-fr', 'fr-BE': 'fr-fr', 'fr-CA': 'fr-ca', pt: 'pt-br',
      'pt-PT': 'pt-br', 'pt-BR': 'pt-br', 'de-AT': 'de-de', 'de-CH': 'de-de', 'es-MX': 'es-es', 'ar-EG': 'ar-ar',
      'sr-Latn': 'sr-sr', 'sr-Latn-RS': 'sr-sr', 'nl-BE': 'nl-nl', 'da-DK': 'da-da', 'fi-FI': 'fi-fi', 'it-CH': 'it-it',
      ' DE ': 'de-de',
    };
    for (const [tag, lang] of Object.entries(cases)) assert.equal(matchLanguage(tag), lang, tag);
  });

  it('an unsupported or empty tag is not matched and normalizes to en-us', () => {
    for (const tag of ['xx', 'ja-JP', 'zh', '', '  ', null, undefined]) {
      assert.equal(matchLanguage(tag), null, String(tag));
      assert.equal(normalizeLanguage(tag), 'en-us');
    }
  });

  it('window.vfConfig.language overrides the page language', () => {
    assert.equal(pageLanguage('de-de'), 'de-de');
    (globalThis as Global).vfConfig = { language: 'fr_CA' };
    assert.equal(pageLanguage('de-de'), 'fr-ca');
  });

  it('an unsupported override warns and gives en-us', () => {
    const warn = mock.method(console, 'warn', () => {});
    try {
      (globalThis as Global).vfConfig = { language: 'klingon' };
      assert.equal(pageLanguage('de-de'), 'en-us');
      assert.equal(warn.mock.callCount(), 1);
    } finally {
      warn.mock.restore();
    }
  });

  it('gives the BCP 47 locale and the direction', () => {
    assert.equal(localeOf('sr-sr'), 'sr-Latn');
    assert.equal(localeOf('ar-ar'), 'ar');
    assert.equal(localeOf('pt'), 'pt-BR');
    assert.equal(localeOf('xx'), 'en-US');
    assert.equal(directionOf('ar-ar'), 'rtl');
    assert.equal(directionOf('ar'), 'rtl');
    assert.equal(directionOf('de-de'), 'ltr');
  });
});

describe('loading bundles', () => {
  it('loads a language by alias and formats with its plural rules', async () => {
    const messages = await loadMessages('de-AT', ['base', 'conversations']);
    const intl = createVfIntl('de-AT', messages);
    assert.equal(intl.formatMessage({ id: 'conversations.loadMore' }), 'Weitere Kommentare laden');
    assert.equal(intl.formatMessage({ id: 'base.count.comments' }, { count: 1 }), '1 Kommentar');
    assert.equal(intl.locale, 'de-DE');
  });

  it('an unsupported language loads en-us', async () => {
    const intl = createVfIntl('xx', await loadMessages('xx', ['conversations']));
    assert.equal(intl.formatMessage({ id: 'conversations.loadMore' }), 'Load more comments');
  });

  it('Arabic uses its six plural forms', async () => {
    const intl = createVfIntl('ar-ar', await loadMessages('ar-ar', ['base']));
    const count = (n: number) => intl.formatMessage({ id: 'base.count.comments' }, { count: n }) as string;
    assert.equal(count(0), 'لا تعليقات');
    assert.equal(count(1), 'تعليق واحد');
    assert.equal(count(2), 'تعليقان');
    assert.match(count(3), /تعليقات$/);
    assert.match(count(11), /تعليقًا$/);
    assert.match(count(100), /تعليق$/);
  });

  it('Serbian uses one/few/other', async () => {
    const intl = createVfIntl('sr', await loadMessages('sr', ['polls']));
    const votes = (n: number) => intl.formatMessage({ id: 'polls.votes' }, { count: n });
    assert.equal(votes(1), '1 glas');
    assert.equal(votes(3), '3 glasa');
    assert.equal(votes(5), '5 glasova');
    assert.equal(votes(21), '21 glas');
  });

  it('a key missing in a language shows the en-us text; debug mode warns once', async () => {
    const original = BUNDLE_LOADERS['de-de/quote']!;
    BUNDLE_LOADERS['de-de/quote'] = async () => ({ default: { 'quote.region': 'Zitat' } });
    const warn = mock.method(console, 'warn', () => {});
    try {
      const messages = await loadMessages('de-de', ['quote']);
      const quiet = createVfIntl('de-de', messages);
      assert.equal(quiet.formatMessage({ id: 'quote.region' }), 'Zitat');
      assert.equal(quiet.formatMessage({ id: 'quote.share' }), 'Share this quote');
      assert.equal(warn.mock.callCount(), 0, 'no warning outside debug mode');

      (globalThis as Global).vfConfig = { debug: true };
      const debug = createVfIntl('de-de', messages);
      debug.formatMessage({ id: 'quote.share' });
      debug.formatMessage({ id: 'quote.share' });
      assert.equal(warn.mock.callCount(), 1);
      assert.match(String(warn.mock.calls[0]!.arguments[0]), /quote\.share.*not translated/);
    } finally {
      BUNDLE_LOADERS['de-de/quote'] = original;
      warn.mock.restore();
    }
  });

  it('a built bundle (with its fallbacks list) never loads en-us', async () => {
    const originalDe = BUNDLE_LOADERS['de-de/quote']!;
    const originalEn = BUNDLE_LOADERS['en-us/quote']!;
    let enLoads = 0;
    BUNDLE_LOADERS['de-de/quote'] = async () => ({
      default: { 'quote.region': 'Zitat', 'quote.share': 'Share this quote' },
      fallbacks: ['quote.share'],
    });
    BUNDLE_LOADERS['en-us/quote'] = async () => {
      enLoads++;
      return originalEn();
    };
    try {
      const messages = await loadMessages('de-de', ['quote']);
      assert.equal(enLoads, 0);
      assert.deepEqual(Object.keys(messages).sort(), ['quote.region', 'quote.share']);
    } finally {
      BUNDLE_LOADERS['de-de/quote'] = originalDe;
      BUNDLE_LOADERS['en-us/quote'] = originalEn;
    }
  });
});
