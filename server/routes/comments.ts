/** The comments service (`/api/comments`): containers, comment lists, posting, replies, likes. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Comment, CommentPage, ContentEvent, SortOrder } from '../../core/api/types.ts';
import { normaliseComment } from '../content/normalise.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { requireUser, type RequestUser } from '../plugins/auth.ts';
import { actionsOf, firstRepliesOfThreads, listThread, listTopLevel, reactionsBy, SORT_ORDERS, toApiComment } from '../storage/comment-queries.ts';
import { getCommentInContainer, insertComment, type Reaction, setReaction } from '../storage/comments.ts';
import { getContainer, getOrCreateContainer, toApiContainer } from '../storage/containers.ts';
import type { EventDraft } from '../storage/events.ts';
import type { CommentsTable, ContainersTable } from '../storage/schema.ts';
import { getSite } from '../storage/sites.ts';
import { enforce, permissionUser } from '../permissions/index.ts';
import { absentBodyIsEmpty, type Common, params, strictObject, uuid } from './schemas.ts';

const limit = { type: 'integer', minimum: 1, maximum: 100, default: 10 } as const;
const contentBody = strictObject({ content: { type: 'string' } }, ['content']);

interface ContainerParams {
  section: string;
  container: string;
}
interface ContentParams extends ContainerParams {
  content_uuid: string;
}
interface ListQuery extends Common {
  limit: number;
  reply_limit: number;
  sorted_by: SortOrder;
  starting_from?: string;
}

export default async function commentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);

  async function loadContainer(p: ContainerParams): Promise<ContainersTable> {
    const container = await getContainer(app.db, p.section, p.container);
    if (!container) throw notFound('No such content container in this section');
    return container;
  }

  async function loadComment(container: ContainersTable, uuidOfComment: string): Promise<CommentsTable> {
    const comment = await getCommentInContainer(app.db, container.uuid, uuidOfComment);
    if (!comment || comment.state !== 'visible') throw notFound('No such comment in this content container');
    return comment;
  }

  /** The rules for writing a comment here (core/permissions, reply.create or comment.create): a user of this site, an open conversation. */
  async function checkCanPost(request: FastifyRequest, container: ContainersTable, isReply = false): Promise<RequestUser> {
    if (request.user && request.user.row.site_uuid !== container.site_uuid) throw new HttpError(403, 'This account belongs to another site');
    const site = await getSite(app.db, container.site_uuid);
    if (!site) throw notFound('No such site');
    // A guest is ruled too: a site with commenting off answers 403, not "log in".
    const ctx = { user: request.user ? permissionUser(request.user.row) : null, settings: site.settings, content: { is_closed: container.is_closed === 1 } };
    if (isReply) enforce('reply', 'create', ctx);
    else enforce('comment', 'create', ctx);
    return requireUser(request);
  }

  /** A comments event, ready for the log (storage numbers it inside the write's transaction). */
  function draft(event: Omit<ContentEvent, 'content_type' | 'time' | 'seq'>): EventDraft {
    return { ...event, content_type: 'comments', time: Date.now() };
  }

  app.get<{ Params: { section: string }; Querystring: Common & { container_id: string } }>(
    '/:section/contentcontainer/id',
    {
      schema: {
        params: params(['section']),
        querystring: strictObject({ container_id: { type: 'string', minLength: 1, maxLength: 200 } }, ['container_id']),
      },
    },
    async (request) => {
      const site = await getSite(app.db, request.params.section);
      if (!site) throw notFound(`No site has the uuid ${request.params.section}`);
      const container = await getOrCreateContainer(app.db, site.uuid, request.query.container_id);
      return { result: { ...toApiContainer(container), signature: app.auth.signContainer(site.uuid, container.uuid) } };
    },
  );

  app.get<{ Params: ContainerParams }>(
    '/:section/:container/signature',
    { schema: { params: params(['section', 'container']), querystring: strictObject({}) } },
    async (request) => {
      const container = await loadContainer(request.params);
      return { result: { signature: app.auth.signContainer(container.site_uuid, container.uuid) } };
    },
  );

  app.get<{ Params: ContainerParams; Querystring: ListQuery }>(
    '/:section/:container/comments',
    {
      schema: {
        params: params(['section', 'container']),
        querystring: strictObject({
          limit,
          reply_limit: { type: 'integer', minimum: 0, maximum: 100, default: 2 },
          sorted_by: { type: 'string', enum: SORT_ORDERS, default: 'newest' },
          starting_from: uuid,
        }),
      },
    },
    async (request) => {
      const container = await loadContainer(request.params);
      const q = request.query;
      let after: CommentsTable | null = null;
      if (q.starting_from) {
        after = await getCommentInContainer(app.db, container.uuid, q.starting_from);
        if (!after || after.parent_uuid !== null) throw badRequest('starting_from is not a top-level comment of this content container', 'starting_from');
      }
      const page = await listTopLevel(app.db, container.uuid, q.sorted_by, q.limit, after);
      const replies = await firstRepliesOfThreads(app.db, page.rows.map((r) => r.uuid), q.reply_limit);
      const all = [...page.rows, ...[...replies.values()].flat()];
      const reactions = await reactionsBy(app.db, request.user?.row.uuid ?? null, all.map((r) => r.uuid));
      const contents: Comment[] = page.rows.map((row) => ({
        ...toApiComment(row, actionsOf(reactions, row.uuid)),
        replies: (replies.get(row.uuid) ?? []).map((reply) => toApiComment(reply, actionsOf(reactions, reply.uuid))),
      }));
      const result: CommentPage = {
        contents,
        next_starting_from: page.more ? (page.rows.at(-1)?.uuid ?? null) : null,
        more_available: page.more,
        total_visible_content: Number(container.total_visible_content),
        // Read with the container, before the list: a realtime client catches up from here, so
        // an event committed between this read and its subscription is not lost.
        latest_seq: Number(container.event_seq ?? 0),
      };
      return { result };
    },
  );

  /** Stores a comment (a reply when `parentUuid` is given), publishes it, returns it. */
  async function post(request: FastifyRequest, p: ContainerParams, content: string, parentUuid?: string): Promise<Comment> {
    const container = await loadContainer(p);
    const user = await checkCanPost(request, container, !!parentUuid);
    const parent = parentUuid ? await loadComment(container, parentUuid) : undefined;
    const text = normaliseComment(content);
    if (!text.ok) throw badRequest(text.message, 'content');
    const { row, event } = await insertComment(
      app.db,
      {
        site_uuid: container.site_uuid,
        container_uuid: container.uuid,
        actor_uuid: user.row.uuid,
        content: text.text,
        ...(parent ? { parent } : {}),
      },
      (row) => draft({
        event: 'created', section_uuid: row.site_uuid, content_container_uuid: row.container_uuid, content_uuid: row.uuid, actor_uuid: row.actor_uuid,
        content: toApiComment({ ...row, actor_name: user.row.name }),
      }),
    );
    app.hub.publish(event); // after commit: the event is in the log for catch-up
    return event.content ?? toApiComment({ ...row, actor_name: user.row.name });
  }

  app.post<{ Params: ContainerParams; Body: Common & { content: string } }>(
    '/:section/:container/comments',
    { schema: { params: params(['section', 'container']), body: contentBody, querystring: strictObject({}) } },
    async (request) => ({ result: await post(request, request.params, request.body.content) }),
  );

  app.post<{ Params: ContentParams; Body: Common & { content: string } }>(
    '/:section/:container/comments/:content_uuid',
    { schema: { params: params(['section', 'container', 'content_uuid']), body: contentBody, querystring: strictObject({}) } },
    async (request) => ({ result: await post(request, request.params, request.body.content, request.params.content_uuid) }),
  );

  app.get<{ Params: ContentParams; Querystring: Common & { limit: number; starting_from?: string } }>(
    '/:section/:container/content/:content_uuid/direct',
    {
      schema: {
        params: params(['section', 'container', 'content_uuid']),
        querystring: strictObject({ limit, starting_from: uuid }),
      },
    },
    async (request) => {
      const container = await loadContainer(request.params);
      const target = await loadComment(container, request.params.content_uuid);
      const root = target.thread_uuid === target.uuid ? target : await loadComment(container, target.thread_uuid);
      let after: CommentsTable | null = null;
      if (request.query.starting_from) {
        after = await getCommentInContainer(app.db, container.uuid, request.query.starting_from);
        if (!after || after.thread_uuid !== root.uuid || after.parent_uuid === null) {
          throw badRequest('starting_from is not a reply in this thread', 'starting_from');
        }
      }
      const page = await listThread(app.db, root.uuid, request.query.limit, after);
      const reactions = await reactionsBy(app.db, request.user?.row.uuid ?? null, page.rows.map((r) => r.uuid));
      const result: CommentPage = {
        contents: page.rows.map((row) => toApiComment(row, actionsOf(reactions, row.uuid))),
        next_starting_from: page.more ? (page.rows.at(-1)?.uuid ?? null) : null,
        more_available: page.more,
        total_visible_content: Number(root.total_replies),
      };
      return { result };
    },
  );

  // Likes and dislikes: POST adds, DELETE takes back; idempotent. Ruled by comment.like /
  // comment.dislike (the site's switch first, then a login, then hidden bans).
  const EVENTS = { like: ['liked', 'unliked'], dislike: ['disliked', 'undisliked'] } as const;
  for (const reaction of ['like', 'dislike'] as const satisfies readonly Reaction[]) {
    for (const method of ['POST', 'DELETE'] as const) {
      app.route<{ Params: ContentParams; Body: Common }>({
        method,
        url: `/:section/:container/comments/:content_uuid/${reaction}`,
        preValidation: absentBodyIsEmpty,
        schema: { params: params(['section', 'container', 'content_uuid']), body: strictObject({}), querystring: strictObject({}) },
        handler: async (request) => {
          const container = await loadContainer(request.params);
          const comment = await loadComment(container, request.params.content_uuid);
          const site = await getSite(app.db, container.site_uuid);
          if (!site) throw notFound('No such site');
          const viewer = request.user ? permissionUser(request.user.row) : null;
          enforce('comment', reaction, { user: viewer, settings: site.settings, content: { actor_uuid: comment.actor_uuid, state: 'visible' } });
          const user = requireUser(request);
          if (user.row.site_uuid !== container.site_uuid) throw new HttpError(403, 'This account belongs to another site');
          const on = method === 'POST';
          const total = reaction === 'like' ? 'total_likes' : 'total_dislikes';
          const change = await setReaction(app.db, reaction, comment.uuid, user.row.uuid, on, (count) => draft({
            event: EVENTS[reaction][on ? 0 : 1],
            section_uuid: comment.site_uuid,
            content_container_uuid: comment.container_uuid,
            content_uuid: comment.uuid,
            actor_uuid: user.row.uuid,
            [total]: count,
          }));
          if (change.event) app.hub.publish(change.event); // after commit
          return { result: { content_uuid: comment.uuid, [total]: change.total, [reaction === 'like' ? 'liked' : 'disliked']: on } };
        },
      });
    }
  }
}
