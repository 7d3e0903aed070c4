/**
 * The session and tokens kept in localStorage, and the third-party-cookie answer kept in
 * sessionStorage (spec §3 Session). Storage may be missing, throw (privacy modes, sandboxed
 * iframes) or hold junk: every read has a safe default.
 */
import { isSessionId } from '../ids/index.ts';

export const SESSION_KEY = 'vf.session';
export const ACCESS_TOKEN_KEY = 'vf.access_token';
export const REFRESH_TOKEN_KEY = 'vf.refresh_token';
export const THIRD_PARTY_KEY = 'vf.thirdparty_enabled';
export const SIGNUP_REFERRAL_KEY = 'vf.signup_referral';

type StorageKind = 'localStorage' | 'sessionStorage';

/** The browser's storage of that kind, or null where reading it throws (privacy modes). */
export function storage(kind: StorageKind = 'localStorage'): Storage | null {
  try {
    return (globalThis as { [key in StorageKind]?: Storage })[kind] ?? null;
  } catch {
    return null;
  }
}

function read(key: string, kind?: StorageKind): string | null {
  try {
    const value = storage(kind)?.getItem(key);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, kind?: StorageKind): void {
  try {
    const s = storage(kind);
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

/** The third-party-cookie capability looked up this browser session: true, false or unknown (null). */
export function readThirdPartyEnabled(): boolean | null {
  const value = read(THIRD_PARTY_KEY, 'sessionStorage');
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** What login and refresh calls send as `thirdparty_enabled`: false until known. */
export function thirdPartyEnabled(): boolean {
  return readThirdPartyEnabled() ?? false;
}

export function writeThirdPartyEnabled(enabled: boolean): void {
  write(THIRD_PARTY_KEY, String(enabled), 'sessionStorage');
}

/** What brought a guest to the login dialog (spec §3 Session): kept until the next login. */
export interface SignupReferral {
  action: string;
  timestamp: number;
}

export function writeSignupReferral(action: string, now = Date.now()): void {
  write(SIGNUP_REFERRAL_KEY, JSON.stringify({ action, timestamp: now } satisfies SignupReferral));
}

/** The stored referral, or null when absent or not one (junk is ignored, not thrown). */
export function readSignupReferral(): SignupReferral | null {
  const raw = read(SIGNUP_REFERRAL_KEY);
  try {
    const value = raw === null ? null : (JSON.parse(raw) as Partial<SignupReferral> | null);
    if (typeof value?.action === 'string' && typeof value.timestamp === 'number') return { action: value.action, timestamp: value.timestamp };
  } catch {
    // Not JSON: treated as absent.
  }
  return null;
}

export function clearSignupReferral(): void {
  write(SIGNUP_REFERRAL_KEY, null);
}
