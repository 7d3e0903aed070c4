/**
 * Account service (docs/api.md "Password reset and email verification"): ask for a reset mail,
 * set a new password with the mailed token (which signs the reader in), confirm an email address,
 * and mail a new confirmation link to the signed-in reader whose address is still unconfirmed.
 * Spec §4: a password reset publishes `authentication / reset_success` or `reset_failure`
 * (docs/events.md), with `step` `request` (the mail) or `password` (the new password).
 */
import type { AuthResult, User } from './types.ts';
import { baseApi } from './base.ts';
import { toApiError } from './errors.ts';
import { usersApi } from './users.ts';
import { publish } from '../global-api/bus.ts';
import { announceLogin } from '../session/loginEvents.ts';
import { userUpdated } from '../session/slice.ts';

export interface ResetRequestArgs {
  email: string;
  /** The page the mailed link leads back to (the server keeps it only on the site's domains). */
  url: string;
}

export interface NewPasswordArgs {
  token: string;
  password: string;
}

export interface VerifyResult {
  email_verification_status: 'approved';
  /** The updated record when the reader is signed in as that account; else null. */
  user: User | null;
}

function failed(step: 'request' | 'password', error: unknown, email?: string): void {
  const inner = typeof error === 'object' && error !== null && 'error' in error ? error.error : error;
  publish('authentication', 'reset_failure', { step, error: toApiError(inner), ...(email ? { email } : {}) });
}

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<Record<string, never>, ResetRequestArgs>({
      query: ({ email, url }) => ({ url: 'account/password', method: 'POST', body: { email, url }, skipAuthRefresh: true }),
      async onQueryStarted({ email }, { queryFulfilled }) {
        try {
          await queryFulfilled;
          publish('authentication', 'reset_success', { step: 'request', email });
        } catch (error) {
          failed('request', error, email);
        }
      },
    }),
    setNewPassword: build.mutation<AuthResult, NewPasswordArgs>({
      query: ({ token, password }) => ({ url: 'account/password/reset', method: 'POST', body: { token, password }, skipAuthRefresh: true }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          publish('authentication', 'reset_success', { step: 'password' });
          announceLogin(dispatch, data, { type: 'email', isNew: false, email: data.user.email ?? undefined });
        } catch (error) {
          failed('password', error);
        }
      },
      invalidatesTags: ['User', 'Comments', 'Thread'],
    }),
    /** Mails the signed-in reader a new confirmation link leading back to `url`. */
    resendVerificationEmail: build.mutation<Record<string, never>, { url: string }>({
      query: ({ url }) => ({ url: 'account/verify/resend', method: 'POST', body: { url } }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (error) {
          // 409: the address needs no confirmation (any more, e.g. confirmed in another tab). Re-read
          // the reader so the page stops offering the mail.
          if (toApiError(error).error_status !== 409) return;
          const current = await dispatch(usersApi.endpoints.currentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
          if (current.data) dispatch(userUpdated(current.data));
        }
      },
    }),
    verifyEmail: build.mutation<VerifyResult, { token: string }>({
      query: ({ token }) => ({ url: 'account/verify', method: 'POST', body: { token } }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.user) dispatch(userUpdated(data.user));
        } catch {
          // shown by the modal
        }
      },
    }),
  }),
});

export const {
  useRequestPasswordResetMutation, useSetNewPasswordMutation, useVerifyEmailMutation, useResendVerificationEmailMutation,
} = accountApi;
