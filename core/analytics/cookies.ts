/**
 * The three analytics cookies (content.md §3 "Analytics cookies", §9): their names, lifetimes and
 * attributes, and a codec that never throws — a missing, garbled or foreign value reads as
 * "absent" and the caller starts afresh. Values are JSON, URI-encoded. SameSite=Lax, path=/,
 * Secure on https. Pure except `readCookie` / `writeCookie`, which take the document.
 */

export const SESSION_COOKIE = 'vf_session';
export const REFERRER_COOKIE = 'vf_referrer';
export const VISITOR_COOKIE = 'vf_visitor';

/** Lifetimes in seconds: 30 minutes, 6 months (183 days), 1 year. */
export const SESSION_MAX_AGE_S = 30 * 60;
export const REFERRER_MAX_AGE_S = 183 * 24 * 60 * 60;
export const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The document's `cookie` string as a name → raw value map (the first of a repeated name wins). */
export function parseCookieHeader(header: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof header !== 'string') return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** A cookie's JSON value, or undefined when it is absent or cannot be read. */
export function decodeCookieValue(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

export function serializeCookie(name: string, value: unknown, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [`Max-Age=${Math.round(maxAgeSeconds)}`, 'Path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return `${name}=${encodeURIComponent(JSON.stringify(value))}; ${attributes.join('; ')}`;
}

export function readCookie(doc: { cookie: string }, name: string): unknown {
  try {
    return decodeCookieValue(parseCookieHeader(doc.cookie).get(name));
  } catch {
    return undefined;
  }
}

export function writeCookie(doc: { cookie: string }, name: string, value: unknown, maxAgeSeconds: number, secure: boolean): void {
  try {
    doc.cookie = serializeCookie(name, value, maxAgeSeconds, secure);
  } catch {
    // Cookies disabled (sandboxed frame): the visit simply is not remembered.
  }
}

/** Field readers for the normalisers: a wrong type gives the fallback. */
export const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
export const str = (value: unknown, fallback: string, max = 500): string => (typeof value === 'string' ? value.slice(0, max) : fallback);
export const bool = (value: unknown): boolean => value === true;
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
