/**
 * Publisher cookie login (docs/login.md "Cookie login"): the publisher's own login cookie, named
 * by the site's `authprovider_custom_cookie_name`, is sent to the server, which verifies it (a
 * JWT signed with the site's secret, or the publisher's user-info endpoint). At startup a guest
 * whose page carries that cookie is signed in without a click.
 */
import { externalLogin, type ExternalLoginResult } from '../api/externalLogins.ts';
import type { ApiError } from '../api/errors.ts';
import { announceLoginFailure } from './loginEvents.ts';
import { isLoggedInUser, type SessionState } from './slice.ts';

/** Spec §5. */
export const NO_COOKIE = 'No cookie found for cookie login';

type Dispatch = (action: any) => any;
type GetState = () => { session: SessionState };

/** The value of cookie `name` in a `document.cookie` string (null when absent or empty). */
export function readCookie(name: string, cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null; // not percent-encoded: the raw value is the cookie
    }
  }
  return null;
}

function pageCookies(): string {
  try {
    return typeof document === 'object' ? document.cookie : '';
  } catch {
    return ''; // sandboxed frames throw on document.cookie
  }
}

/** `vf.session.login.cookie(token?)`: without a token, the site's configured cookie is read. */
export async function cookieLogin(dispatch: Dispatch, getState: GetState, token?: unknown): Promise<ExternalLoginResult> {
  const name = getState().session.settings?.authprovider_custom_cookie_name;
  const value = typeof token === 'string' ? token.trim() : name ? readCookie(name, pageCookies()) : null;
  if (!value) {
    const error: ApiError = { error_status: 0, message: NO_COOKIE, data: null };
    announceLoginFailure(error, 'cookie');
    throw error;
  }
  return externalLogin(dispatch, { type: 'cookie', token: value });
}

/** Startup (spec §4 step 4): a guest with the site's login cookie is signed in. Never throws. */
export async function autoCookieLogin(dispatch: Dispatch, getState: GetState): Promise<void> {
  const { session } = getState();
  const name = session.settings?.authprovider_custom_cookie_name;
  if (!name || isLoggedInUser(session.user)) return;
  const value = readCookie(name, pageCookies());
  if (!value) return;
  // A refused cookie is published as a login failure; the reader stays a guest.
  await externalLogin(dispatch, { type: 'cookie', token: value }).catch(() => undefined);
}
