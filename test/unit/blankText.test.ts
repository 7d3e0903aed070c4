import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBlankText } from '../../core/text/blankText.ts';
import { validateLogin } from '../../elements/ui/loginValidation.ts';
import { hasLoneSurrogate, normaliseComment, normaliseName, wellFormed } from '../../server/content/normalise.ts';

const hex = (text: string) => [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).join(' ');

describe('isBlankText', () => {
  it('sees white space, format, default-ignorable and blank-drawing characters as blank', () => {
    const blanks = [
      '', ' ', '\t\n\r', '\u00A0', '\u3000', '\u2028', // white space
      '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u180E', // zero-width, soft hyphen
      '\u202E', '\u2066', '\u200F', // bidi controls
      '\u034F', '\uFE0F', '\u{E0020}', '\u{E0001}', // combining grapheme joiner, variation selector, tags
      '\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0', // braille blank, Hangul fillers
      '\u0000\u0007', // controls
    ];
    for (const text of blanks) assert.equal(isBlankText(text), true, hex(text));
    assert.equal(isBlankText(blanks.join('')), true, 'any mix of them');
  });

  it('sees anything visible as text, invisible characters around it or not', () => {
    for (const text of ['a', '.', '한', '👩\u200D💻', '\u200BAda\u200B', '\u202Bשלום\u202C', '\u0301', '\uFFFD']) {
      assert.equal(isBlankText(text), false, hex(text));
    }
  });
});

describe('well-formed text', () => {
  it('finds lone surrogates, not pairs, and replaces them with U+FFFD', () => {
    for (const text of ['\uD800', 'a\uDC00', '\uDBFF\uDBFF\uDFFF', '\uDE00x']) assert.equal(hasLoneSurrogate(text), true, hex(text));
    for (const text of ['', 'plain', '😀', '\uD83D\uDE00\uD83D\uDE00']) assert.equal(hasLoneSurrogate(text), false, hex(text));
    assert.equal(wellFormed('a\uD800b\uDC00c😀'), 'a\uFFFDb\uFFFDc😀');
  });

  it('comments and names come out of the normalisers well-formed', () => {
    assert.deepEqual(normaliseComment('hi \uD800'), { ok: true, text: 'hi \uFFFD' });
    assert.equal(normaliseName('Kim\uDFFF'), 'Kim\uFFFD');
  });
});

describe('blank names and comments', () => {
  it('normaliseComment calls blank text empty; normaliseName gives "" for a blank name', () => {
    for (const blank of ['\u200B', '\u2800 \u3164', '\u202E\n\u2066']) {
      assert.deepEqual(normaliseComment(blank), { ok: false, message: 'Comment cannot be empty' }, hex(blank));
      assert.equal(normaliseName(blank), '', hex(blank));
    }
    assert.equal(normaliseName(' Ada \u200B  Lovelace '), 'Ada \u200B Lovelace');
  });

  it('the sign-up form asks for a name when the name shows nothing', () => {
    const values = { email: 'a@example.test', password: 'password-1' };
    for (const name of ['\u200B', '\u3164', ' \u2800 ']) {
      assert.equal(validateLogin('signup', { ...values, name }).name, 'base.login.error.nameRequired', hex(name));
    }
    assert.equal(validateLogin('signup', { ...values, name: 'Ada' }).name, undefined);
  });
});
