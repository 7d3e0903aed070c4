/**
 * An imported body as vf stores comments (docs/import.md "Bodies"): vf comments are plain text
 * (docs/api.md "Input rules"), while Disqus messages are HTML and WordPress comments are text with
 * some HTML in it. Paragraphs and line breaks become line breaks, a link keeps its text and shows
 * its address after it when that differs, an image its alt text, every other tag goes and the
 * entities are decoded. The result then goes through the comment create path's own check
 * (normaliseComment), so an imported comment is stored exactly as a posted one would be.
 */
import { decodeEntities } from '../../core/text/htmlEntities.ts';
import { MAX_COMMENT_LENGTH, normaliseComment } from '../content/normalise.ts';

const attribute = (tag: string, name: string): string => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return decodeEntities(match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
};

/** The plain text of an imported body (before normalising). */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[^]*?-->/g, '')
    .replace(/<(script|style)\b[^]*?<\/\1\s*>/gi, '')
    .replace(/<a\b([^>]*)>([^]*?)<\/a\s*>/gi, (_whole, tag: string, inner: string) => {
      const label = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim();
      const href = attribute(tag, 'href');
      if (!href || !/^(https?:|mailto:)/i.test(href) || href === label) return label || href;
      return label ? `${label} (${href})` : href;
    })
    .replace(/<img\b[^>]*>/gi, (tag) => attribute(tag, 'alt'))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|blockquote|pre|ul|ol|h[1-6])\b[^>]*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\u00a0/g, ' ').replace(/\n[ \t]+/g, '\n').replace(/\n{3,}/g, '\n\n');
}

export type ImportedBody = { text: string; shortened: boolean } | null;

/**
 * The body to store: null when nothing readable is left (the importer stores it as deleted). A
 * body over the comment limit is cut at it rather than lost (counted as shortened).
 */
export function importedBody(html: string): ImportedBody {
  const text = htmlToText(html);
  const checked = normaliseComment(text);
  if (checked.ok) return { text: checked.text, shortened: false };
  if (text.length <= MAX_COMMENT_LENGTH) return null; // blank
  const cut = normaliseComment(`${text.slice(0, MAX_COMMENT_LENGTH - 1)}…`);
  return cut.ok ? { text: cut.text, shortened: true } : null;
}
