/**
 * LoginRadius, the third-party login service (docs/login.md "LoginRadius", spec platform.md §3,
 * §7): `POST /users/loginradiuslogin` checks the reader's LoginRadius access token at the
 * site's identity API (the profile call) and logs the profile's account in; `POST
 * /loginradius/sott` gives the page a SOTT made here from the site's key and secret. Both only
 * while the service counts as enabled (integrated login, API key and app name all set).
 */
import type { FastifyInstance } from 'fastify';
import { profileFromClaims } from '../auth/index.ts';
import { badRequest, HttpError } from '../errors.ts';
import { externalSessions, loginAnswers } from './externalSession.ts';
import { NOT_ENABLED } from './loginRoutes.ts';
import { answers, type Common, strictObject, uuid } from '../routes/schemas.ts';
import { getLoginConfig, LOGINRADIUS_API, loginRadiusEnabled, type LoginRadiusConfig } from './siteLogins.ts';
import { makeSott } from './loginRadiusSott.ts';
import { callVendor, LOGIN_TOKEN_MISSING, SOCIAL_LOGIN_FAILED, textOf } from './vendorFetch.ts';

interface LoginBody extends Common {
  token: string;
  thirdparty_enabled?: boolean;
}

/** The reader's profile from LoginRadius's `GET /identity/v2/auth/account` (401 with LoginRadius's reason when it refuses). */
async function loginRadiusProfile(config: LoginRadiusConfig, token: string) {
  const url = new URL(`${(config.api_base ?? LOGINRADIUS_API).replace(/\/+$/, '')}/identity/v2/auth/account`);
  url.searchParams.set('apikey', config.api_key);
  const { ok, body } = await callVendor(url.toString(), { headers: { authorization: `Bearer ${token}` } });
  if (!ok) throw new HttpError(401, textOf(body, 'Description') ?? textOf(body, 'Message') ?? SOCIAL_LOGIN_FAILED);
  const profile = body as Record<string, unknown>;
  const emails = Array.isArray(profile['Email']) ? (profile['Email'] as unknown[]) : [];
  const name = textOf(profile, 'FullName') ?? ([textOf(profile, 'FirstName'), textOf(profile, 'LastName')].filter(Boolean).join(' ') || null);
  return profileFromClaims({
    sub: textOf(profile, 'Uid'),
    name,
    // Only an address LoginRadius verified is offered to the account (docs/login.md "Accounts").
    email: profile['EmailVerified'] === true ? textOf(emails[0], 'Value') : null,
    picture: textOf(profile, 'ImageUrl'),
  });
}

export default async function loginRadiusRoutes(app: FastifyInstance): Promise<void> {
  const { siteOf, finish } = externalSessions(app);

  const enabledConfig = async (siteUuid: string) => {
    const config = await getLoginConfig(app.db, siteUuid, 'loginradius');
    if (!loginRadiusEnabled(config)) throw new HttpError(403, NOT_ENABLED);
    return config;
  };

  app.post<{ Body: LoginBody }>(
    '/users/loginradiuslogin',
    {
      schema: {
        body: strictObject({ token: { type: 'string', maxLength: 4096 }, thirdparty_enabled: { type: 'boolean' } }, ['token', 'section']),
        querystring: strictObject({}),
        response: loginAnswers,
      },
    },
    async (request) => {
      const token = request.body.token.trim();
      if (!token) throw badRequest(LOGIN_TOKEN_MISSING, 'token');
      const site = await siteOf(request.body.section);
      const config = await enabledConfig(site.uuid);
      return finish(site, 'loginradius', await loginRadiusProfile(config, token));
    },
  );

  app.post<{ Body: Common & { siteUUID: string } }>(
    '/loginradius/sott',
    { schema: { body: strictObject({ siteUUID: uuid }, ['siteUUID']), querystring: strictObject({}), response: answers({ type: 'object', additionalProperties: false, properties: { sott: { type: 'string' } }, required: ['sott'] }) } },
    async (request) => {
      const site = await siteOf(request.body.siteUUID);
      const config = await enabledConfig(site.uuid);
      return { result: { sott: makeSott(config.api_key, config.api_secret) } };
    },
  );
}
