/**
 * Text that shows nothing (docs/api.md "Input rules"). Pure: shared by the server's checks and
 * the widgets' form validation so both refuse the same names and comments.
 *
 * `trim()` and `\s` only know white space; a name of U+200B (zero-width space), U+202E (a bidi
 * override) or U+3164 (Hangul filler) looks just as empty. So a character counts as blank when it
 * is white space, a control or format character (Cc, Cf: zero-width and bidi controls, the soft
 * hyphen), or default-ignorable (combining grapheme joiner, variation selectors, tag characters).
 * The braille blank U+2800 is a symbol to Unicode but draws nothing; the Hangul fillers are not
 * default-ignorable in every Unicode version (so not in every browser's engine), so they are named.
 */
const BLANK_TEXT = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u115F\u1160\u3164\uFFA0]*$/u;

/** True when `text` is empty or made only of characters that show nothing. */
export function isBlankText(text: string): boolean {
  return BLANK_TEXT.test(text);
}
