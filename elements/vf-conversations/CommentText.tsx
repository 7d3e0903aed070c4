/**
 * A comment's text as text: blank lines separate paragraphs, single line breaks are kept by
 * CSS (white-space: pre-line). React escapes everything; nothing is parsed as HTML.
 */
export function CommentText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <div className="vf-comment__text" part="comment-text">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
