/**
 * Page identity (spec §2 Page identity): who this page is, read from the host page's meta tags.
 * Pure over the document-like object it is given, so the loader, core and node tests share it.
 * Precedence for each field: `vf:*` > `og:*` > `twitter:*` > plain `<title>` / `description`.
 * A relative address (the page's url or picture) is resolved against the page's own.
 */

import { REFERRER_PARAMS } from '../analytics/referrerParams.ts';
import { isUuid } from '../ids/index.ts';
import { parseOwnerIds } from './owners.ts';

export type PageType = 'article' | 'section' | 'video' | 'profile' | 'product';

/** Fields marked optional are always set by readPageIdentity (older callers may omit them). */
export interface PageIdentity {
  container_id: string | null;
  title: string;
  description: string;
  url: string;
  domain: string;
  section: string | null;
  lang: string;
  image_url: string | null;
  image_alt: string | null;
  page_type: PageType;
  unique_id: string | null;
  /** Owner/author ids from `vf:owner` / `vf:author` (see owners.ts). */
  owners?: string[];
  /** Topics, tags and keywords, deduplicated, in page order. */
  topics?: string[];
  /** The publisher turned ads off for this page (`vf:ads_disabled` / `vf:disable_ads`). */
  ads_disabled?: boolean;
  /** `?deeplink=<uuid>` or `#deeplink=<uuid>`: a comment to show (spec §2). */
  deeplink_uuid?: string | null;
  /** `?autosociallogin=<provider>` from the address (spec §2). */
  autosociallogin?: string | null;
  /** The stored page's id, once the server returned it (POST /pages). */
  id?: string;
}

/** The little of `Document` we read: tests pass a fake with just these. */
export interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
  title?: string;
  documentElement?: { lang?: string } | null;
}

/** Title and description cap (spec §9). */
export const META_MAX_LENGTH = 500;
const PAGE_TYPES: readonly PageType[] = ['article', 'section', 'video', 'profile', 'product'];
// With vf's own: what its trending and shared links carry for analytics.
const TRACKING_PARAMS = ['fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'mc_cid', 'mc_eid', '_ga', '_gl', 'yclid', 'igshid', '_hsenc', '_hsmi', 'mkt_tok', ...Object.values(REFERRER_PARAMS)];
const TOPIC_MAX = 50;
const TOPIC_LENGTH = 100;
const VF_UUID_RE = /vf-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

export function readPageIdentity(doc: PageDocument, href: string): PageIdentity {
  const all = readMetaAll(doc);
  const meta = new Map([...all].map(([key, values]) => [key, values[0]!]));
  const pick = (...keys: string[]): string | null => {
    for (const key of keys) {
      const v = meta.get(key);
      if (v) return v;
    }
    return null;
  };
  const containerId = pick('vf:container_id');
  const typ = (pick('vf:type', 'og:type') ?? '').toLowerCase();
  return {
    container_id: containerId,
    title: cleanText(pick('vf:title', 'og:title', 'twitter:title') ?? doc.title ?? ''),
    description: cleanText(pick('vf:description', 'og:description', 'twitter:description', 'description') ?? ''),
    url: stripTracking(pick('vf:url') ?? readCanonical(doc) ?? pick('og:url', 'twitter:url') ?? href, href),
    domain: pick('vf:domain') ?? hostOf(href),
    section: pick('vf:section'),
    lang: (pick('vf:lang') ?? pick('og:locale')?.replace('_', '-') ?? (doc.documentElement?.lang || null) ?? 'en-us').toLowerCase(),
    image_url: absolute(pick('vf:image', 'og:image', 'twitter:image'), href),
    image_alt: pick('vf:image:alt', 'og:image:alt', 'twitter:image:alt'),
    page_type: (PAGE_TYPES as readonly string[]).includes(typ) ? (typ as PageType) : 'article',
    unique_id: extractUniqueId(pick('vf:unique_id')) ?? extractUniqueId(containerId, true),
    owners: parseOwnerIds([...(all.get('vf:owner') ?? []), ...(all.get('vf:author') ?? [])].flatMap(splitList)),
    topics: readTopics(all),
    ads_disabled: isTrue(pick('vf:ads_disabled', 'vf:disable_ads')),
    ...readAddress(href),
  };
}

/** deeplink and autosociallogin from the page address (query, or `#key=value` in the hash). */
export function readAddress(href: string): { deeplink_uuid: string | null; autosociallogin: string | null } {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    return { deeplink_uuid: null, autosociallogin: null };
  }
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const read = (key: string) => url!.searchParams.get(key) ?? hash.get(key);
  const deeplink = read('deeplink')?.trim() ?? '';
  const social = read('autosociallogin')?.trim().toLowerCase() ?? '';
  return {
    deeplink_uuid: isUuid(deeplink) ? deeplink.toLowerCase() : null,
    autosociallogin: /^[a-z]{2,20}$/.test(social) ? social : null,
  };
}

