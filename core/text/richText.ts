/**
 * A live-blog post's rich text (docs/api.md "Rich text (live-blog posts)"): a small, line-based
 * markup parsed into blocks, shared by the server (checkRichText validates what is posted) and
 * the element (renders the blocks as React elements, never as HTML). Pure, no DOM.
 *
 * Lines, in a run of non-blank lines: `![alt](media:{uuid})` alone is an image; a link alone to
 * a video or a social network post is a card; `- ` / `1. ` lines make lists, `> ` lines a quote;
 * other lines make a paragraph (one line break each). Inline, within one line: `**bold**`,
 * `*italic*` (nested either way) and `[text](http(s) url)`. Markup that does not close, and
 * links of any other scheme, stay text as typed.
 */
import { isBlankText } from './blankText.ts';
import { normaliseText } from './normalise.ts';

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'bold'; children: Inline[] }
  | { type: 'italic'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };
export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'image'; media_uuid: string; alt: string }
  | { type: 'card'; href: string; host: string; kind: 'video' | 'social' };

export type RichTextCheck = { ok: true; text: string; media_uuids: string[] } | { ok: false; message: string };

export const MAX_POST_LENGTH = 20000;

const IMAGE_LINE = /^!\[([^\]\n]*)\]\(media:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)$/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^\d{1,9}\. (.*)$/;
const QUOTE = /^>(?: (.*))?$/;
const BRACKET = /[[\]]/g;

/** Hosts whose links show as cards (a host or any of its subdomains). */
const CARD_HOSTS: Record<string, 'video' | 'social'> = {
  'youtube.com': 'video',
  'youtu.be': 'video',
  'vimeo.com': 'video',
  'x.com': 'social',
  'twitter.com': 'social',
  'instagram.com': 'social',
  'facebook.com': 'social',
  'tiktok.com': 'social',
  'bsky.app': 'social',
};
/** Mastodon and its kin: `https://{any host}/@user/123` (a remote account may add `@its.host`). */
const FEDIVERSE_POST = /^\/@[\w.-]+(?:@[\w.-]+)?\/\d+\/?$/;

/** The URL when `raw` is an http or https link with a host, else null. */
function webUrl(raw: string): URL | null {
  if (!/^https?:\/\/[^\s]+$/i.test(raw)) return null;
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

function cardOf(href: string): Block | null {
  const url = webUrl(href);
  if (!url) return null;
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  const host = hostname.replace(/^www\./, '');
  // A link to a site's home page is no post or video.
  if (url.pathname.length <= 1 && !url.search) return null;
  for (const [domain, kind] of Object.entries(CARD_HOSTS)) {
    if (hostname === domain || hostname.endsWith(`.${domain}`)) return { type: 'card', href, host, kind };
  }
  return FEDIVERSE_POST.test(url.pathname) ? { type: 'card', href, host, kind: 'social' } : null;
}

/**
 * A link starting at `start` (a `[`): its text, href and end, or null when it is not a complete
 * `[text](http(s) url)`. The url runs to the `)` that balances its own parentheses.
 */
function linkAt(line: string, start: number): { text: string; href: string; end: number } | null {
  // Every scan stops at the next bracket, so a line of many `[` is still read in linear time.
  BRACKET.lastIndex = start + 1;
  const close = BRACKET.exec(line)?.index ?? -1;
  if (close < 0 || line[close] !== ']' || line[close + 1] !== '(') return null;
  const text = line.slice(start + 1, close);
  if (isBlankText(text)) return null;
  let depth = 0;
  for (let i = close + 2; i < line.length; i++) {
    const c = line[i]!;
    if (c === '[' || c === ']' || /\s/.test(c)) return null;
    if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) {
      const href = line.slice(close + 2, i);
      return webUrl(href) ? { text, href, end: i + 1 } : null;
    }
  }
  return null;
}

type Delimiter = { delimiter: '*' | '**' };
type Piece = Inline | Delimiter;

const isDelimiter = (piece: Piece): piece is Delimiter => 'delimiter' in piece;
const asInline = (piece: Piece): Inline => (isDelimiter(piece) ? { type: 'text', text: piece.delimiter } : piece);

/** Adjacent text nodes joined into one. */
function merged(pieces: Piece[]): Inline[] {
  const out: Inline[] = [];
  for (const node of pieces.map(asInline)) {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + node.text };
    else out.push(node);
  }
  return out;
}

/**
 * One line's inline markup. Asterisk runs become delimiters (a run that touches text on its
 * right may open, on its left may close); a closer pairs with the nearest open delimiter of its
 * kind, and openers left between them, or never closed, are text: linear in the line's length.
 */
