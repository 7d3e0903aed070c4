/**
 * Janrain Engage logins (docs/login.md "Janrain"): the page's Janrain widget hands a one-time
 * token, which the server exchanges at the site's Engage application (`POST
 * {app_url}/api/v2/auth_info`, form `apiKey`, `token`) for the reader's profile.
 */
import type { ExternalProfile } from '../auth/jwtLogin.ts';
import { profileFromClaims, OidcError } from '../auth/index.ts';
import type { JanrainLoginConfig } from './siteLogins.ts';
import { callVendor, SOCIAL_LOGIN_FAILED } from './vendorFetch.ts';


interface AuthInfo {
  stat?: string;
  err?: { code?: number; msg?: string };
  profile?: { identifier?: string; displayName?: string; preferredUsername?: string; email?: string; verifiedEmail?: string; photo?: string; providerName?: string };
}

/** The token's reader; only `verifiedEmail` is kept as the account's email. */
export async function janrainProfile(config: JanrainLoginConfig, token: string): Promise<ExternalProfile | null> {
  const base = config.app_url.replace(/\/+$/, '');
  const { body } = await callVendor(`${base}/api/v2/auth_info`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ apiKey: config.api_key, token, format: 'json' }).toString(),
  });
  const info = (body ?? {}) as AuthInfo;
  // An unknown or used token (err.code 2), a wrong key (err.code 1): the reader's message is the spec's.
  if (info.stat !== 'ok' || !info.profile) throw new OidcError(SOCIAL_LOGIN_FAILED);
  const profile = info.profile;
  return profileFromClaims({ sub: profile.identifier, name: profile.displayName || profile.preferredUsername || null, email: profile.verifiedEmail ?? null, picture: profile.photo ?? null });
}
