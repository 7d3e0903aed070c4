/**
 * The comments service's reads about people and the site (`/api/comments`, docs/api.md
 * "comments"): a user's recent comments, their comment profile, and trending conversations.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CommentProfile } from '../../../core/api/types.ts';
import { isHidden } from '../../../core/permissions/index.ts';
import { notFound } from '../../errors.ts';
import { permissionUser } from '../../permissions/index.ts';
import { effectiveBan } from '../../storage/bans.ts';
import { countRepliesReceived, listByActor, presenterFor } from '../../storage/content-queries.ts';
import { viewerOf } from '../../storage/contents.ts';
import { getSite, type Site } from '../../storage/sites.ts';
import { containersCommentedBy, trendingContainers } from '../../storage/trending.ts';
import type { Database } from '../../storage/schema.ts';
import { findUserByUuid, toApiUser, type UserRow } from '../../storage/users.ts';
import { type Common, params, strictObject } from '../../routes/schemas.ts';

/** The reader's analytics visitor id (the `uniqueId` of the visitor cookie), sent to trendingrecommended. */
export const UNIQUE_ID_HEADER = 'x-unique-id';

interface UserParams {
  section: string;
  user: string;
}
interface TrendingQuery extends Common {
  limit: number;
  content_container_window_days: number;
  content_window_hours: number;
  sorted_by: 'total_visible_contents';
  date_time?: number;
}

/** Trending options (content.md §5: count 1–100 (5), days 1–30 (7), hours 1–48 (3)). */
const trendingQuery = strictObject({
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
  content_container_window_days: { type: 'integer', minimum: 1, maximum: 30, default: 7 },
  content_window_hours: { type: 'integer', minimum: 1, maximum: 48, default: 3 },
  sorted_by: { type: 'string', enum: ['total_visible_contents'], default: 'total_visible_contents' },
  date_time: { type: 'integer', minimum: 0 },
});

/** A time in ms; under 13 digits it is seconds (content.md §3). */
const toMs = (time: number) => (time < 1e12 ? time * 1000 : time);

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
  async function loadSite(uuid: string): Promise<Site> {
    const site = await getSite(app.db, uuid);
    if (!site) throw notFound(`No site has the uuid ${uuid}`);
    return site;
  }

  async function loadUser(request: FastifyRequest<{ Params: UserParams }>) {
    const site = await loadSite(request.params.section);
    return visibleUser(app.db, request.user?.row ?? null, site.uuid, request.params.user);
  }

  app.get<{ Params: UserParams; Querystring: Common & { limit: number } }>(
    '/:section/:user/recent',
    { schema: { params: params(['section', 'user']), querystring: strictObject({ limit: { type: 'integer', minimum: 1, maximum: 100, default: 5 } }) } },
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
    { schema: { params: params(['section', 'user']), querystring: strictObject({}) } },
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

  const trending = async (request: FastifyRequest<{ Params: { section: string }; Querystring: TrendingQuery }>, exclude: string[] = []) => {
    const site = await loadSite(request.params.section);
    const q = request.query;
    const at = q.date_time === undefined ? Date.now() : toMs(q.date_time);
    const contents = await trendingContainers(app.db, site.uuid, {
      limit: q.limit, days: q.content_container_window_days, hours: q.content_window_hours, at, exclude,
    });
    return { result: { contents } };
  };

  app.get<{ Params: { section: string }; Querystring: TrendingQuery }>(
    '/:section/trending',
    { schema: { params: params(['section']), querystring: trendingQuery } },
    (request) => trending(request),
  );

  // For one reader (their visitor id in X-Unique-Id): trending, without the conversations a
  // signed-in reader has already commented in.
  app.get<{ Params: { section: string }; Querystring: TrendingQuery }>(
    '/:section/trendingrecommended',
    {
      schema: {
        params: params(['section']),
        querystring: trendingQuery,
        headers: { type: 'object', properties: { [UNIQUE_ID_HEADER]: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$' } }, required: [UNIQUE_ID_HEADER] },
      },
    },
    async (request) => {
      const user = request.user?.row;
      const own = user && user.site_uuid === request.params.section ? await containersCommentedBy(app.db, user.uuid) : [];
      return trending(request, own);
    },
  );
}
