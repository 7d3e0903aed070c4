/** The api service (`/api/v2`): bootstrap and users (signup, login, logout, refresh, current). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResult, BootstrapResult } from '../../core/api/types.ts';
import { verifyAgainstDummy, hashPassword, NEW_PASSWORD, verifyPassword, hashRefreshToken, newRefreshToken, newSessionId } from '../auth/index.ts';
import { limitAuthAttempt, type AuthAction } from '../plugins/rateLimit.ts';
import { refuseDemoAccountFromAfar } from '../plugins/demoGate.ts';
import { HttpError, notFound } from '../errors.ts';
import { startEmailVerification } from '../mail/index.ts';
import { bearerToken, requireUser } from '../plugins/auth.ts';
import { findLiveSessionByRefresh, revokeSession, rotateRefresh, authAnswer, bootstrapAnswer, emptyAnswer, signupAnswer, userAnswer } from '../accounts/index.ts';
import { getSite, hostOf, type Site } from '../engine/sites.ts';
import { banDetails, effectiveBan } from '../engine/bans.ts';
import { createUser, findUserByEmail, findUserByUuid, normaliseEmail, toApiUser } from '../engine/users.ts';
import { absentBodyIsEmpty, type Common, storedUserName, strictObject, userName, uuid } from './schemas.ts';

const email = { type: 'string', format: 'email', maxLength: 254 } as const;

interface BootstrapBody extends Common {
  domain?: string;
  site_uuid?: string;
  section_tree?: unknown;
}
interface SignupBody extends Common {
  name: string;
  email: string;
  password: string;
  login?: boolean;
  'g-recaptcha-response'?: string;
}
interface LoginBody extends Common {
  email: string;
  password: string;
  thirdparty_enabled?: boolean;
}

const wrongCredentials = () => new HttpError(401, 'Incorrect email or password');

/** Spec §8 api codes for banned accounts. */
export const LOGIN_BANNED = 262151;
export const SIGNUP_BANNED = 458753;

