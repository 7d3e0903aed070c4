/**
 * Auth plugin: token helpers on `app.auth`, and `request.user` resolved from
 * `Authorization: Bearer <access token>` (null for guests and for any bad, expired or
 * logged-out token — a route that needs a user calls requireUser()).
 */
import { createHmac } from 'node:crypto';
import { checkRequestSignature, signContainer, hashRefreshToken, newRefreshToken, newSessionId, signAccessToken, verifyAccessToken } from '../auth/index.ts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthResult } from '../../core/api/types.ts';
import { unauthorized } from '../errors.ts';
import { effectiveBan, type BanRow } from '../engine/bans.ts';
import { cancelDeletionOnLogin, createSession, deletionCancelledMail, isSessionLive } from '../accounts/index.ts';
import { getSite } from '../engine/sites.ts';
import { findUserByUuid, toApiUser, type UserRow } from '../engine/users.ts';

export interface RequestUser {
  row: UserRow;
  sessionId: string;
  /** The effective ban, for the details a refusal carries (null: not banned). */
  ban: BanRow | null;
}

export interface AuthHelpers {
  /** Starts a new login session and returns what the client stores (the user with their effective ban). */
  login(user: UserRow): Promise<AuthResult>;
  /** Access token for an existing session (after a refresh). */
  accessToken(user: UserRow, sessionId: string): string;
  /** The signature handed out with a container (X-Request-Signature). */
  signContainer(siteUuid: string, containerUuid: string): string;
  /** preHandler refusing a request whose X-Request-Signature is wrong for its container. */
  checkRequestSignature(request: FastifyRequest): Promise<void>;
  /** The user's realtime notification channel: uuid-shaped, unguessable without the server's secret. */
  notificationChannel(userUuid: string): string;
  /** The user an access token stands for (null: bad, expired or logged out, or banned from logging in). */
  userOfToken(token: string): Promise<RequestUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthHelpers;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp<{ jwtSecret: Buffer }>(
  async (app, { jwtSecret }) => {
    const accessToken = (user: UserRow, sessionId: string) =>
      signAccessToken({ sub: user.uuid, sid: sessionId, site: user.site_uuid }, jwtSecret);

    app.decorate('auth', {
      accessToken,
      signContainer: (siteUuid: string, containerUuid: string) => signContainer(jwtSecret, siteUuid, containerUuid),
      checkRequestSignature: checkRequestSignature(jwtSecret),
      notificationChannel(userUuid: string): string {
        const hex = createHmac('sha256', jwtSecret).update(`notification-channel:${userUuid}`).digest('hex');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
      },
      async userOfToken(token: string): Promise<RequestUser | null> {
        const claims = verifyAccessToken(token, jwtSecret);
        if (!claims) return null;
        // The session check makes logout effective at once, not after the token expires. The
        // three reads side by side: on PostgreSQL each is a round trip every signed-in call waits for.
        const [live, row, ban] = await Promise.all([isSessionLive(app.db, claims.sid, claims.sub), findUserByUuid(app.db, claims.sub), effectiveBan(app.db, claims.sub)]);
        if (!live || !row || row.site_uuid !== claims.site) return null;
        // A login ban makes the token worthless at once: the request is a guest's.
        if (ban?.ban_level === 'login') return null;
        return { row, sessionId: claims.sid, ban };
      },
      async login(user: UserRow): Promise<AuthResult> {
        const session = newSessionId();
        const refresh = newRefreshToken();
        await createSession(app.db, session, user.uuid, hashRefreshToken(refresh));
        // Logging in during an account's grace period cancels its deletion (docs/law.md "Readers' data"); the answer says so.
        const cancelled = await cancelDeletionOnLogin(app.db, user);
        const site = cancelled ? await getSite(app.db, user.site_uuid) : null;
        const mail = site && deletionCancelledMail(site, user);
        if (mail) app.mail.queue(mail);
        const result: AuthResult = { user: await toApiUser(app.db, user, await effectiveBan(app.db, user.uuid), true), session, access_token: accessToken(user, session), refresh_token: refresh };
        return cancelled ? { ...result, deletion_cancelled: true } : result;
      },
    } satisfies AuthHelpers);

    app.decorateRequest('user', null);
    // After validation, so bad input is a 400 whoever sends it.
    app.addHook('preHandler', async (request) => {
      const token = bearerToken(request);
      if (token) request.user = await app.auth.userOfToken(token);
    });
  },
  { name: 'vf-auth', dependencies: ['vf-storage'] },
);
