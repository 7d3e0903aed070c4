/**
 * `GET /api/v2/thirdpartycookie` (spec §7): can this browser send our cookies from a publisher's
 * page? The first answer sets a probe cookie (SameSite=None; Secure: a cross-site cookie), so a
 * browser that keeps third-party cookies sends it back on the client's next ask.
 */
import type { FastifyInstance } from 'fastify';
import { strictObject } from './schemas.ts';

export const PROBE_COOKIE = 'vf_tpc';
const ONE_YEAR_S = 365 * 24 * 3600;

export function hasProbeCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${PROBE_COOKIE}=`));
}

export default async function thirdPartyRoutes(app: FastifyInstance): Promise<void> {
  app.get('/thirdpartycookie', { schema: { querystring: strictObject({}) } }, async (request, reply) => {
    const present = hasProbeCookie(request.headers.cookie);
    if (!present) {
      reply.header('Set-Cookie', `${PROBE_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=None; Secure`);
    }
    return { result: { thirdparty_enabled: present } };
  });
}
