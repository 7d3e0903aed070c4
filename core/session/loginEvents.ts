/**
 * The one place a login of any kind ends (platform spec §4 "Login lifecycle"): email/password,
 * signup, publisher cookie, JWT, OpenID Connect id token, social popup. It stores the session
 * (`session/loggedIn`) and publishes `authentication / login` with the is-new flag.
 * Failures of every path publish `authentication / login_failure` with the login type.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { AuthResult } from '../api/types.ts';
import type { ApiError } from '../api/errors.ts';
import { publish } from '../global-api/bus.ts';
import { loggedIn } from './slice.ts';

export type LoginType = 'email' | 'signup' | 'cookie' | 'jwt' | 'openidconnect' | 'social';

export interface LoginOutcome {
  type: LoginType;
  isNew: boolean;
  /** The address typed in the dialog, when there was one. */
  email?: string;
}

export function announceLogin(dispatch: Dispatch, data: AuthResult, outcome: LoginOutcome): void {
  dispatch(loggedIn(data));
  publish('authentication', 'login', { user: data.user, is_new: outcome.isNew, type: outcome.type });
}

export function announceLoginFailure(error: ApiError, type: LoginType, email?: string): void {
  publish('authentication', 'login_failure', { error, type, email });
}
