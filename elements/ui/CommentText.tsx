/**
 * A comment's text as text: blank lines separate paragraphs, single line breaks are kept by
 * CSS (white-space: pre-line), and http(s) addresses become links (`rel="nofollow ugc noopener"`,
 * opened in a new tab). React escapes everything; nothing is parsed as HTML, and no other
 * scheme (javascript:, data:, …) is ever linked.
 */
import type { ReactNode } from 'react';

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

function render(parts: TextPart[]): ReactNode[] {
  return parts.map((part, i) =>
    'href' in part ? (
      <a key={i} href={part.href} rel="nofollow ugc noopener" target="_blank" part="comment-link">
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}

export function CommentText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <div className="vf-comment__text" part="comment-text">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{render(linkify(paragraph))}</p>
      ))}
    </div>
  );
}
