/**
 * What every publisher or identity-provider login route shares (identity/loginRoutes.ts and the identity
 * providers' routes): the site a login is for, the verified profile linked to one vf account per
 * provider and provider user id (identity/externalUsers.ts), the login-ban check, and the session.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthResult } from '../../core/api/types.ts';
import type { ExternalProfile } from '../auth/jwtLogin.ts';
import { OidcError } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { banDetails, effectiveBan } from '../engine/bans.ts';
import { linkExternalUser } from './externalUsers.ts';
import { getSite, type Site } from '../engine/sites.ts';
import { siteForAdmin } from '../sites/index.ts';
import { type ConfigOf, getLoginConfig, type LoginMethod } from './siteLogins.ts';
import { LOGIN_NOT_ENABLED } from '../../core/settings/site.ts';
import type { UserRow } from '../engine/users.ts';
import { LOGIN_BANNED } from '../routes/api.ts';
import { shape } from '../engine/schemas.ts';
import { answers } from '../routes/schemas.ts';
import { authResult } from '../accounts/index.ts';

export type ExternalLoginResult = AuthResult & { is_new: boolean };

/** An ExternalLoginResult's schema: a login's answer (accounts/schemas.ts `authResult`: the reader's own record, never a password hash or IP) and whether the account is new. */
export const loginResult = shape({ ...authResult.properties, is_new: { type: 'boolean' } }, [...authResult.required, 'is_new']);

/** The answer of an identity provider's login route: `{ result: ExternalLoginResult }`. */
export const loginAnswers = answers(loginResult);

export interface ExternalSessions {
  /** The site a login body names (`section`), else 404. */
  siteOf(section: string | undefined): Promise<Site>;
  /** Refuses a login-banned account (as the password login does), else starts a session. */
  startSession(user: UserRow, isNew: boolean): Promise<{ result: ExternalLoginResult }>;
  /** Links the provider's profile to its one vf account (made on the first login) and logs it in. */
  finish(site: Site, provider: string, profile: ExternalProfile | null): Promise<{ result: ExternalLoginResult }>;
  /** The site a login body names and its config for `method`; 403 LOGIN_NOT_ENABLED when it has none. */
  configFor<M extends LoginMethod>(section: string | undefined, method: M): Promise<{ site: Site; config: ConfigOf<M> }>;
  /** Token checks fail as 401 (502 when the issuer cannot be reached), with a readable reason. */
  verified<T>(check: Promise<T>): Promise<T>;
  /** The site in the route's `:uuid`, when the caller is one of its admins (401/403/404 otherwise). */
  adminSite(request: FastifyRequest<{ Params: { uuid: string } }>): Promise<Site>;
}

export function externalSessions(app: FastifyInstance): ExternalSessions {
  const sessions: ExternalSessions = {
    async siteOf(section) {
      const site = section ? await getSite(app.db, section) : null;
      if (!site) throw new HttpError(404, `No site has the uuid ${section}`, { field: 'section' });
      return site;
    },
    async configFor(section, method) {
      const site = await sessions.siteOf(section);
      const config = await getLoginConfig(app.db, site.uuid, method);
      if (!config) throw new HttpError(403, LOGIN_NOT_ENABLED);
      return { site, config };
    },
    async startSession(user, isNew) {
      const ban = await effectiveBan(app.db, user.uuid);
      if (ban?.ban_level === 'login') throw new HttpError(403, 'This account is banned from logging in on this site', { api_code: LOGIN_BANNED, ban: banDetails(ban) });
      return { result: { ...(await app.auth.login(user)), is_new: isNew } };
    },
    async finish(site, provider, profile) {
      if (!profile) throw new HttpError(401, 'The token names no user');
      const { user, isNew, updated } = await linkExternalUser(app.db, site, provider, profile);
      if (updated) app.hub.siteChanged(site.uuid); // its comments show the new name (engine/guest-cache.ts)
      return sessions.startSession(user, isNew);
    },
    async verified(check) {
      try {
        return await check;
      } catch (error) {
        if (error instanceof OidcError) throw new HttpError(error.status, error.message);
        throw error;
      }
    },
    adminSite: (request) => siteForAdmin(app.db, request, request.params.uuid, 'change its login methods'),
  };
  return sessions;
}
