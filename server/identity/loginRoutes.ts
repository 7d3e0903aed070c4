/**
 * Publisher single sign-on on `/api/v2` (docs/login.md, spec §4 "Other login paths"): cookie,
 * JWT and OpenID Connect id-token logins, the social popup's token exchange, and the admin calls
 * that configure a site's login methods (their secrets never leave the server).
 */
import type { FastifyInstance } from 'fastify';
import { LOGIN_NOT_ENABLED, SOCIAL_LOGIN_TYPES } from '../../core/settings/site.ts';
import { profileFromClaims, verifyJwtLogin, verifySharedSecretJwt, fetchJson, OidcError, verifyIdToken, SocialFlows } from '../auth/index.ts';
import { badRequest, HttpError } from '../errors.ts';
import { configuredMethods, deleteLoginConfig, LOGIN_METHODS, putLoginConfig, type LoginMethod } from './siteLogins.ts';
import { findUserByUuid } from '../engine/users.ts';
import { type ConfigKind, loginConfigSchemas, validateLoginConfig } from './loginConfig.ts';
import { absentBodyIsEmpty, answers, type Common, strictObject, uuid } from '../routes/schemas.ts';
import { externalSessions, loginAnswers } from './externalSession.ts';


export const NOT_ENABLED = LOGIN_NOT_ENABLED;
export const NO_COOKIE = 'No cookie found for cookie login';
const USERINFO_FAILED = 'The publisher did not recognise this cookie';
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;

/** Tokens are JWTs or opaque cookie values: bounded, printable. */
const token = { type: 'string', maxLength: 8192 } as const;

interface TokenBody extends Common {
  token: string;
  nonce?: string;
  thirdparty_enabled?: boolean;
}

export default async function loginRoutes(app: FastifyInstance): Promise<void> {
  const flows = new SocialFlows(app.db);
  const { siteOf, configFor, startSession, finish, verified, adminSite } = externalSessions(app);

  const loginSchema = (extra: Record<string, object> = {}) => ({
    body: strictObject({ token, thirdparty_enabled: { type: 'boolean' }, ...extra }, ['token', 'section']),
    querystring: strictObject({}),
    response: loginAnswers,
  });

  app.post<{ Body: TokenBody }>('/users/login/cookie', { schema: loginSchema() }, async (request) => {
    const { token: cookie, section } = request.body;
    if (cookie.trim() === '') throw badRequest(NO_COOKIE, 'token');
    // RFC 6265 cookie-octets: what a Cookie header can carry to the publisher unchanged.
    if (!COOKIE_VALUE.test(cookie)) throw badRequest('The cookie value has characters a cookie cannot carry', 'token');
    const { site, config } = await configFor(section, 'cookie');
    const claims =
      config.mode === 'jwt'
        ? await verified(verifySharedSecretJwt(cookie, config.secret))
        : await verified(
            fetchJson(config.userinfo_url, { headers: { cookie: `${config.cookie_name}=${cookie}`, accept: 'application/json' } }).catch((error: unknown) => {
              throw error instanceof OidcError && error.status === 502 && /answered 4\d\d/.test(error.message) ? new OidcError(USERINFO_FAILED) : error;
            }),
          );
    return finish(site, 'sso', profileFromClaims(claims));
  });

  app.post<{ Body: TokenBody }>('/users/login/jwt', { schema: loginSchema() }, async (request) => {
    const { site, config } = await configFor(request.body.section, 'jwt');
    return finish(site, 'sso', profileFromClaims(await verified(verifyJwtLogin(request.body.token, config))));
  });

  app.post<{ Body: TokenBody }>('/users/login/openidconnect', { schema: loginSchema({ nonce: { type: 'string', minLength: 1, maxLength: 512 } }) }, async (request) => {
    const { token: idToken, nonce, section } = request.body;
    const { site, config } = await configFor(section, 'oidc');
    const claims = await verified(verifyIdToken(idToken, { issuer: config.issuer, audience: config.client_id, ...(nonce ? { nonce } : {}) }));
    return finish(site, 'oidc', profileFromClaims(claims));
  });

  /** The one-time token the social popup posted to the page (identity/thirdpartyRoutes.ts). */
  app.post<{ Body: TokenBody }>('/users/sociallogin', { schema: loginSchema() }, async (request) => {
    const site = await siteOf(request.body.section);
    const issued = await flows.issued.take(request.body.token);
    if (!issued || issued.siteUuid !== site.uuid) throw new HttpError(401, 'This social login has expired. Please try again.');
    const user = await findUserByUuid(app.db, issued.userUuid);
    if (!user) throw new HttpError(401, 'This social login has expired. Please try again.');
    return startSession(user, issued.isNew);
  });

  // --- configuration (admins of the site) ---

  const siteParams = { type: 'object', additionalProperties: false, properties: { uuid }, required: ['uuid'] } as const;
  /** A method's configuration as an admin reads it back (secrets as `true`, see redact). */
  const redacted = { type: 'object', additionalProperties: true } as const;

  app.get<{ Params: { uuid: string } }>('/sites/:uuid/logins', { schema: { params: siteParams, querystring: strictObject({}), response: answers({ type: 'object', additionalProperties: redacted }) } }, async (request) => {
    const site = await adminSite(request);
    const methods = await configuredMethods(app.db, site.uuid);
    return { result: Object.fromEntries([...methods].map(([method, config]) => [method, redact(config, method)])) };
  });

  for (const method of LOGIN_METHODS) {
    const schemaKey: ConfigKind = (SOCIAL_LOGIN_TYPES as readonly string[]).includes(method) ? 'social' : (method as ConfigKind);
    app.put<{ Params: { uuid: string }; Body: Record<string, unknown> }>(
      `/sites/:uuid/logins/${method}`,
      { schema: { params: siteParams, body: loginConfigSchemas[schemaKey], querystring: strictObject({}), response: answers(redacted) } },
      async (request) => {
        const site = await adminSite(request);
        const { session: _session, section: _section, ...config } = request.body;
        validateLoginConfig(schemaKey, config);
        await putLoginConfig(app.db, site.uuid, method as LoginMethod, config);
        return { result: redact(config, method) };
      },
    );
    app.delete<{ Params: { uuid: string } }>(
      `/sites/:uuid/logins/${method}`,
      {
        preValidation: absentBodyIsEmpty,
        schema: {
          params: siteParams,
          body: strictObject({}),
          querystring: strictObject({}),
          response: answers({ type: 'object', additionalProperties: false, properties: { method: { type: 'string' }, removed: { type: 'boolean' } }, required: ['method', 'removed'] }),
        },
      },
      async (request) => {
        const site = await adminSite(request);
        return { result: { method, removed: await deleteLoginConfig(app.db, site.uuid, method as LoginMethod) } };
      },
    );
  }
}

/** A config as an admin may read it back: secrets replaced by `true` ("set"). */
function redact(config: unknown, method: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(config as Record<string, unknown>) };
  // Janrain's API key is its secret; Gigya's and LoginRadius's keys are public (pages carry them).
  const secrets = method === 'janrain' ? ['api_key'] : ['secret', 'client_secret', 'api_secret', 'bus_secret'];
  for (const key of secrets) if (key in out) out[key] = true;
  return out;
}
