/**
 * A tolerant read of an HTML page's head for its metadata: the `<meta>` and `<link>` tags, the
 * `<title>` and `<html lang>`, as the little `Document` that core/page/identity.ts reads (so the
 * server reads a page with the client's vocabulary: `vf:*` > Open Graph > Twitter > `<title>`).
 * Comments, scripts, styles and templates are skipped; nothing is executed or fetched.
 */
import type { PageDocument } from '../../core/page/identity.ts';
import { decodeEntities } from '../../core/text/htmlEntities.ts';

export type Attributes = Map<string, string>;

/** A start tag's attributes (names lower-cased, the first of a repeated name kept, entities decoded). */
export function parseAttributes(source: string): Attributes {
  const attributes: Attributes = new Map();
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/**
 * `html` without comments and raw-text elements (scripts, styles, templates, noscript): what is not
 * markup. A start tag ends at the next `<` too (`[^<>]`), so a page of unclosed `<script` tags is
 * read in one pass, not once per tag (the read takes up to 1 MB of the page).
 */
export function withoutSkipped(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|template|noscript)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
}

/** The head of `html` (everything before `</head>` or `<body`), without comments and raw-text elements. */
function headOf(html: string): string {
  const markup = withoutSkipped(html);
  const end = markup.search(/<\/head\s*>|<body[\s>]/i);
  return end === -1 ? markup : markup.slice(0, end);
}

/** The page's head as a PageDocument for readPageIdentity. */
export function parseHead(html: string): PageDocument {
  const head = headOf(html);
  const tags: Record<'meta' | 'link', Attributes[]> = { meta: [], link: [] };
  // Tags end at the next `<` too (`[^<>]`), and the title's end is looked for once: each pattern
  // reads the head in one pass, however many unclosed tags a page has.
  for (const match of head.matchAll(/<(meta|link)\b([^<>]*)>/gi)) tags[match[1]!.toLowerCase() as 'meta' | 'link'].push(parseAttributes(match[2]!));
  const open = /<title\b[^<>]*>/i.exec(head);
  const rest = open ? head.slice(open.index + open[0].length) : '';
  const end = rest.search(/<\/title\s*>/i);
  const title = open && end !== -1 ? rest.slice(0, end) : undefined;
  const lang = /<html\b([^<>]*)>/i.exec(head)?.[1];
  const asElement = (attributes: Attributes) => ({ getAttribute: (name: string) => attributes.get(name.toLowerCase()) ?? null });
  return {
    querySelectorAll: (selector: string) => (selector === 'meta' || selector === 'link' ? tags[selector].map(asElement) : []),
    title: title === undefined ? '' : decodeEntities(title.replace(/<[^<>]*>/g, '')),
    documentElement: { lang: lang ? parseAttributes(lang).get('lang') ?? '' : '' },
  };
}
