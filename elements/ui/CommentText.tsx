/**
 * A comment's text as text: blank lines separate paragraphs, single line breaks are kept by
 * CSS (white-space: pre-line), and http(s) addresses become links (`rel="nofollow ugc noopener"`,
 * opened in a new tab). React escapes everything; nothing is parsed as HTML, and no other
 * scheme (javascript:, data:, …) is ever linked.
 */
import type { ReactNode } from 'react';
import { linkify, type TextPart } from '../../core/text/links.ts';

export { linkify, safeHref, type TextPart } from '../../core/text/links.ts';

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
