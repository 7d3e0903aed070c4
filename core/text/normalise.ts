/**
 * Text on the way in (docs/api.md "Input rules"), pure so the server's comment check
 * (server/content/normalise.ts) and the live blog's rich-text check (core/text/richText.ts)
 * normalise the same way. Markup is kept verbatim; we only remove what no reader wants:
 * control characters, odd line ends, runs of blank lines, surrounding space.
 */

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** True when `text` is not well-formed Unicode (the request validator refuses it: server/validation.ts). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Lone surrogates replaced by U+FFFD (`String.prototype.toWellFormed`, which Node 20 lacks). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD');
}

/** Posted text as stored: well-formed, \n line ends, no controls, no trailing spaces, ≤ 2 blank lines in a row, trimmed. */
export function normaliseText(input: string): string {
  return wellFormed(input)
    .replace(/\r\n?/g, '\n')
    // C0 controls except \t and \n, DEL, C1 controls.
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
    // Trailing spaces are invisible; dropping them makes whitespace-only lines blank lines.
    .replace(/[ \t]+$/gm, '')
    // At most two blank lines in a row = at most three consecutive newlines.
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}
