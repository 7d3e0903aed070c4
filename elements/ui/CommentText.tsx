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

/** A span of the text to mark (start, end: offsets in the whole text, end excluded). */
export type TextMark = readonly [start: number, end: number];

/** A piece of text, with the part of it inside `mark` in a <mark> (`offset`: where it starts in the whole text). */
function marked(text: string, offset: number, mark: TextMark | undefined, key: number): ReactNode {
  if (!mark) return text;
  const start = Math.max(mark[0] - offset, 0);
  const end = Math.min(mark[1] - offset, text.length);
  if (start >= end) return text;
  return [text.slice(0, start), <mark key={key} part="mark">{text.slice(start, end)}</mark>, text.slice(end)];
}

function render(parts: TextPart[], offset: number, mark?: TextMark): ReactNode[] {
  let at = offset;
  return parts.map((part, i) => {
    const start = at;
    at += part.text.length;
    return 'href' in part ? (
      <a key={i} href={part.href} rel="nofollow ugc noopener" target="_blank" part="comment-link">
        {marked(part.text, start, mark, i)}
      </a>
    ) : (
      marked(part.text, start, mark, i)
    );
  });
}

/** The text's paragraphs (blank lines between them) with where each starts in the text. */
function paragraphsOf(text: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  let last = 0;
  for (const gap of text.matchAll(/\n\s*\n/g)) {
    out.push({ text: text.slice(last, gap.index), offset: last });
    last = gap.index + gap[0].length;
  }
  out.push({ text: text.slice(last), offset: last });
  return out.filter((p) => p.text.trim() !== '');
}

/** `mark`: a span to mark (a moderator's view of the word that held the text). */
export function CommentText({ text, mark }: { text: string; mark?: TextMark }) {
  return (
    <div className="vf-comment__text" part="comment-text">
      {paragraphsOf(text).map((paragraph, i) => (
        <p key={i}>{render(linkify(paragraph.text), paragraph.offset, mark)}</p>
      ))}
    </div>
  );
}
