/**
 * A tolerant read of an HTML page's head for its metadata: the `<meta>` and `<link>` tags, the
 * `<title>` and `<html lang>`, as the little `Document` that core/page/identity.ts reads (so the
 * server reads a page with the client's vocabulary: `vf:*` > Open Graph > Twitter > `<title>`).
 * Comments, scripts, styles and templates are skipped; nothing is executed or fetched.
 */
import type { PageDocument } from '../../core/page/identity.ts';
import { decodeEntities } from '../../core/text/htmlEntities.ts';

type Attributes = Map<string, string>;

function parseAttributes(source: string): Attributes {
  const attributes: Attributes = new Map();
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** The head of `html` (everything before `</head>` or `<body`), without comments and raw-text elements. */
function headOf(html: string): string {
  const withoutSkipped = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
  const end = withoutSkipped.search(/<\/head\s*>|<body[\s>]/i);
  return end === -1 ? withoutSkipped : withoutSkipped.slice(0, end);
}

/** The page's head as a PageDocument for readPageIdentity. */
export function parseHead(html: string): PageDocument {
  const head = headOf(html);
  const tags: Record<'meta' | 'link', Attributes[]> = { meta: [], link: [] };
  for (const match of head.matchAll(/<(meta|link)\b([^>]*)>/gi)) tags[match[1]!.toLowerCase() as 'meta' | 'link'].push(parseAttributes(match[2]!));
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  const lang = /<html\b([^>]*)>/i.exec(head)?.[1];
  const asElement = (attributes: Attributes) => ({ getAttribute: (name: string) => attributes.get(name.toLowerCase()) ?? null });
  return {
    querySelectorAll: (selector: string) => (selector === 'meta' || selector === 'link' ? tags[selector].map(asElement) : []),
    title: title === undefined ? '' : decodeEntities(title.replace(/<[^>]*>/g, '')),
    documentElement: { lang: lang ? parseAttributes(lang).get('lang') ?? '' : '' },
  };
}
