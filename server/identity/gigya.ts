/**
 * SAP Gigya logins (docs/login.md "Gigya"): the page's Gigya SDK hands the reader's UID with a
 * signature Gigya made with the site's partner secret. The signature is HMAC-SHA1 over
 * `<timestamp>_<UID>` keyed with the base64-decoded secret, in base64; it is compared in
 * constant time and only within ±180 s of its timestamp (an old one is a replay). The profile
 * then comes from Gigya's `accounts.getAccountInfo` with the site's key and secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ExternalProfile } from '../auth/jwtLogin.ts';
import { profileFromClaims, OidcError } from '../auth/index.ts';
import { callVendor, SOCIAL_LOGIN_FAILED } from './vendorFetch.ts';
import type { GigyaLoginConfig } from './siteLogins.ts';

/** How far a signature's timestamp may be from now (seconds). */
export const GIGYA_SIGNATURE_WINDOW_S = 180;
export const GIGYA_DEFAULT_API_BASE = 'https://accounts.us1.gigya.com';

export interface GigyaSignedUid {
  uid: string;
  uid_signature: string;
  uid_timestamp: string;
}

/** The signature Gigya sends with a UID (also what the stand-in signs with). */
export function gigyaUidSignature(secret: string, uid: string, timestamp: string): string {
  return createHmac('sha1', Buffer.from(secret, 'base64')).update(`${timestamp}_${uid}`, 'utf8').digest('base64');
}

/** True when `signed` was made with `secret` within the window around `nowMs`. */
export function gigyaSignatureValid(secret: string, signed: GigyaSignedUid, nowMs = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(signed.uid_timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(signed.uid_timestamp)) > GIGYA_SIGNATURE_WINDOW_S) return false;
  const expected = Buffer.from(gigyaUidSignature(secret, signed.uid, signed.uid_timestamp));
  const given = Buffer.from(signed.uid_signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface GigyaAccount {
  errorCode?: number;
  errorMessage?: string;
  UID?: string;
  profile?: { nickname?: string; firstName?: string; lastName?: string; email?: string; photoURL?: string; thumbnailURL?: string };
  emails?: { verified?: string[] };
}

/**
 * The signed reader's profile. The email is kept only when Gigya lists it as verified; a Gigya
 * error answers with Gigya's own message (spec: "unless the vendor's error says more").
 */
export async function gigyaProfile(config: GigyaLoginConfig, signed: GigyaSignedUid, nowMs = Date.now()): Promise<ExternalProfile | null> {
  if (!gigyaSignatureValid(config.secret, signed, nowMs)) throw new OidcError(SOCIAL_LOGIN_FAILED);
  const base = (config.api_base ?? GIGYA_DEFAULT_API_BASE).replace(/\/+$/, '');
  const body = new URLSearchParams({ apiKey: config.api_key, secret: config.secret, UID: signed.uid, format: 'json' });
  const { body: answer } = await callVendor(`${base}/accounts.getAccountInfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  const account = (answer ?? {}) as GigyaAccount;
  if (account.errorCode !== 0) throw new OidcError(typeof account.errorMessage === 'string' && account.errorMessage ? account.errorMessage : SOCIAL_LOGIN_FAILED);
  if (account.UID !== signed.uid) throw new OidcError(SOCIAL_LOGIN_FAILED);
  const profile = account.profile ?? {};
  const fullName = [profile.firstName, profile.lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  const verified = (account.emails?.verified ?? []).map((email) => String(email).toLowerCase());
  const email = typeof profile.email === 'string' && verified.includes(profile.email.toLowerCase()) ? profile.email : null;
  return profileFromClaims({ sub: signed.uid, name: profile.nickname || fullName || null, email, picture: profile.photoURL ?? profile.thumbnailURL ?? null });
}
