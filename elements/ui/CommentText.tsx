/**
 * A comment's text as text: blank lines separate paragraphs, single line breaks are kept by
 * CSS (white-space: pre-line), and http(s) addresses become links (`rel="nofollow ugc noopener"`,
 * opened in a new tab). React escapes everything; nothing is parsed as HTML, and no other
 * scheme (javascript:, data:, …) is ever linked.
 */
import type { ReactNode } from 'react';
import { linkify, type TextPart } from '../../core/text/links.ts';

export { linkify, safeHref, type TextPart } from '../../core/text/links.ts';

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
