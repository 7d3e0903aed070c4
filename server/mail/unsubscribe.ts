/**
 * One-click unsubscribe tokens (RFC 8058; docs/notifications.md "Email"): a token names a site, a
 * reader and a category, signed with HMAC-SHA256 under a key derived from the server's JWT secret
 * (the way the auth plugin derives the notification channel), so there is no second key store. A
 * token cannot be forged, nor changed to name another reader or category: the signature covers
 * all of them. `UNSUBSCRIBE_VERSION` is part of what is signed: raising it retires every token.
 * A digest's token names `digest` instead of a category: it switches the reader's frequency off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_CATEGORIES, type MailCategory } from '../../core/mail/types.ts';

export const UNSUBSCRIBE_VERSION = 1;

/** What a token stops: one category, or (`digest`) every mail, as a digest holds several categories. */
export type UnsubscribeTopic = MailCategory | 'digest';

export interface UnsubscribeClaims {
  site: string;
  user: string;
  category: UnsubscribeTopic;
}

/** The key, from the server's secret; a purpose label keeps it apart from every other use of the secret. */
export function unsubscribeKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('mail-unsubscribe').digest();
}

const signed = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** `<payload>.<signature>`, both base64url; the payload is `v<version>:<site>:<user>:<category>`. */
export function unsubscribeToken(key: Buffer, claims: UnsubscribeClaims): string {
  const payload = `v${UNSUBSCRIBE_VERSION}:${claims.site}:${claims.user}:${claims.category}`;
  return `${Buffer.from(payload).toString('base64url')}.${signed(key, payload).toString('base64url')}`;
}

/** The claims of a token this server signed, or null (forged, altered, of an older version, malformed). */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaims | null {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = signed(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [version, site, user, category, ...more] = payload.split(':');
  if (more.length || version !== `v${UNSUBSCRIBE_VERSION}` || !site || !user) return null;
  if (category !== 'digest' && !(MAIL_CATEGORIES as readonly string[]).includes(category ?? '')) return null;
  return { site, user, category: category as UnsubscribeTopic };
}

/** The one-click address a reader's mail carries: the server's (`publicUrl`), with the token and the mail's language. */
export function unsubscribeAddress(key: Buffer, publicUrl: string, claims: UnsubscribeClaims, lang: string): string {
  return `${publicUrl}/api/v2/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(key, claims))}&lang=${lang}`;
}

/** RFC 8058's headers for that address. */
export const oneClickHeaders = (address: string): Record<string, string> => ({ 'List-Unsubscribe': `<${address}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
