/** The admin calls under `/api/v2/sites/{uuid}/…` (login methods, webhooks) check their caller here. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError, notFound, unauthorized } from '../errors.ts';
import type { Database } from '../storage/schema.ts';
import { getSite, type Site } from '../storage/sites.ts';

/**
 * The site in the route's `:uuid` when the caller is one of its admins: 404 for no such site, 401
 * without a session, 403 for anyone else (`doing` ends the message: "Only the site's admins can …").
 */
export async function siteForAdmin(db: Kysely<Database>, request: FastifyRequest<{ Params: { uuid: string } }>, doing: string): Promise<Site> {
  const site = await getSite(db, request.params.uuid);
  if (!site) throw notFound(`No site has the uuid ${request.params.uuid}`);
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.row.site_uuid !== site.uuid || user.row.user_privilege !== 'admin') throw new HttpError(403, `Only the site's admins can ${doing}`);
  return site;
}
