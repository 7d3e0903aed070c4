/**
 * `vf.session.login.*` (docs/global-api.md "Logins"): the publisher's own login paths. Each
 * returns a promise of the signed-in session and, like every login, publishes
 * `authentication / login` or `login_failure` (core/session/loginEvents.ts).
 */
import { getConfig } from '../config.ts';
import { externalLogin, type ExternalLoginResult, type ExternalLoginType } from '../api/externalLogins.ts';
import { toApiError, type ApiError } from '../api/errors.ts';
import { cookieLogin } from '../session/cookieLogin.ts';
import { announceLoginFailure } from '../session/loginEvents.ts';
import { selectSectionUuid } from '../session/slice.ts';
import { browserSocialEnv, socialLoginToken } from '../session/socialLogin.ts';
import { getStore } from '../store/index.ts';

export const TOKEN_REQUIRED = 'A token is required';

/** A failure before any call: published like the server's refusals, then thrown. */
function refused(error: unknown, type: ExternalLoginType): ApiError {
  const apiError = toApiError(error);
  announceLoginFailure(apiError, type);
  return apiError;
}

function withToken(type: ExternalLoginType, token: unknown, nonce?: unknown): Promise<ExternalLoginResult> {
  if (typeof token !== 'string' || token.trim() === '') return Promise.reject(refused(new Error(TOKEN_REQUIRED), type));
  return externalLogin(getStore().dispatch, { type, token: token.trim(), ...(typeof nonce === 'string' && nonce ? { nonce } : {}) });
}

export const loginApi = {
  cookie: (token?: unknown) => {
    const store = getStore();
    return cookieLogin(store.dispatch, store.getState, token);
  },
  jwt: (token: unknown) => withToken('jwt', token),
  openIdConnect: (idToken: unknown, nonce?: unknown) => withToken('openidconnect', idToken, nonce),
  async social(type: unknown): Promise<ExternalLoginResult> {
    const store = getStore();
    let token: string;
    try {
      token = await socialLoginToken(type, browserSocialEnv(getConfig().apiBase, selectSectionUuid(store.getState()) ?? ''));
    } catch (error) {
      throw refused(error, 'social');
    }
    return externalLogin(store.dispatch, { type: 'social', token });
  },
};
