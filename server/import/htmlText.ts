/**
 * An imported body as vf stores comments (docs/import.md "Bodies"): vf comments are plain text
 * (docs/api.md "Input rules"), while Disqus messages are HTML and WordPress comments are text with
 * some HTML in it. Paragraphs and line breaks become line breaks, a link keeps its text and shows
 * its address after it when that differs, an image its alt text, every other tag goes and the
 * entities are decoded. The result then goes through the comment create path's own check
 * (normaliseComment), so an imported comment is stored exactly as a posted one would be.
 */
import { MAX_COMMENT_LENGTH, normaliseComment } from '../content/normalise.ts';

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '…', mdash: '—', ndash: '–',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', copy: '©', reg: '®', trade: '™', euro: '€', middot: '·', bull: '•',
};

/** HTML character references decoded (named ones for the common entities; numeric ones all). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

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