function parseInline(line: string, links = true): Inline[] {
  const pieces: Piece[] = [];
  const open: number[] = []; // indexes in `pieces` of delimiters that may still open
  let text = '';
  const flush = () => {
    if (text) pieces.push({ type: 'text', text });
    text = '';
  };
  const close = (delimiter: '*' | '**'): boolean => {
    for (let k = open.length - 1; k >= 0; k--) {
      const at = open[k]!;
      if ((pieces[at] as Delimiter).delimiter !== delimiter) continue;
      const children = merged(pieces.splice(at + 1));
      if (children.length === 0) return false;
      pieces[at] = { type: delimiter === '**' ? 'bold' : 'italic', children };
      open.length = k;
      return true;
    }
    return false;
  };
  const delimiter = (kind: '*' | '**', canOpen: boolean, canClose: boolean) => {
    if (canClose && close(kind)) return;
    if (canOpen) open.push(pieces.length);
    pieces.push({ delimiter: kind });
  };

  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '[' && links) {
      const link = linkAt(line, i);
      if (link) {
        flush();
        pieces.push({ type: 'link', href: link.href, children: parseInline(link.text, false) });
        i = link.end;
        continue;
      }
    }
    if (c !== '*') {
      text += c;
      i++;
      continue;
    }
    let run = 1;
    while (line[i + run] === '*') run++;
    const before = line[i - 1];
    const after = line[i + run];
    const canOpen = after !== undefined && !/\s/.test(after);
    const canClose = before !== undefined && !/\s/.test(before);
    i += run;
    if (run > 3) {
      text += '*'.repeat(run);
      continue;
    }
    flush();
    if (run < 3) delimiter(run === 2 ? '**' : '*', canOpen, canClose);
    else {
      // `***`: italic around bold when it opens, bold then italic when it closes.
      const closing = canClose && (!canOpen || open.length > 0);
      for (const kind of closing ? (['**', '*'] as const) : (['*', '**'] as const)) delimiter(kind, canOpen, canClose);
    }
  }
  flush();
  return merged(pieces);
}

/** Lines joined by line breaks. */
function inlineLines(lines: string[]): Inline[] {
  return lines.flatMap((line, i) => (i === 0 ? parseInline(line) : [{ type: 'break' } as const, ...parseInline(line)]));
}

/** A line that is only a link (bare, or `[text](url)`) to a video or a social network post. */
function cardLine(line: string): Block | null {
  if (line.startsWith('[')) {
    const link = linkAt(line, 0);
    return link && link.end === line.length ? cardOf(link.href) : null;
  }
  return cardOf(line);
}

type LineKind =
  | { kind: 'block'; block: Block }
  | { kind: 'bullet' | 'numbered' | 'quote' | 'text'; text: string };

function classify(line: string): LineKind {
  const trimmed = line.trim();
  const image = IMAGE_LINE.exec(trimmed);
  if (image) return { kind: 'block', block: { type: 'image', media_uuid: image[2]!.toLowerCase(), alt: image[1]!.trim() } };
  const card = cardLine(trimmed);
  if (card) return { kind: 'block', block: card };
  let match = BULLET.exec(line);
  if (match) return { kind: 'bullet', text: match[1]! };
  match = NUMBERED.exec(line);
  if (match) return { kind: 'numbered', text: match[1]! };
  match = QUOTE.exec(line);
  if (match) return { kind: 'quote', text: match[1] ?? '' };
  return { kind: 'text', text: line };
}

export function parseRichText(text: string): Block[] {
  const blocks: Block[] = [];
  // The run of lines of one kind being gathered: a paragraph's, a list's or a quote's.
  let kind: 'bullet' | 'numbered' | 'quote' | 'text' | null = null;
  let lines: string[] = [];
  const end = () => {
    if (kind === 'text') blocks.push({ type: 'paragraph', children: inlineLines(lines) });
    else if (kind === 'quote') blocks.push({ type: 'quote', children: inlineLines(lines) });
    else if (kind) blocks.push({ type: 'list', ordered: kind === 'numbered', items: lines.map((line) => parseInline(line)) });
    kind = null;
    lines = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      end();
      continue;
    }
    const it = classify(line);
    if (it.kind === 'block') {
      end();
      blocks.push(it.block);
      continue;
    }
    if (it.kind !== kind) end();
    kind = it.kind;
    lines.push(it.text);
  }
  end();
  return blocks;
}

/**
 * The server's check of a post's text: normalised as comments are (core/text/normalise.ts), not
 * blank, at most `maxLength` characters; `media_uuids` are the images it shows, once each, in order.
 */
export function checkRichText(text: string, maxLength = MAX_POST_LENGTH): RichTextCheck {
  const clean = normaliseText(text);
  if (isBlankText(clean)) return { ok: false, message: 'Post cannot be empty' };
  if (clean.length > maxLength) return { ok: false, message: `Post is too long (maximum ${maxLength} characters)` };
  const uuids = parseRichText(clean).flatMap((block) => (block.type === 'image' ? [block.media_uuid] : []));
  return { ok: true, text: clean, media_uuids: [...new Set(uuids)] };
}
