/**
 * The check every moderation-queue call makes (docs/moderation.md "API"): the site exists, the
 * caller has a session on it, and the rule table lets them moderate its content (a moderator or
 * an admin of that site; core/permissions' comment.moderate, as on each page's own items).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../errors.ts';
import { requireUser, type RequestUser } from '../plugins/auth.ts';
import { enforce, permissionUser } from '../permissions/index.ts';
import type { Database } from '../storage/schema.ts';
import { siteOr404, type Site } from '../engine/sites.ts';

export interface Moderating {
  site: Site;
  user: RequestUser;
}

/** 404 no such site, 401 without a session, 403 for anyone but the site's moderators and admins. */
export async function moderatorOf(db: Kysely<Database>, request: FastifyRequest, siteUuid: string): Promise<Moderating> {
  const site = await siteOr404(db, siteUuid);
  const user = requireUser(request);
  if (user.row.site_uuid !== site.uuid) throw new HttpError(403, "Only the site's moderators and admins can do this");
  enforce('comment', 'moderate', { user: permissionUser(user.row, user.ban), settings: site.settings });
  return { site, user };
}
