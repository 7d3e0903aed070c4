/**
 * The check every site-admin call makes (login methods, settings, webhooks, import and export,
 * the analytics dashboard): the site exists, the caller has a session, and is one of its admins.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError, unauthorized } from '../errors.ts';
import type { Database } from '../storage/schema.ts';
import { siteOr404, type Site } from '../engine/sites.ts';

/**
 * The site `siteUuid` names when the caller is one of its admins: 404 for no such site, 401
 * without a session, 403 for anyone else (`doing` ends the message: "Only the site's admins can …").
 */
export async function siteForAdmin(db: Kysely<Database>, request: FastifyRequest, siteUuid: string, doing: string): Promise<Site> {
  const site = await siteOr404(db, siteUuid);
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.row.site_uuid !== site.uuid || user.row.user_privilege !== 'admin') throw new HttpError(403, `Only the site's admins can ${doing}`);
  return site;
}
