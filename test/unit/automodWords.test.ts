/**
 * Automatic moderation's pure parts: the word matcher (server/moderation/auto/words.ts: obscenity
 * fed with a site's list, as a reader would read the words), the settings' checks (settings.ts)
 * and the links a plain text holds (core/text/links.ts, the elements' own rule).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linksIn } from '../../core/text/links.ts';
import { applyChange, defaultSettings, hostName } from '../../server/moderation/auto/settings.ts';
import { buildWordMatcher } from '../../server/moderation/auto/words.ts';

describe('word matcher', () => {
  const matcher = buildWordMatcher(['wretch', 'ass', 'fake news', 'h4x0r']);

  it('finds a listed word and says where it is', () => {
    assert.deepEqual(matcher.find('You wretch.'), { word: 'wretch', match: [4, 10] });
  });

  it('reads through case, leetspeak, look-alike letters, full-width letters and spacing', () => {
    for (const text of ['WRETCH', 'wr3tch', 'wrеtсh', 'ｗｒｅｔｃｈ', 'w r e t c h', 'w.r.e.t.c.h', 'w-r-e-t-c-h']) {
      assert.equal(matcher.find(`oh ${text} indeed`)?.word, 'wretch', text);
    }
    assert.deepEqual(matcher.find('oh w r e t c h indeed'), { word: 'wretch', match: [3, 14] });
  });

  it('matches whole words only: "class", "grass", "passage" and "wretchedness" pass', () => {
    for (const text of ['a classic', 'the grass', 'a passage', 'wretchedness']) assert.equal(matcher.find(text), null, text);
  });

  it('a word followed by punctuation is still found ("ass!" is not read as "assi")', () => {
    assert.equal(matcher.find('what an ass!')?.word, 'ass');
  });

  it('phrases match across runs of spaces; a listed word in leetspeak matches its plain form too', () => {
    assert.equal(matcher.find('more Fake   News today')?.word, 'fake news');
    assert.equal(matcher.find('a haxor was here')?.word, 'h4x0r');
    assert.equal(matcher.find('a h4x0r was here')?.word, 'h4x0r');
  });

  it('reports the first match in the text; an empty list matches nothing', () => {
    assert.equal(matcher.find('ass then wretch')?.word, 'ass');
    assert.equal(buildWordMatcher([]).find('wretch'), null);
  });
});

describe('automatic-moderation settings checks', () => {
  it('host names: ASCII form of a name as typed, nothing else', () => {
    assert.equal(hostName('Example.COM.'), 'example.com');
    assert.equal(hostName('bücher.de'), 'xn--bcher-kva.de');
    for (const bad of ['https://example.com', 'example.com/path', 'example.com:8080', 'a b.com', '', 'user@example.com']) assert.equal(hostName(bad), null, bad);
  });

  it('a scorer\'s thresholds are checked against what is stored: hold_at may not pass reject_at', () => {
    const stored = applyChange(defaultSettings(), { toxicity_scorer: { reject_at: 0.99 } });
    assert.equal(applyChange(stored, { toxicity_scorer: { hold_at: 0.97 } }).toxicity_scorer.hold_at, 0.97);
    assert.throws(() => applyChange(stored, { toxicity_scorer: { hold_at: 0.995 } }), (error: { extra?: { field?: string } }) => error.extra?.field === 'toxicity_scorer.hold_at');
  });
});

describe('links in plain text', () => {
  it('lists the http(s) links a reader could follow, as the elements link them', () => {
    assert.deepEqual(linksIn('See https://a.example/x. Or (http://b.example/y) but not javascript:alert(1) or www.c.example'), ['https://a.example/x', 'http://b.example/y']);
  });
});