/** Topics: `vf:topics` / `vf:tags` (vf wins), else `article:tag` (og), else `keywords`. */
function readTopics(all: Map<string, string[]>): string[] {
  const source = ['vf:topics', 'vf:tags', 'vf:topic', 'vf:tag'].some((k) => all.has(k))
    ? ['vf:topics', 'vf:tags', 'vf:topic', 'vf:tag']
    : all.has('article:tag') ? ['article:tag'] : ['keywords', 'news_keywords'];
  const seen = new Map<string, string>();
  for (const value of source.flatMap((k) => all.get(k) ?? []).flatMap(splitList)) {
    const topic = value.replace(/\s+/g, ' ').slice(0, TOPIC_LENGTH);
    if (!seen.has(topic.toLowerCase())) seen.set(topic.toLowerCase(), topic);
  }
  return [...seen.values()].slice(0, TOPIC_MAX);
}

function splitList(value: string): string[] {
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

function isTrue(value: string | null): boolean {
  return value !== null && ['true', '1', 'yes'].includes(value.toLowerCase());
}

/** `<meta name|property=… content=…>` into key → every value, in page order (the first wins for single values). */
function readMetaAll(doc: PageDocument): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const tags = doc.querySelectorAll('meta');
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i]!;
    const key = (tag.getAttribute('property') ?? tag.getAttribute('name') ?? '').trim().toLowerCase();
    const content = tag.getAttribute('content')?.trim();
    if (!key || !content) continue;
    const list = map.get(key);
    if (list) list.push(content);
    else map.set(key, [content]);
  }
  return map;
}

function readCanonical(doc: PageDocument): string | null {
  const links = doc.querySelectorAll('link');
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    if ((link.getAttribute('rel') ?? '').toLowerCase() === 'canonical' && link.getAttribute('href')) {
      return link.getAttribute('href');
    }
  }
  return null;
}

/** Collapse whitespace and cap at 500 characters. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, META_MAX_LENGTH);
}

/** Removes utm_*, the click-id and vf share parameters; a relative url resolves against the page. */
export function stripTracking(url: string, base: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return url;
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_') || TRACKING_PARAMS.includes(key.toLowerCase())) {
      parsed.searchParams.delete(key);
    }
  }
  return parsed.toString();
}

/** A relative address (`/img/a.jpg`) resolved against the page, as a browser would; null when it is none. */
function absolute(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

function hostOf(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
}

/**
 * The unique id is the uuid in a `vf-<uuid>` pattern. An explicit `vf:unique_id` without the
 * pattern is used as written; a container id without it is not a unique id.
 */
function extractUniqueId(value: string | null, patternOnly = false): string | null {
  if (!value) return null;
  const m = VF_UUID_RE.exec(value);
  if (m) return m[1]!.toLowerCase();
  return patternOnly ? null : value;
}
