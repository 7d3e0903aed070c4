/**
 * The one place a login of any kind ends (platform spec §4 "Login lifecycle"): email/password,
 * signup, publisher cookie, JWT, OpenID Connect id token, social popup, the identity platforms
 * (core/identity/). It stores the session (`session/loggedIn`) and publishes `authentication /
 * login` with the is-new flag — once per email: a second success for the same address (a cookie
 * login after the dialog's) is not announced again. Failures of every path publish `authentication / login_failure` with the
 * login type. Also: the signup referral, the dialog's cancel / close, logout, and `required`.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { AuthResult } from '../api/types.ts';
import type { ApiError } from '../api/errors.ts';
import { publish } from '../global-api/bus.ts';
import { loggedIn } from './slice.ts';
import { clearSignupReferral, readSignupReferral } from './storage.ts';

export type LoginType =
  | 'email'
  | 'signup'
  | 'cookie'
  | 'jwt'
  | 'openidconnect'
  | 'social'
  | 'gigya'
  | 'janrain'
  | 'loginradius'
  | 'backplane'
  | 'backplane_v1_2';

export interface LoginOutcome {
  type: LoginType;
  isNew: boolean;
  /** The address typed in the dialog, when there was one. */
  email?: string;
}

/** The email whose login was last announced (spec: no second announcement for it). */
let announcedEmail: string | null = null;

const emailKey = (data: AuthResult, outcome: LoginOutcome) => (outcome.email ?? data.user.email ?? '').trim().toLowerCase() || null;

export function announceLogin(dispatch: Dispatch, data: AuthResult, outcome: LoginOutcome): void {
  dispatch(loggedIn(data));
  const email = emailKey(data, outcome);
  if (email !== null && email === announcedEmail) return;
  announcedEmail = email;
  publish('authentication', 'login', { user: data.user, is_new: outcome.isNew, type: outcome.type });
  // The referral is kept until the next login; a new account's signup is tracked with it.
  const referral = readSignupReferral();
  if (outcome.isNew) publish('authentication', 'signup', { referral, type: outcome.type });
  clearSignupReferral();
}

export function announceLoginFailure(error: ApiError, type: LoginType, email?: string): void {
  publish('authentication', 'login_failure', { error, type, email });
}

/** The login dialog closed without a login (close button, Escape). */
export function announceLoginCancel(type: LoginType): void {
  publish('authentication', 'cancel', { type });
  publish('authentication', 'close_modal', {});
}

/** The login dialog closed after a login. */
export function announceLoginDialogClosed(): void {
  publish('authentication', 'close_modal', {});
}

export function announceLogout(): void {
  announcedEmail = null;
  publish('authentication', 'logout', {});
}

export function announceLogoutFailure(error: ApiError): void {
  publish('authentication', 'logout_failure', { error });
}

/**
 * Publishes `authentication / required` before any login dialog opens. Site code that runs its
 * own login swallows it (`$prepublish` returning false): then this returns false and the
 * widget opens nothing.
 */
export function announceLoginRequired(action: string): boolean {
  type Bus = { $subscribe?(c: string, n: string, fn: () => void): void; $unsubscribe?(c: string, n: string, fn: () => void): void };
  const bus = (globalThis as { vf?: Bus }).vf;
  if (!bus?.$subscribe || !bus.$unsubscribe) {
    publish('authentication', 'required', { action });
    return true;
  }
  let delivered = false;
  const heard = () => {
    delivered = true;
  };
  bus.$subscribe('authentication', 'required', heard);
  publish('authentication', 'required', { action });
  bus.$unsubscribe('authentication', 'required', heard);
  return delivered;
}

/** Tests: forget the last announced email. */
export function resetLoginEvents(): void {
  announcedEmail = null;
}
