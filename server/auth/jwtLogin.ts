/**
 * Publisher tokens (docs/login.md): a JWT signed with the site's shared secret (HS256 only), or
 * by an issuer's keys, turned into the external profile a login links to a user.
 */
import { jwtVerify, type JWTPayload } from 'jose';
import type { JwtLoginConfig } from '../identity/siteLogins.ts';
import { describeJoseError, OidcError, verifyIdToken } from './oidc.ts';
import { normaliseName } from '../content/normalise.ts';

/** Who the publisher (or provider) says the reader is. */
export interface ExternalProfile {
  /** The subject: the publisher's user id, unique within the provider. */
  id: string;
  name: string | null;
  email: string | null;
  picture: string | null;
}

const CLOCK_TOLERANCE_S = 30;

export async function verifySharedSecretJwt(token: string, secret: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
    });
    return payload;
  } catch (error) {
    throw new OidcError(`The token was refused: ${describeJoseError(error)}`);
  }
}

export async function verifyJwtLogin(token: string, config: JwtLoginConfig): Promise<JWTPayload> {
  if ('secret' in config) return verifySharedSecretJwt(token, config.secret);
  return verifyIdToken(token, { issuer: config.issuer, audience: config.audience });
}

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  // Control characters out, whitespace collapsed (names are shown as text); cut by code points.
  const clean = normaliseName(value);
  return clean ? [...clean].slice(0, max).join('') : null;
};

/** Claims (JWT, id token, user-info answer) → profile; null when there is no usable subject. */
export function profileFromClaims(claims: Record<string, unknown>): ExternalProfile | null {
  const rawId = claims['sub'] ?? claims['uid'];
  const id = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? String(rawId) : text(rawId, 255);
  if (!id) return null;
  const email = text(claims['email'], 254);
  const picture = text(claims['picture'] ?? claims['photo'], 500);
  return {
    id,
    name: text(claims['name'] ?? claims['display_name'] ?? claims['preferred_username'], 50),
    email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : null,
    picture: picture && /^https?:\/\//.test(picture) ? picture : null,
  };
}
