/**
 * Tokens. The access token is a JWT (HS256, made with node:crypto; we only ever accept HS256).
 * The refresh token is 32 random bytes; only its sha256 is stored. Session ids are 24
 * alphanumerics (the spec accepts 16–32).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const ACCESS_LIFETIME_S = 15 * 60;

export interface AccessClaims {
  sub: string; // user uuid
  sid: string; // session id
  site: string; // site uuid
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signAccessToken(claims: { sub: string; sid: string; site: string }, secret: Buffer, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ACCESS_LIFETIME_S })).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

/** The claims of a valid, unexpired token; null for anything else (never throws). */
export function verifyAccessToken(token: string, secret: Buffer, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null; // rejects alg "none" and every other algorithm
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessClaims>;
  } catch {
    return null;
  }
  const { sub, sid, site, iat, exp } = claims;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof site !== 'string') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= Math.floor(now / 1000)) return null;
  return { sub, sid, site, iat, exp };
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newSessionId(length = 24): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

export const SESSION_ID_PATTERN = '^([A-Za-z0-9]{16,32})?$';
