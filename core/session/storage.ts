/**
 * The session and tokens kept in localStorage (spec §3 Session). Storage may be missing,
 * throw (privacy modes, sandboxed iframes) or hold junk: every read has a safe default.
 */
import { isSessionId } from '../ids/index.ts';

export const SESSION_KEY = 'vf.session';
export const ACCESS_TOKEN_KEY = 'vf.access_token';
export const REFRESH_TOKEN_KEY = 'vf.refresh_token';

function storage(): Storage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    const value = storage()?.getItem(key);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null || value === '') s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota or access errors: the session simply is not remembered.
  }
}

/** The stored session id, or '' when absent or not a valid session id. */
export function readSession(): string {
  const value = read(SESSION_KEY);
  return value !== null && isSessionId(value) ? value : '';
}

export function writeSession(session: string): void {
  if (isSessionId(session)) write(SESSION_KEY, session);
}

export function readAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function readRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function writeTokens(tokens: { access_token?: unknown; refresh_token?: unknown }): void {
  if (typeof tokens.access_token === 'string') write(ACCESS_TOKEN_KEY, tokens.access_token);
  if (typeof tokens.refresh_token === 'string') write(REFRESH_TOKEN_KEY, tokens.refresh_token);
}

/** Sign-out: the tokens go; the (guest-capable) session id stays. */
export function clearTokens(): void {
  write(ACCESS_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
}
