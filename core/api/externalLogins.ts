/**
 * Publisher and social logins (docs/login.md, docs/api.md "Logins"): the publisher's cookie, a
 * JWT, an OpenID Connect id token, the one-time token the social popup delivers, and the identity
 * platforms' (Gigya's signed UID, Janrain's and LoginRadius's tokens, a Backplane bus message;
 * core/identity/). Each ends, as every login does, in core/session/loginEvents.ts.
 */
import type { AuthResult } from './types.ts';
import { baseApi } from './base.ts';
import { toApiError, type ApiError } from './errors.ts';
import { thirdPartyEnabled } from '../session/storage.ts';
import { announceLogin, announceLoginFailure, type LoginType } from '../session/loginEvents.ts';

export type ExternalLoginType = Extract<
  LoginType,
  'cookie' | 'jwt' | 'openidconnect' | 'social' | 'gigya' | 'janrain' | 'loginradius' | 'backplane' | 'backplane_v1_2'
>;
export type ExternalLoginResult = AuthResult & { is_new: boolean };

export interface ExternalLoginArgs {
  type: ExternalLoginType;
  /** The provider's token; Gigya and Backplane send `fields` instead. */
  token?: string;
  /** OpenID Connect: the nonce the id token must carry. */
  nonce?: string;
  /**
   * Gigya: its signed UID (`uid`, `uid_signature`, `uid_timestamp`). Backplane: the bus message,
   * `messageChannel` + `messageid` (v2) or `backplane_id` (v1.2).
   */
  fields?: Record<string, string>;
}

const PATHS: Record<ExternalLoginType, string> = {
  cookie: 'users/login/cookie',
  jwt: 'users/login/jwt',
  openidconnect: 'users/login/openidconnect',
  social: 'users/sociallogin',
  gigya: 'users/login/gigya',
  janrain: 'users/login/janrain/oauth',
  loginradius: 'users/loginradiuslogin',
  backplane: 'users/backplane',
  backplane_v1_2: 'users/backplane_v1_2',
};

/** Spec §8: a cookie or OIDC login refused with an api_code above 0 reads as login_banned. */
export function externalLoginError(error: unknown, type: ExternalLoginType): ApiError {
  const apiError = toApiError(error);
  if ((type === 'cookie' || type === 'openidconnect') && (apiError.api_code ?? 0) > 0) return { ...apiError, message: 'login_banned' };
  return apiError;
}

export const externalLoginsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    externalLogin: build.mutation<ExternalLoginResult, ExternalLoginArgs>({
      query: ({ type, token, nonce, fields }) => ({
        url: PATHS[type],
        method: 'POST',
        body: { ...(token !== undefined ? { token } : {}), ...(nonce ? { nonce } : {}), ...fields, thirdparty_enabled: thirdPartyEnabled() },
        skipAuthRefresh: true,
      }),
      transformErrorResponse: (error, _meta, { type }) => externalLoginError(error, type),
      async onQueryStarted({ type }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          announceLogin(dispatch, data, { type, isNew: data.is_new === true });
        } catch (error) {
          announceLoginFailure(externalLoginError((error as { error?: unknown }).error ?? error, type), type);
        }
      },
      invalidatesTags: ['User', 'Comments', 'Thread'],
    }),
  }),
});

/** Any store dispatch (the global API and elements pass the store's). */
type Dispatch = (action: any) => any;

/** Runs one login; resolves with the session, rejects with the ApiError. */
export async function externalLogin(dispatch: Dispatch, args: ExternalLoginArgs): Promise<ExternalLoginResult> {
  const result: { data?: ExternalLoginResult; error?: unknown } = await dispatch(externalLoginsApi.endpoints.externalLogin.initiate(args));
  if (result.error || !result.data) throw externalLoginError(result.error, args.type);
  return result.data;
}
