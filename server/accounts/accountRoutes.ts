/**
 * Account service (`/api/v2/account/…`, docs/api.md "Password reset and email verification"):
 * ask for a reset mail, set a new password with the mailed token, confirm an email address, and
 * send the confirmation mail again. Tokens are one-time (accounts/accountTokens.ts).
 */
import type { FastifyInstance } from 'fastify';
import { hashPassword, NEW_PASSWORD } from '../auth/index.ts';
import { limitAuthAttempt } from '../plugins/rateLimit.ts';
import { badRequest, HttpError } from '../errors.ts';
import { linkTo, mailVerification, pageFor, requestPages, resetMail } from '../mail/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { issueAccountToken, retireAccountTokens, revokeUserSessions, useAccountToken, type TokenPurpose, type TokenRefusal } from './accountTokens.ts';
import { banDetails, effectiveBan } from '../engine/bans.ts';
import { getSite, type Site } from '../engine/sites.ts';
import { findUserByEmail, normaliseEmail, toApiUser, updateUser, type UserChange } from '../engine/users.ts';
import { LOGIN_BANNED } from '../routes/api.ts';
import { absentBodyIsEmpty, type Common, strictObject } from '../routes/schemas.ts';
import { authAnswer, emptyAnswer, verifiedAnswer } from './schemas.ts';

const email = { type: 'string', format: 'email', maxLength: 254 } as const;
const pageUrl = { type: 'string', minLength: 1, maxLength: 2048 } as const;
/** A mailed token: 32 random bytes, base64url. */
const token = { type: 'string', minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' } as const;

interface ForgotBody extends Common {
  email: string;
  url?: string;
}
interface ResetBody extends Common {
  token: string;
  password: string;
}
interface VerifyBody extends Common {
  token: string;
}
interface ResendBody extends Common {
  url?: string;
}

const REFUSALS: Record<TokenRefusal, string> = {
  unknown: 'This link is not valid. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link was already used. Ask for a new one.',
};

/** Statuses a verified address replaces (a reset link proves the reader owns the address too). */
const AWAITING = new Set(['pending', 'pending_new']);

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  async function siteOf(uuid: string | undefined): Promise<Site> {
    const site = uuid ? await getSite(app.db, uuid) : null;
    if (!site) throw new HttpError(404, `No site has the uuid ${uuid}`, { field: 'section' });
    return site;
  }

  /** Uses the token and applies `change` in one transaction; a refused token is a 400 on `token`. */
  async function redeem(tokenValue: string, purpose: TokenPurpose, change: (status: string) => UserChange) {
    const outcome = await app.db.transaction().execute(async (trx) => {
      const used = await useAccountToken(trx, tokenValue, purpose);
      if ('refused' in used) return used;
      const current = await trx.selectFrom('users').select('email_verification_status').where('uuid', '=', used.userUuid).executeTakeFirst();
      const user = await updateUser(trx, used.userUuid, change(current?.email_verification_status ?? 'none'));
      return { user };
    });
    if ('refused' in outcome) throw badRequest(REFUSALS[outcome.refused], 'token');
    if (!outcome.user) throw badRequest(REFUSALS.unknown, 'token');
    return outcome.user;
  }

  // Always the same answer: whether an account has this email is never revealed.
  app.post<{ Body: ForgotBody }>(
    '/account/password',
    { schema: { body: strictObject({ email, url: pageUrl }, ['email', 'section']), querystring: strictObject({}), response: emptyAnswer } },
    async (request, reply) => {
      const { email: address, section, url } = request.body;
      limitAuthAttempt(app.authLimiter, request, reply, 'password_reset', normaliseEmail(address));
      const site = await siteOf(section);
      const user = await findUserByEmail(app.db, site.uuid, address);
      if (user) {
        const secret = await issueAccountToken(app.db, user.uuid, 'reset');
        app.mail.queue(resetMail(site, user, linkTo(pageFor(site, requestPages(request, url)), 'reset', secret)));
      }
      return { result: {} };
    },
  );

  app.post<{ Body: ResetBody }>(
    '/account/password/reset',
    { schema: { body: strictObject({ token, password: NEW_PASSWORD }, ['token', 'password']), querystring: strictObject({}), response: authAnswer } },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const user = await redeem(request.body.token, 'reset', (status) => ({
        password_hash: passwordHash,
        ...(AWAITING.has(status) ? { email_verification_status: 'approved' } : {}),
      }));
      // A new password ends every session, and older reset links stop working.
      await retireAccountTokens(app.db, user.uuid, 'reset');
      await revokeUserSessions(app.db, user.uuid);
      const ban = await effectiveBan(app.db, user.uuid);
      if (ban?.ban_level === 'login') throw new HttpError(403, 'This account is banned from logging in on this site', { api_code: LOGIN_BANNED, ban: banDetails(ban) });
      return { result: await app.auth.login(user) };
    },
  );

  app.post<{ Body: VerifyBody }>(
    '/account/verify',
    { schema: { body: strictObject({ token }, ['token']), querystring: strictObject({}), response: verifiedAnswer } },
    async (request) => {
      const user = await redeem(request.body.token, 'verify', () => ({ email_verification_status: 'approved' }));
      // The full record only to the account itself (a link may be opened while signed out).
      const self = request.user?.row.uuid === user.uuid;
      const apiUser = self ? await toApiUser(app.db, user, request.user!.ban, true) : null;
      return { result: { email_verification_status: 'approved', user: apiUser } };
    },
  );

  app.post<{ Body: ResendBody }>(
    '/account/verify/resend',
    { preValidation: absentBodyIsEmpty, schema: { body: strictObject({ url: pageUrl }), querystring: strictObject({}), response: emptyAnswer } },
    async (request, reply) => {
      const { row } = requireUser(request);
      const site = await siteOf(row.site_uuid);
      if (!site.settings.enable_email_verification || !AWAITING.has(row.email_verification_status ?? 'none')) {
        throw new HttpError(409, 'This email address needs no verification');
      }
      limitAuthAttempt(app.authLimiter, request, reply, 'email_verification', row.email);
      await mailVerification(app, site, row, pageFor(site, requestPages(request, request.body.url)));
      return { result: {} };
    },
  );
}
