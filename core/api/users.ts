/**
 * Users service (docs/api.md "api"): login, signup (then login), logout, the current user.
 * Login and signup end in `session/loggedIn` and an `authentication/login` event; logout in
 * `session/loggedOut` (the store's listener then refetches lists so per-user `actions` reset).
 */
import type { AuthResult, User } from './types.ts';
import { baseApi } from './base.ts';
import { toApiError, type ApiError } from './errors.ts';
import { clearTokens, thirdPartyEnabled } from '../session/storage.ts';
import { isLoggedInUser, loggedOut, type SessionState } from '../session/slice.ts';
import { announceLogin, announceLoginFailure, announceLogout, announceLogoutFailure } from '../session/loginEvents.ts';
import { publish } from '../global-api/bus.ts';

export interface LoginArgs {
  email: string;
  password: string;
}

export interface SignupArgs {
  name: string;
  email: string;
  password: string;
}

export type SignupResult = AuthResult & { is_new: true };

export const LOGOUT_FAILED = 'Logout failed';

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResult, LoginArgs>({
      query: ({ email, password }) => ({
        url: 'users/login',
        method: 'POST',
        body: { email, password, thirdparty_enabled: thirdPartyEnabled() },
        skipAuthRefresh: true,
      }),
      async onQueryStarted({ email }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          announceLogin(dispatch, data, { type: 'email', isNew: false, email });
        } catch (error) {
          announceLoginFailure(errorOf(error), 'email', email);
        }
      },
      invalidatesTags: ['User', 'Comments', 'Thread'],
    }),
    signup: build.mutation<SignupResult, SignupArgs>({
      // Spec §4: signup posts the account, then logs in with the same credentials.
      async queryFn({ name, email, password }, _api, _extra, baseQuery) {
        const created = await baseQuery({
          url: 'users',
          method: 'POST',
          body: { name, email, password },
          skipAuthRefresh: true,
        });
        if (created.error) return { error: created.error as ApiError };
        const login = await baseQuery({
          url: 'users/login',
          method: 'POST',
          body: { email, password, thirdparty_enabled: thirdPartyEnabled() },
          skipAuthRefresh: true,
        });
        if (login.error) return { error: login.error as ApiError };
        return { data: { ...(login.data as AuthResult), is_new: true } };
      },
      async onQueryStarted({ email }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          announceLogin(dispatch, data, { type: 'signup', isNew: true, email });
        } catch (error) {
          publish('authentication', 'signup_failure', { error: errorOf(error), email });
        }
      },
      invalidatesTags: ['User', 'Comments', 'Thread'],
    }),
    logout: build.mutation<null, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        // Spec §4: logout does nothing when nobody is logged in.
        const session = (api.getState() as { session?: SessionState }).session;
        if (!isLoggedInUser(session?.user)) return { data: null };
        const result = await baseQuery({ url: 'users/logout', method: 'DELETE' });
        const error = result.error as ApiError | undefined;
        // A 401 means the server already forgot us: locally that is a logout too.
        if (error && error.error_status !== 401 && error.error_status !== 403) {
          announceLogoutFailure(error);
          return { error: { ...error, message: LOGOUT_FAILED } };
        }
        clearTokens();
        api.dispatch(loggedOut());
        announceLogout();
        return { data: null };
      },
    }),
    currentUser: build.query<User, void>({
      query: () => ({ url: 'users/current' }),
      providesTags: ['User'],
    }),
  }),
});

function errorOf(error: unknown): ApiError {
  const inner = typeof error === 'object' && error !== null && 'error' in error ? error.error : error;
  return toApiError(inner);
}

export const { useLoginMutation, useSignupMutation, useLogoutMutation, useCurrentUserQuery } = usersApi;
