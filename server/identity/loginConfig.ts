/**
 * Body schemas and cross-field rules for `PUT /api/v2/sites/{uuid}/logins/{method}`
 * (docs/login.md "Configuring"). The schema checks each field; validateLoginConfig the
 * combinations a schema cannot say readably (which fields a mode needs).
 */
import { badRequest } from '../errors.ts';
import { strictObject } from '../routes/schemas.ts';

const httpUrl = { type: 'string', maxLength: 2000, pattern: '^https?://[^\\s]+$' } as const;
/** Shared secrets: at least 32 characters (HS256 keys shorter than the hash are weak). */
const secret = { type: 'string', minLength: 32, maxLength: 512 } as const;
const identifier = { type: 'string', minLength: 1, maxLength: 255, pattern: '^\\S+$' } as const;
/** RFC 6265 cookie-name characters. */
const cookieName = { type: 'string', minLength: 1, maxLength: 100, pattern: "^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$" } as const;

export const loginConfigSchemas = {
  cookie: strictObject({ mode: { type: 'string', enum: ['jwt', 'userinfo'] }, cookie_name: cookieName, secret, userinfo_url: httpUrl }, ['mode', 'cookie_name']),
  jwt: strictObject({ secret, issuer: httpUrl, audience: identifier }),
  oidc: strictObject({ issuer: httpUrl, client_id: identifier }, ['issuer', 'client_id']),
  social: strictObject(
    {
      client_id: identifier,
      client_secret: { type: 'string', minLength: 1, maxLength: 512 },
      issuer: httpUrl,
      authorization_endpoint: httpUrl,
      token_endpoint: httpUrl,
      userinfo_endpoint: httpUrl,
      scope: { type: 'string', minLength: 1, maxLength: 500, pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e ]+$' },
    },
    ['client_id', 'client_secret'],
  ),
  /** Gigya's partner secret is base64 (it is decoded for the HMAC). */
  gigya: strictObject({ api_key: identifier, secret: { type: 'string', minLength: 16, maxLength: 512, pattern: '^[A-Za-z0-9+/]+={0,2}$' }, api_base: httpUrl }, ['api_key', 'secret']),
  janrain: strictObject({ api_key: { type: 'string', minLength: 16, maxLength: 512, pattern: '^\\S+$' }, app_url: httpUrl }, ['api_key', 'app_url']),
  loginradius: strictObject(
    {
      integrated_login: { type: 'boolean' },
      api_key: identifier,
      api_secret: { type: 'string', minLength: 1, maxLength: 512 },
      app_name: identifier,
      api_base: httpUrl,
    },
    ['integrated_login', 'api_key', 'api_secret'],
  ),
  backplane: strictObject(
    { server_url: httpUrl, bus: identifier, bus_user: identifier, bus_secret: { type: 'string', minLength: 1, maxLength: 512 } },
    ['server_url', 'bus', 'bus_user', 'bus_secret'],
  ),
} as const;

export type ConfigKind = keyof typeof loginConfigSchemas;

const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint'] as const;

/** Throws a 400 naming the field when the combination is not one the method supports. */
export function validateLoginConfig(kind: ConfigKind, config: Record<string, unknown>): void {
  const has = (key: string) => config[key] !== undefined;
  if (kind === 'cookie') {
    if (config['mode'] === 'jwt' && !has('secret')) throw badRequest('Cookie login in jwt mode needs secret', 'secret');
    if (config['mode'] === 'userinfo' && !has('userinfo_url')) throw badRequest('Cookie login in userinfo mode needs userinfo_url', 'userinfo_url');
    const extra = config['mode'] === 'jwt' ? 'userinfo_url' : 'secret';
    if (has(extra)) throw badRequest(`Cookie login in ${String(config['mode'])} mode does not take ${extra}`, extra);
  } else if (kind === 'jwt') {
    const byIssuer = has('issuer') || has('audience');
    if (has('secret') === byIssuer) throw badRequest('JWT login needs either secret, or issuer and audience', 'secret');
    if (byIssuer && !(has('issuer') && has('audience'))) throw badRequest('JWT login by issuer needs issuer and audience', has('issuer') ? 'audience' : 'issuer');
  } else if (kind === 'social') {
    const named = ENDPOINTS.filter(has);
    if (has('issuer') ? named.length > 0 : named.length !== ENDPOINTS.length) {
      throw badRequest('A social provider needs either issuer (discovery), or authorization_endpoint, token_endpoint and userinfo_endpoint', 'issuer');
    }
  }
}