export default async function apiRoutes(app: FastifyInstance): Promise<void> {
  /** The site named in `section` (signup and login need it). */
  async function siteFromSection(section: string | undefined): Promise<Site> {
    const site = section ? await getSite(app.db, section) : null;
    if (!site) throw new HttpError(404, `No site has the uuid ${section}`, { field: 'section' });
    return site;
  }

  /** Counts the attempt (a login's is taken back if it succeeds); a 429 with Retry-After when the IP or the email is over its limit. */
  const limitAttempt = (request: FastifyRequest, reply: FastifyReply, action: AuthAction, address: string) =>
    limitAuthAttempt(app.authLimiter, request, reply, action, normaliseEmail(address));

  async function resolveSite(request: FastifyRequest, body: BootstrapBody): Promise<Site> {
    if (body.site_uuid) {
      const site = await getSite(app.db, body.site_uuid);
      if (!site) throw notFound(`No site has the uuid ${body.site_uuid}`);
      return site;
    }
    const source = body.domain ?? request.headers.origin ?? request.headers.host ?? '';
    const domain = hostOf(source) ?? source;
    const siteUuid = await app.sites.siteForHost(domain);
    const site = siteUuid ? await getSite(app.db, siteUuid) : null;
    if (!site) throw notFound(`No site is configured for ${domain}`);
    return site;
  }

  app.post<{ Body: BootstrapBody }>(
    '/bootstrap/v2',
    {
      preValidation: absentBodyIsEmpty,
      schema: {
        body: strictObject({ domain: { type: 'string', minLength: 1, maxLength: 253 }, site_uuid: uuid, section_tree: {} }),
        querystring: strictObject({}),
        response: bootstrapAnswer,
      },
    },
    async (request) => {
      const body = request.body;
      const site = await resolveSite(request, body);
      const viewer = request.user && request.user.row.site_uuid === site.uuid ? request.user : null;
      const result: BootstrapResult = {
        user: viewer ? await toApiUser(app.db, viewer.row, viewer.ban, true) : null,
        settings: site.settings,
        sectionTree: { section_id: site.uuid, name: site.name, children: [] },
        section_uuid: site.uuid,
        session: body.session || viewer?.sessionId || newSessionId(),
        domains: site.domains,
      };
      return { result };
    },
  );

  app.post<{ Body: SignupBody }>(
    '/users',
    {
      schema: {
        body: strictObject(
          {
            name: userName,
            email,
            password: NEW_PASSWORD,
            login: { type: 'boolean' },
            'g-recaptcha-response': { type: 'string', maxLength: 4096 },
          },
          ['name', 'email', 'password', 'section'],
        ),
        querystring: strictObject({}),
        response: signupAnswer,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const name = storedUserName(body.name); // checked before the attempt is counted, like the schema
      limitAttempt(request, reply, 'signup', body.email);
      const site = await siteFromSection(body.section);
      const existing = await findUserByEmail(app.db, site.uuid, body.email);
      const ban = existing ? await effectiveBan(app.db, existing.uuid) : null;
      if (ban) throw new HttpError(403, 'This email belongs to an account banned on this site', { api_code: SIGNUP_BANNED, ban: banDetails(ban) });
      const created = await createUser(app.db, {
        site_uuid: site.uuid,
        email: body.email,
        name,
        password_hash: await hashPassword(body.password),
      });
      if (!created) throw new HttpError(409, 'An account with this email already exists', { field: 'email' });
      // With enable_email_verification the account starts pending_new and is mailed a link.
      const user = await startEmailVerification(app, request, site, created);
      if (body.login) return { result: await app.auth.login(user) };
      return { result: { user: await toApiUser(app.db, user, null, true) } };
    },
  );

  app.post<{ Body: LoginBody }>(
    '/users/login',
    {
      schema: {
        body: strictObject(
          { email, password: { type: 'string', minLength: 1, maxLength: 128 }, thirdparty_enabled: { type: 'boolean' } },
          ['email', 'password', 'section'],
        ),
        querystring: strictObject({}),
        response: authAnswer,
      },
    },
    async (request, reply) => {
      const { email: address, password, section } = request.body;
      // Counted before the password is checked (over the limit, no check is made); taken back
      // once the login succeeds: only failures count.
      const attempt = limitAttempt(request, reply, 'login', address);
      const site = await siteFromSection(section);
      const user = await findUserByEmail(app.db, site.uuid, address);
      if (user) refuseDemoAccountFromAfar(app, request, user);
      // Same message and (about) the same time whether the email or the password was wrong.
      const ok = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
      if (!user || !ok) throw wrongCredentials();
      // Only a `login` ban refuses login (after the password: the ban is not shown to strangers).
      const ban = await effectiveBan(app.db, user.uuid);
      if (ban?.ban_level === 'login') throw new HttpError(403, 'This account is banned from logging in on this site', { api_code: LOGIN_BANNED, ban: banDetails(ban) });
      const result = await app.auth.login(user);
      attempt.succeeded();
      return { result };
    },
  );

  app.delete(
    '/users/logout',
    { preValidation: absentBodyIsEmpty, schema: { body: strictObject({}), querystring: strictObject({}), response: emptyAnswer } },
    async (request) => {
      const { sessionId } = requireUser(request);
      await revokeSession(app.db, sessionId);
      return { result: {} };
    },
  );

  app.get(
    '/users/refreshusertoken',
    { schema: { querystring: strictObject({ thirdparty_enabled: { type: 'boolean' } }), response: authAnswer } },
    async (request) => {
      const token = bearerToken(request);
      const oldHash = token ? hashRefreshToken(token) : null;
      const session = oldHash ? await findLiveSessionByRefresh(app.db, oldHash) : null;
      const user = session ? await findUserByUuid(app.db, session.user_uuid) : null;
      if (!session || !user || !oldHash) throw new HttpError(401, 'unauthorized');
      const ban = await effectiveBan(app.db, user.uuid);
      if (ban?.ban_level === 'login') throw new HttpError(403, 'This account is banned from logging in on this site', { api_code: LOGIN_BANNED, ban: banDetails(ban) });
      const refresh = newRefreshToken();
      if (!(await rotateRefresh(app.db, session.id, oldHash, hashRefreshToken(refresh)))) throw new HttpError(401, 'unauthorized');
      const result: AuthResult = {
        user: await toApiUser(app.db, user, ban, true),
        session: session.id,
        access_token: app.auth.accessToken(user, session.id),
        refresh_token: refresh,
      };
      return { result };
    },
  );

  app.get('/users/current', { schema: { querystring: strictObject({}), response: userAnswer } }, async (request) => {
    const { row, ban } = requireUser(request);
    return { result: await toApiUser(app.db, row, ban, true) };
  });
}
