/**
 * Text on the way in. Comments are plain text (clients render them as text), so HTML is kept
 * verbatim; we only remove what no reader wants: control characters, odd line ends, runs of
 * blank lines, surrounding space. Text that shows nothing is empty (core/text/blankText.ts).
 */
import { isBlankText } from '../../core/text/blankText.ts';

export const MAX_COMMENT_LENGTH = 10000;

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

export type Normalised = { ok: true; text: string } | { ok: false; message: string };

export function normaliseComment(input: string): Normalised {
  const text = wellFormed(input)
    .replace(/\r\n?/g, '\n')
    // C0 controls except \t and \n, DEL, C1 controls.
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
    // Trailing spaces are invisible; dropping them makes whitespace-only lines blank lines.
    .replace(/[ \t]+$/gm, '')
    // At most two blank lines in a row = at most three consecutive newlines.
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
  if (isBlankText(text)) return { ok: false, message: 'Comment cannot be empty' };
  if (text.length > MAX_COMMENT_LENGTH) {
    return { ok: false, message: `Comment is too long (maximum ${MAX_COMMENT_LENGTH} characters)` };
  }
  return { ok: true, text };
}

/**
 * A person's name as shown (signup, profile rename, a guest's anonymous name, a login
 * provider's claims): control characters removed, every run of white space one space, trimmed;
 * '' when what is left shows nothing. Signup and rename refuse control characters in their
 * schema (`userName`), so for them only the spacing changes.
 */
export function normaliseName(name: string): string {
  const clean = wellFormed(name).replace(/[\u0000-\u001F\u007F-\u009F]/g, '').replace(/\s+/g, ' ').trim();
  return isBlankText(clean) ? '' : clean;
}
