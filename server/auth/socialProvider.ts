/**
 * A social provider as an OAuth2 / OpenID Connect client (docs/login.md "Social login"): its
 * endpoints (discovery or configured), the authorization address, and the code exchange that
 * ends in the reader's profile (a verified id token, else the user-info endpoint).
 */
import type { SocialLoginType } from '../../core/settings/site.ts';
import type { SocialLoginConfig } from '../identity/siteLogins.ts';
import { profileFromClaims, type ExternalProfile } from './jwtLogin.ts';
import { discover, fetchJson, OidcError, pkceChallenge, verifyIdToken } from './oidc.ts';

/** Spec §5: popup provider names; what users.social_login_provider records. */
const PROVIDER_NAMES: Partial<Record<SocialLoginType, string>> = { windowslive: 'live' };
/** aol is an OpenID address: its discovery issuer, used when the site names none. */
const DEFAULT_ISSUERS: Partial<Record<SocialLoginType, string>> = { aol: 'https://api.login.aol.com' };

export function providerName(type: SocialLoginType): string {
  return PROVIDER_NAMES[type] ?? type;
}

interface Endpoints {
  issuer: string | null;
  authorization: string;
  token: string;
  userinfo: string | null;
}

async function endpoints(type: SocialLoginType, config: SocialLoginConfig): Promise<Endpoints> {
  const issuer = config.issuer ?? (config.authorization_endpoint ? undefined : DEFAULT_ISSUERS[type]);
  if (issuer) {
    const doc = await discover(issuer);
    return { issuer, authorization: doc.authorization_endpoint, token: doc.token_endpoint, userinfo: doc.userinfo_endpoint ?? null };
  }
  if (!config.authorization_endpoint || !config.token_endpoint) throw new OidcError('The provider has no endpoints configured', 502);
  return { issuer: null, authorization: config.authorization_endpoint, token: config.token_endpoint, userinfo: config.userinfo_endpoint ?? null };
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  verifier: string;
}

export async function authorizationUrl(type: SocialLoginType, config: SocialLoginConfig, request: AuthorizationRequest): Promise<string> {
  const { authorization, issuer } = await endpoints(type, config);
  const url = new URL(authorization);
  const params = {
    response_type: 'code',
    client_id: config.client_id,
    redirect_uri: request.redirectUri,
    scope: config.scope ?? (issuer ? 'openid email profile' : 'email profile'),
    state: request.state,
    nonce: request.nonce,
    code_challenge: pkceChallenge(request.verifier),
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Code → tokens → the verified profile. */
export async function exchangeCode(type: SocialLoginType, config: SocialLoginConfig, code: string, request: AuthorizationRequest): Promise<ExternalProfile> {
  const found = await endpoints(type, config);
  const basic = Buffer.from(`${encodeURIComponent(config.client_id)}:${encodeURIComponent(config.client_secret)}`).toString('base64');
  const tokens = await fetchJson(found.token, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: request.redirectUri, code_verifier: request.verifier }).toString(),
  });
  let claims: Record<string, unknown>;
  if (found.issuer && typeof tokens['id_token'] === 'string') {
    claims = await verifyIdToken(tokens['id_token'], { issuer: found.issuer, audience: config.client_id, nonce: request.nonce });
  } else if (found.userinfo && typeof tokens['access_token'] === 'string') {
    claims = await fetchJson(found.userinfo, { headers: { authorization: `Bearer ${tokens['access_token']}`, accept: 'application/json' } });
  } else {
    throw new OidcError('The provider returned no identity');
  }
  const profile = profileFromClaims(claims);
  if (!profile) throw new OidcError('The provider returned no identity');
  return profile;
}
