/**
 * Text on the way in. Comments are plain text (clients render them as text), so HTML is kept
 * verbatim; the normalising itself is core/text/normalise.ts (shared with the live blog's rich
 * text). Text that shows nothing is empty (core/text/blankText.ts).
 */
import { isBlankText } from '../../core/text/blankText.ts';
import { normaliseText, wellFormed } from '../../core/text/normalise.ts';

export { hasLoneSurrogate, wellFormed } from '../../core/text/normalise.ts';

export const MAX_COMMENT_LENGTH = 10000;

export type Normalised = { ok: true; text: string } | { ok: false; message: string };

export function normaliseComment(input: string): Normalised {
  const text = normaliseText(input);
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
