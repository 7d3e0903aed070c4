/**
 * Reads a page's own metadata and the conversations it names (docs/api.md "Pages"): a GET of its
 * address, only ever on the site's own hosts (checked again after every redirect, at most
 * MAX_REDIRECTS of them), within a time limit for the whole read, and no further than its first
 * READ_LIMITS bytes, within which its head must end. The head's tags are read with the client's
 * vocabulary (core/page/identity.ts), the conversations as the loader mounts them (pageContainers.ts).
 */
import { cleanText, readPageIdentity } from '../../core/page/identity.ts';
import { urlOnHosts } from '../../core/page/siteUrls.ts';
import type { PageMeta } from './queries.ts';
import { parseHead } from './htmlHead.ts';
import { containersOf, type PageContainers } from './pageContainers.ts';

export interface ReadLimits {
  /** The whole read, redirects included (ms). */
  timeoutMs: number;
  /** The most of the page read (what comes after is not): its head must end within them. */
  maxBytes: number;
  maxRedirects: number;
}

export const READ_LIMITS: ReadLimits = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 };

/** A read that found no metadata: the reason says why (logged). */
export class PageReadError extends Error {}

const HTML_TYPES = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;
const HEAD_END = /<\/head\s*>|<body[\s>]/i;
const PAGE_END = /<\/html\s*>/i;

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

/**
 * The page's text to its end, or its first `maxBytes` bytes when it is longer, or what came before
 * `timeout` when its head had come (the rest is not read: what it names is not seen). A page whose
 * head does not end within them is refused.
 */
async function readText(response: Response, maxBytes: number, timeout: AbortSignal): Promise<string> {
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
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        if (timeout.aborted && HEAD_END.test(text)) return text; // a slow body: the head is enough
        throw error;
      }
      const { done, value } = next;
      if (done) return text + decoder.decode();
      const chunk = value.subarray(0, maxBytes - bytes);
      bytes += chunk.byteLength;
      const searchFrom = Math.max(0, text.length - 16); // a tag split across two chunks
      text += decoder.decode(chunk, { stream: true });
      if (bytes >= maxBytes) {
        if (!HEAD_END.test(text)) throw new PageReadError(`the head does not end within ${maxBytes} bytes`);
        return text;
      }
      if (PAGE_END.test(text.slice(searchFrom))) return text;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** What a read of a page found. */
export interface PageRead {
  meta: PageMeta;
  containers: PageContainers;
}

/**
 * The metadata of the page at `url`, which must be on `hosts` (its image resolved against the
 * page, not yet checked against the site's image hosts), and the conversations it names. Throws
 * PageReadError (or the fetch's own error: a refused connection, a timeout) when there is none to read.
 */
export async function readPage(url: string, hosts: readonly string[], limits: ReadLimits = READ_LIMITS, closing?: AbortSignal): Promise<PageRead> {
  const start = urlOnHosts(url, hosts);
  if (!start) throw new PageReadError("the address is not on the site's domains");
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = closing ? AbortSignal.any([timeout, closing]) : timeout;
  const { url: address, response } = await fetchOnHosts(start, hosts, limits, signal);
  if (!response.ok || !HTML_TYPES.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw new PageReadError(`${response.status} ${response.headers.get('content-type') ?? 'without a type'}, not an HTML page`);
  }
  const html = await readText(response, limits.maxBytes, timeout);
  const identity = readPageIdentity(parseHead(html), address);
  const image = identity.image_url; // resolved against the page's address
  return {
    meta: { title: identity.title, description: identity.description, image_url: image, image_alt: image && identity.image_alt ? cleanText(identity.image_alt) : null },
    containers: containersOf(html, identity),
  };
}
