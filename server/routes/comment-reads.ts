/**
 * The comments service's reads (`/api/comments`, docs/api.md "comments"): containers, the
 * top-level list in every sort order and thread filter, a thread's replies, and a selection of
 * comments. Every list shows what the requester may see (server/content/visibility.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CommentPage, Container, ContainerWithPage, SortOrder, ThreadFilter } from '../../core/api/types.ts';
import { badRequest, notFound } from '../errors.ts';
import { firstRepliesOfThreads, listThread, listTopLevel, presenterFor, selectInContainer, SORT_ORDERS } from '../storage/comment-queries.ts';
import { getCommentInContainer, viewerOf } from '../storage/comments.ts';
import { findContainer, getContainer, getOrCreateContainer, toApiContainer } from '../storage/containers.ts';
import type { ContainerKind, ContentsTable, ContainersTable, Database } from '../storage/schema.ts';
import { getSite } from '../storage/sites.ts';
import type { Viewer } from '../content/visibility.ts';
import { type Common, params, strictObject, uuid } from './schemas.ts';

const limit = { type: 'integer', minimum: 1, maximum: 100, default: 10 } as const;
const containerId = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** The first-page options shared by `GET /{s}` and `GET /{s}/{c}/comments` (content.md §5, §7). */
const pageOptions = {
  limit,
  reply_limit: { type: 'integer', minimum: 0, maximum: 100, default: 2 },
  sorted_by: { type: 'string', enum: SORT_ORDERS, default: 'newest' },
  filtered_by: { type: 'string', enum: ['all_threads', 'featured_threads'], default: 'all_threads' },
} as const;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const MAX_SELECTION = 100;

export interface ContainerParams {
  section: string;
  container: string;
}
interface PageQuery extends Common {
  limit: number;
  reply_limit: number;
  sorted_by: SortOrder;
  filtered_by: ThreadFilter;
  starting_from?: string;
}

/**
 * The container `{c}` of site `{s}`; 404 when it is not one of that site's, or not of `kind` (the
 * comments service serves conversations only: a live blog's uuid is not a conversation).
 */
export async function containerOr404(db: Kysely<Database>, p: ContainerParams, kind: ContainerKind = 'conversation'): Promise<ContainersTable> {
  const container = await getContainer(db, p.section, p.container, kind);
  if (!container) throw notFound('No such content container in this section');
  return container;
}

