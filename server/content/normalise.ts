/**
 * Comment text on the way in. It is plain text (clients render it as text), so HTML is kept
 * verbatim; we only remove what no reader wants: control characters, odd line ends, runs of
 * blank lines, surrounding space.
 */
export const MAX_COMMENT_LENGTH = 10000;

export type Normalised = { ok: true; text: string } | { ok: false; message: string };

export function normaliseComment(input: string): Normalised {
  const text = input
    .replace(/\r\n?/g, '\n')
    // C0 controls except \t and \n, DEL, C1 controls.
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
    // Trailing spaces are invisible; dropping them makes whitespace-only lines blank lines.
    .replace(/[ \t]+$/gm, '')
    // At most two blank lines in a row = at most three consecutive newlines.
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
  if (text.length === 0) return { ok: false, message: 'Comment cannot be empty' };
  if (text.length > MAX_COMMENT_LENGTH) {
    return { ok: false, message: `Comment is too long (maximum ${MAX_COMMENT_LENGTH} characters)` };
  }
  return { ok: true, text };
}

/**
 * A person's name as shown (signup, profile rename, a guest's anonymous name): control
 * characters removed, every run of white space one space, trimmed. Signup and rename refuse
 * control characters in their schema (`userName`), so for them only the spacing changes.
 */
export function normaliseName(name: string): string {
  return name.replace(/[\u0000-\u001F\u007F-\u009F]/g, '').replace(/\s+/g, ' ').trim();
}
