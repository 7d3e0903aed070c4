/**
 * Community reads (`/api/v2`, content.md §7 "Users, follow, mute, ratings"; docs/api.md
 * "community"): the site's top users, a user's comments, a page's threads and comments, and the
 * site-wide comment lists behind <vf-community-comments>, <vf-community-popular> and
 * <vf-trending-comments>. Anyone may read them; the comment lists are the public showcase
 * (community/queries.ts: what a reader sees, for moderators too); a page's threads are the
 * conversation's own first page, so there moderators see what they see in the conversation.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommunityShow, SortOrder } from '../../core/api/types.ts';
import { notFound } from '../errors.ts';
import { conversationPolicy, visibleUser } from '../kinds/conversation/index.ts';
import { communityComments, presentCommunity, topUsers } from './queries.ts';
import { SORT_ORDERS } from '../engine/contentQueries.ts';
import { findContainer } from '../engine/containers.ts';
import { viewerOf } from '../engine/contents.ts';
import { containerOfPage, getPage } from '../pages/index.ts';
import { siteOr404 } from '../engine/sites.ts';
import { communityListResponse, threadListResponse, topUsersResponse } from './schemas.ts';
import { type Common, params, strictObject } from '../routes/schemas.ts';

/** Spec content.md §9: top users fetched 6 (5 shown), a user's comments 5. */
export const TOP_USERS_FETCHED = 6;
export const USER_COMMENTS_LIMIT = 5;

const integer = (minimum: number, maximum: number, fallback: number) => ({ type: 'integer', minimum, maximum, default: fallback });

/** The community lists' options: which list, how many, and the windows (popular: days, trending: hours), ranged like trending (content.md §5: count 1–100 (5), days 1–30 (7), hours 1–48 (3)). */
const listOptions = {
  show: { type: 'string', enum: ['latest', 'popular', 'trending'], default: 'latest' },
  limit: integer(1, 100, 5),
  days: integer(1, 30, 7),
  hours: integer(1, 48, 3),
};

interface ListQuery extends Common {
  show: CommunityShow;
  limit: number;
  days: number;
  hours: number;
  container_id?: string;
}

interface ThreadsQuery extends Common {
  sort: SortOrder;
  limit: number;
  child_limit: number;
}

export default async function communityRoutes(app: FastifyInstance): Promise<void> {
  const siteOf = (uuid: string) => siteOr404(app.db, uuid);

  const viewerFor = (request: FastifyRequest, siteUuid: string) => viewerOf(app.db, request.user?.row ?? null, siteUuid);

  /** The conversation on a page (`page_id`: the page's uuid); 404 when there is none. */
  async function conversationOfPage(pageId: string) {
    const page = await getPage(app.db, pageId);
    const container = page && (await containerOfPage(app.db, page.uuid, 'conversation'));
    if (!page || !container) throw notFound('This page has no conversation');
    return { page, container };
  }

  app.get<{ Querystring: Common & { show: 'top'; limit: number; days: number } }>(
    '/users',
    {
      schema: {
        querystring: strictObject({ show: { type: 'string', enum: ['top'], default: 'top' }, limit: integer(1, 50, TOP_USERS_FETCHED), days: integer(1, 30, 30) }, ['section']),
        response: topUsersResponse,
      },
    },
    async (request) => {
      const site = await siteOf(request.query.section!);
      const users = await topUsers(app.db, site.uuid, request.query.days, request.query.limit, await viewerFor(request, site.uuid));
      return { result: { users } };
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: Common & { limit: number } }>(
    '/users/:uuid/comments',
    { schema: { params: params(['uuid']), querystring: strictObject({ limit: integer(1, 50, USER_COMMENTS_LIMIT) }, ['section']), response: communityListResponse } },
    async (request) => {
      const site = await siteOf(request.query.section!);
      const { row, viewer } = await visibleUser(app.db, request.user?.row ?? null, site.uuid, request.params.uuid);
      const page = await communityComments(app.db, site.uuid, { show: 'latest', limit: request.query.limit, days: 0, hours: 0, actorUuid: row.uuid }, viewer);
      return { result: await presentCommunity(app.db, viewer, page) };
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/comments',
    {
      schema: {
        querystring: strictObject({ ...listOptions, container_id: { type: 'string', minLength: 1, maxLength: 200 } }, ['section']),
        response: communityListResponse,
      },
    },
    async (request) => {
      const site = await siteOf(request.query.section!);
      const { container_id: containerId, ...q } = request.query;
      const viewer = await viewerFor(request, site.uuid);
      let containerUuid: string | undefined;
      if (containerId) {
        const container = await findContainer(app.db, site.uuid, containerId, 'conversation');
        if (!container) return { result: { contents: [], more_available: false } }; // nobody has commented there yet
        containerUuid = container.uuid;
      }
      const page = await communityComments(app.db, site.uuid, { ...q, containerUuid }, viewer);
      return { result: await presentCommunity(app.db, viewer, page) };
    },
  );

  app.get<{ Params: { page_id: string }; Querystring: ListQuery }>(
    '/pages/:page_id/comments',
    { schema: { params: params(['page_id']), querystring: strictObject(listOptions), response: communityListResponse } },
    async (request) => {
      const { page, container } = await conversationOfPage(request.params.page_id);
      const viewer = await viewerFor(request, page.site_uuid);
      const rows = await communityComments(app.db, page.site_uuid, { ...request.query, containerUuid: container.uuid }, viewer);
      return { result: await presentCommunity(app.db, viewer, rows) };
    },
  );

  app.get<{ Params: { page_id: string }; Querystring: ThreadsQuery }>(
    '/pages/:page_id/threads',
    {
      schema: {
        params: params(['page_id']),
        querystring: strictObject({ sort: { type: 'string', enum: SORT_ORDERS, default: 'newest' }, limit: integer(1, 50, 10), child_limit: integer(0, 10, 2) }),
        response: threadListResponse,
      },
    },
    async (request) => {
      const { page, container } = await conversationOfPage(request.params.page_id);
      const viewer = await viewerFor(request, page.site_uuid);
      const q = request.query;
      // The conversation's own first page (its policy), without the paging cursor.
      const list = await conversationPolicy.list.page(
        { db: app.db, container, viewer, after: null },
        { limit: q.limit, reply_limit: q.child_limit, sorted_by: q.sort, filtered_by: 'all_threads' },
      );
      return { result: { contents: list.contents, more_available: list.more_available } };
    },
  );
}
