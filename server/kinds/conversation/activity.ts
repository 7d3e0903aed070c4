/**
 * The comments service's reads about people and the site (`/api/comments`, docs/api.md
 * "comments"): a user's recent comments and their comment profile (trending: trending.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CommentProfile } from '../../../core/api/types.ts';
import { isHidden } from '../../../core/permissions/index.ts';
import { notFound } from '../../errors.ts';
import { permissionUser } from '../../permissions/index.ts';
import { effectiveBan } from '../../engine/bans.ts';
import { countRepliesReceived, listByActor, presenterFor } from '../../engine/contentQueries.ts';
import { viewerOf } from '../../engine/contents.ts';
import { siteOr404 } from '../../engine/sites.ts';
import type { Database } from '../../storage/schema.ts';
import { findUserByUuid, toApiUser, type UserRow } from '../../engine/users.ts';
import { answers, type Common, params, strictObject } from '../../routes/schemas.ts';
import { contentItem, count, itemsAnswer, publicUser, shape } from '../../engine/schemas.ts';

/** The profile: the person's public face only (never their email, even to themselves or a moderator) and their counters. */
const profileAnswer = answers(shape(
  { user: publicUser, comments_made: count, comments_received: count, likes_made: count, likes_received: count },
  ['user', 'comments_made', 'comments_received', 'likes_made', 'likes_received'],
));

interface UserParams {
  section: string;
  user: string;
}

/**
 * The user `userUuid`, if `requester` may see them: a user of this site who is not hidden by a
 * ghost or hide ban (platform.md §6), unless the requester is that user or a moderator. 404 otherwise.
 */
export async function visibleUser(db: Kysely<Database>, requester: UserRow | null, siteUuid: string, userUuid: string) {
  const row = await findUserByUuid(db, userUuid);
  if (!row || row.site_uuid !== siteUuid || row.user_privilege === 'guest') throw notFound('No such user on this site');
  const viewer = await viewerOf(db, requester, siteUuid);
  const ban = await effectiveBan(db, row.uuid);
  const self = viewer.uuid === row.uuid;
  if (isHidden(permissionUser(row, ban)) && !self && !viewer.privileged) throw notFound('No such user on this site');
  return { row, ban, viewer, privateView: self || viewer.privileged };
}

export default async function commentActivityRoutes(app: FastifyInstance): Promise<void> {
  const loadSite = (uuid: string) => siteOr404(app.db, uuid);

  async function loadUser(request: FastifyRequest<{ Params: UserParams }>) {
    const site = await loadSite(request.params.section);
    return visibleUser(app.db, request.user?.row ?? null, site.uuid, request.params.user);
  }

  app.get<{ Params: UserParams; Querystring: Common & { limit: number } }>(
    '/:section/:user/recent',
    { schema: { params: params(['section', 'user']), querystring: strictObject({ limit: { type: 'integer', minimum: 1, maximum: 100, default: 5 } }), response: itemsAnswer(contentItem) } },
    async (request) => {
      const { row, viewer } = await loadUser(request);
      const page = await listByActor(app.db, row.uuid, request.query.limit, viewer);
      const shown = await presenterFor(app.db, viewer, page.rows);
      const contents = page.rows.flatMap((row) => shown(row) ?? []);
      return { result: { contents, more_available: page.more } };
    },
  );

  app.get<{ Params: UserParams }>(
    '/:section/:user/profile',
    { schema: { params: params(['section', 'user']), querystring: strictObject({}), response: profileAnswer } },
    async (request) => {
      const { row, ban, privateView } = await loadUser(request);
      const user = await toApiUser(app.db, row, ban, privateView);
      const result: CommentProfile = {
        user,
        comments_made: user.comments_made,
        comments_received: await countRepliesReceived(app.db, row.uuid),
        likes_made: user.likes_made,
        likes_received: user.likes_received,
      };
      return { result };
    },
  );
}
