/**
 * OpenID Connect as a relying party (docs/login.md): discovery documents and signing keys per
 * issuer (cached), id-token verification (signature, iss, aud, exp, nonce), and the pieces of an
 * authorization-code flow with PKCE (the social popup: identity/thirdpartyRoutes.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/** A refusal whose message may be shown (no secrets or remote bodies in it); 502: the issuer is unreachable. */
export class OidcError extends Error {
  constructor(message: string, readonly status: 401 | 502 = 401) {
    super(message);
  }
}

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;
/** Allowed clock difference with the issuer. */
const CLOCK_TOLERANCE_S = 30;

const discoveries = new Map<string, { at: number; doc: Promise<Discovery> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** JSON from `url` (GET, or POST with a form), with a time limit; throws OidcError on any failure. */
export async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw new OidcError(`Could not reach ${new URL(url).origin}`, 502);
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OidcError(`${new URL(url).origin} answered ${response.status}`, 502);
  }
  return body as Record<string, unknown>;
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//.test(value);
}

/** The issuer's discovery document (cached 10 minutes; a failure is not cached). */
export function discover(issuer: string): Promise<Discovery> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
  const doc = fetchJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`).then((body) => {
    // OIDC Discovery §4.3: the document must name the issuer it was fetched for.
    if (body['issuer'] !== issuer) throw new OidcError('The discovery document names another issuer');
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (!isHttpUrl(body[key])) throw new OidcError(`The discovery document has no ${key}`);
    }
    return body as unknown as Discovery;
  });
  doc.catch(() => discoveries.delete(issuer));
  discoveries.set(issuer, { at: Date.now(), doc });
  return doc;
}

function keySet(jwksUri: string) {
  let set = keySets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: FETCH_TIMEOUT_MS });
    keySets.set(jwksUri, set);
  }
  return set;
}

export interface IdTokenCheck {
  issuer: string;
  audience: string;
  /** When given, the token's `nonce` must equal it. */
  nonce?: string;
}

/** Verifies an id token against the issuer's keys; the claims, or OidcError. */
export async function verifyIdToken(token: string, check: IdTokenCheck): Promise<JWTPayload> {
  const { jwks_uri } = await discover(check.issuer);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(jwks_uri), {
      issuer: check.issuer,
      audience: check.audience,
      requiredClaims: ['sub', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (error) {
    throw new OidcError(`The id token was refused: ${describeJoseError(error)}`);
  }
  if (check.nonce !== undefined && payload['nonce'] !== check.nonce) throw new OidcError('The id token was refused: the nonce does not match');
  return payload;
}

/** jose's reason in words that name no secret (its messages name claims, never values). */
export function describeJoseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_JWT_EXPIRED') return 'it has expired';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return (error as Error).message;
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JWKS_NO_MATCHING_KEY') return 'the signature does not verify';
  return 'it is not a valid token';
}

/** A random URL-safe string (state, nonce, PKCE verifier, one-time tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** RFC 7636 S256 challenge of a verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
