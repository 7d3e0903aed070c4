/**
 * Reads a page's own metadata (docs/api.md "Pages"): a GET of its address, only ever on the site's
 * own hosts (checked again after every redirect, at most MAX_REDIRECTS of them), within a time
 * limit for the whole read, and no further than the end of its head within the first READ_LIMITS
 * bytes. The head's tags are read with the client's vocabulary (core/page/identity.ts).
 */
import { cleanText, readPageIdentity } from '../../core/page/identity.ts';
import { urlOnHosts } from '../../core/page/siteUrls.ts';
import type { PageMeta } from './queries.ts';
import { parseHead } from './htmlHead.ts';

export interface ReadLimits {
  /** The whole read, redirects included (ms). */
  timeoutMs: number;
  /** The most of the page read: its head must end within them. */
  maxBytes: number;
  maxRedirects: number;
}

export const READ_LIMITS: ReadLimits = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 };

/** A read that found no metadata: the reason says why (logged). */
export class PageReadError extends Error {}

const HTML_TYPES = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;
const HEAD_END = /<\/head\s*>|<body[\s>]/i;

/** Fetches `url` (on `hosts`), following redirects that stay on them; the final address and its response. */
async function fetchOnHosts(url: string, hosts: readonly string[], limits: ReadLimits, signal: AbortSignal): Promise<{ url: string; response: Response }> {
  let address = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(address, { redirect: 'manual', signal, headers: { accept: 'text/html,application/xhtml+xml', 'user-agent': 'vf-page-reader/1' } });
    if (response.status < 300 || response.status > 399) return { url: address, response };
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) throw new PageReadError(`a ${response.status} without a Location`);
    if (hop >= limits.maxRedirects) throw new PageReadError(`more than ${limits.maxRedirects} redirects`);
    const next = urlOnHosts(new URL(location, address).href, hosts);
    if (!next) throw new PageReadError(`a redirect off the site's domains (${location})`);
    address = next;
  }
}

/** The page's text up to the end of its head, at most `maxBytes` bytes of it. */
async function readHead(response: Response, maxBytes: number): Promise<string> {
  const charset = /charset="?([\w-]+)/i.exec(response.headers.get('content-type') ?? '')?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  const reader = response.body!.getReader();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      bytes += value.byteLength;
      if (bytes > maxBytes) throw new PageReadError(`the head does not end within ${maxBytes} bytes`);
      const searchFrom = Math.max(0, text.length - 16); // a tag split across two chunks
      text += decoder.decode(value, { stream: true });
      if (HEAD_END.test(text.slice(searchFrom))) return text;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * The metadata of the page at `url`, which must be on `hosts` (its image resolved against the
 * page, not yet checked against the site's image hosts). Throws PageReadError (or the fetch's
 * own error: a refused connection, a timeout) when there is none to read.
 */
export async function readPageMeta(url: string, hosts: readonly string[], limits: ReadLimits = READ_LIMITS, closing?: AbortSignal): Promise<PageMeta> {
  const start = urlOnHosts(url, hosts);
  if (!start) throw new PageReadError("the address is not on the site's domains");
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = closing ? AbortSignal.any([timeout, closing]) : timeout;
  const { url: address, response } = await fetchOnHosts(start, hosts, limits, signal);
  if (!response.ok || !HTML_TYPES.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw new PageReadError(`${response.status} ${response.headers.get('content-type') ?? 'without a type'}, not an HTML page`);
  }
  const identity = readPageIdentity(parseHead(await readHead(response, limits.maxBytes)), address);
  let image: string | null = null;
  try {
    image = identity.image_url ? new URL(identity.image_url, address).href : null;
  } catch {
    image = null;
  }
  return { title: identity.title, description: identity.description, image_url: image, image_alt: image && identity.image_alt ? cleanText(identity.image_alt) : null };
}
