/**
 * Where plain text (comments, replies, chat messages, reviews) holds links: the http(s) addresses
 * the elements render as links (elements/ui/CommentText.tsx), and what the server's link rule
 * holds (server/moderation/auto/). One rule, so what is held is what would have been clickable.
 */

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that usually ends the sentence, not the address. */
const TRAILING = /[.,;:!?'"*_]+$/;

export type TextPart = { text: string } | { href: string; text: string };

/** The address as a link target, or null when it is not a well-formed http(s) URL. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Trims what follows an address in prose: a full stop, or a ")" it did not open. */
function trimAddress(raw: string): string {
  let text = raw.replace(TRAILING, '');
  while (text.endsWith(')') && (text.match(/\(/g)?.length ?? 0) < (text.match(/\)/g)?.length ?? 0)) {
    text = text.slice(0, -1).replace(TRAILING, '');
  }
  return text;
}

/** Splits a paragraph into plain text and links. */
export function linkify(paragraph: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(URL_PATTERN)) {
    const text = trimAddress(match[0]);
    const href = safeHref(text);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ text: paragraph.slice(last, start) });
    parts.push({ href, text });
    last = start + text.length;
  }
  if (last < paragraph.length) parts.push({ text: paragraph.slice(last) });
  return parts;
}

/** The links of a plain text, in order (their hrefs). */
export const linksIn = (text: string): string[] => linkify(text).flatMap((part) => ('href' in part ? [part.href] : []));
