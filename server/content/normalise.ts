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

/** Plain text of at most `max` characters; `noun` names it in the messages ("Comment", "Message"). */
export function normalisePlain(input: string, noun: string, max: number): Normalised {
  const text = normaliseText(input);
  if (isBlankText(text)) return { ok: false, message: `${noun} cannot be empty` };
  if (text.length > max) return { ok: false, message: `${noun} is too long (maximum ${max} characters)` };
  return { ok: true, text };
}

export const normaliseComment = (input: string): Normalised => normalisePlain(input, 'Comment', MAX_COMMENT_LENGTH);

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