export default async function commentReadRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);

  const loadContainer = (p: ContainerParams) => containerOr404(app.db, p);

  // A hidden container's count is for its moderators only (toApiContainer).
  const signed = (container: ContainersTable, viewer: Viewer): Container => ({
    ...toApiContainer(container, viewer),
    signature: app.auth.signContainer(container.site_uuid, container.uuid),
  });

  const viewerOn = (request: FastifyRequest, container: ContainersTable) => viewerOf(app.db, request.user?.row ?? null, container.site_uuid);

  /** A hidden conversation (container settings) is shown to its moderators only. */
  const hiddenFrom = (container: ContainersTable, viewer: Viewer) => Number(container.is_hidden) === 1 && !viewer.privileged;
  const nothing = (container: ContainersTable): CommentPage => ({
    contents: [], next_starting_from: null, more_available: false, total_visible_content: 0, latest_seq: Number(container.event_seq ?? 0),
  });

  /** A page of top-level comments, each with its thread's first `reply_limit` replies. */
  async function topLevelPage(container: ContainersTable, q: PageQuery, viewer: Viewer): Promise<CommentPage> {
    if (hiddenFrom(container, viewer)) return nothing(container);
    let after: ContentsTable | null = null;
    if (q.starting_from) {
      after = await getCommentInContainer(app.db, container.uuid, q.starting_from);
      if (!after || after.parent_uuid !== null) throw badRequest('starting_from is not a top-level comment of this content container', 'starting_from');
    }
    const page = await listTopLevel(app.db, container.uuid, q.sorted_by, q.limit, after, viewer, q.filtered_by);
    const replies = await firstRepliesOfThreads(app.db, page.rows.map((r) => r.uuid), q.reply_limit, viewer);
    const shown = await presenterFor(app.db, viewer, [...page.rows, ...[...replies.values()].flat()]);
    const contents = page.rows.flatMap((row) => {
      const comment = shown(row);
      return comment ? [{ ...comment, replies: (replies.get(row.uuid) ?? []).flatMap((reply) => shown(reply) ?? []) }] : [];
    });
    return {
      contents,
      next_starting_from: page.more ? (page.rows.at(-1)?.uuid ?? null) : null,
      more_available: page.more,
      total_visible_content: toApiContainer(container, viewer).total_visible_content,
      // Read with the container, before the list: a realtime client catches up from here, so
      // an event committed between this read and its subscription is not lost.
      latest_seq: Number(container.event_seq ?? 0),
    };
  }

  /** The site's container for a page's container id, created on first use. */
  async function containerFor(request: FastifyRequest, section: string, id: string): Promise<Container> {
    const site = await getSite(app.db, section);
    if (!site) throw notFound(`No site has the uuid ${section}`);
    const container = await getOrCreateContainer(app.db, site.uuid, id);
    return signed(container, await viewerOn(request, container));
  }

  app.get<{ Params: { section: string }; Querystring: Common & { container_id: string } }>(
    '/:section/contentcontainer/id',
    { schema: { params: params(['section']), querystring: strictObject({ container_id: containerId }, ['container_id']) } },
    async (request) => ({ result: await containerFor(request, request.params.section, request.query.container_id) }),
  );

  app.post<{ Params: { section: string }; Body: Common & { container_id: string } }>(
    '/:section',
    { schema: { params: params(['section']), body: strictObject({ container_id: containerId }, ['container_id']), querystring: strictObject({}) } },
    async (request) => ({ result: await containerFor(request, request.params.section, request.body.container_id) }),
  );

  // The container and its first page in one call (content.md §7 `GET /{section_uuid}`): one round
  // trip less than the element's two, which pays on a real network (bench/first-load-calls.ts).
  // An unknown container is 404 (not created: the client falls back to POST /{s} or contentcontainer/id).
  app.get<{ Params: { section: string }; Querystring: PageQuery & { container_id: string } }>(
    '/:section',
    { schema: { params: params(['section']), querystring: strictObject({ container_id: containerId, ...pageOptions }, ['container_id']) } },
    async (request) => {
      const site = await getSite(app.db, request.params.section);
      if (!site) throw notFound(`No site has the uuid ${request.params.section}`);
      const container = await findContainer(app.db, site.uuid, request.query.container_id);
      if (!container) throw notFound('No content container with this container_id in this section');
      const viewer = await viewerOn(request, container);
      const result: ContainerWithPage = { ...signed(container, viewer), ...(await topLevelPage(container, request.query, viewer)) };
      return { result };
    },
  );

  app.get<{ Params: ContainerParams; Querystring: PageQuery }>(
    '/:section/:container/comments',
    { schema: { params: params(['section', 'container']), querystring: strictObject({ ...pageOptions, starting_from: uuid }) } },
    async (request) => {
      const container = await loadContainer(request.params);
      return { result: await topLevelPage(container, request.query, await viewerOn(request, container)) };
    },
  );

  app.get<{ Params: ContainerParams & { content_uuid: string }; Querystring: Common & { limit: number; starting_from?: string } }>(
    '/:section/:container/content/:content_uuid/direct',
    { schema: { params: params(['section', 'container', 'content_uuid']), querystring: strictObject({ limit, starting_from: uuid }) } },
    async (request) => {
      const container = await loadContainer(request.params);
      const viewer = await viewerOn(request, container);
      const [target] = hiddenFrom(container, viewer) ? [] : await selectInContainer(app.db, container.uuid, [request.params.content_uuid], viewer);
      if (!target) throw notFound('No such comment in this content container');
      const [root] = target.thread_uuid === target.uuid ? [target] : await selectInContainer(app.db, container.uuid, [target.thread_uuid], viewer);
      if (!root) throw notFound('No such comment in this content container');
      let after: ContentsTable | null = null;
      if (request.query.starting_from) {
        after = await getCommentInContainer(app.db, container.uuid, request.query.starting_from);
        if (!after || after.thread_uuid !== root.uuid || after.parent_uuid === null) {
          throw badRequest('starting_from is not a reply in this thread', 'starting_from');
        }
      }
      const page = await listThread(app.db, root.uuid, request.query.limit, after, viewer);
      const shown = await presenterFor(app.db, viewer, page.rows);
      const result: CommentPage = {
        contents: page.rows.flatMap((row) => shown(row) ?? []),
        next_starting_from: page.more ? (page.rows.at(-1)?.uuid ?? null) : null,
        more_available: page.more,
        total_visible_content: Number(root.total_replies),
      };
      return { result };
    },
  );

  // Several comments by uuid (comma-separated), in the order asked; a uuid that is not a comment
  // of this container the requester may see is left out.
  app.get<{ Params: ContainerParams; Querystring: Common & { uuids: string } }>(
    '/:section/:container/selection',
    {
      schema: {
        params: params(['section', 'container']),
        querystring: strictObject({ uuids: { type: 'string', pattern: `^${UUID}(,${UUID}){0,${MAX_SELECTION - 1}}$` } }, ['uuids']),
      },
    },
    async (request) => {
      const container = await loadContainer(request.params);
      const viewer = await viewerOn(request, container);
      const wanted = [...new Set(request.query.uuids.toLowerCase().split(','))];
      const rows = hiddenFrom(container, viewer) ? [] : await selectInContainer(app.db, container.uuid, wanted, viewer);
      const shown = await presenterFor(app.db, viewer, rows);
      return { result: { contents: rows.flatMap((row) => shown(row) ?? []) } };
    },
  );
}
