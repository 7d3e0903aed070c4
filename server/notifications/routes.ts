/**
 * Notifications (`/api/v5/notifications`, docs/notifications.md): the user's list and mentions,
 * delete, seen and read, topic follow and unfollow, and broadcasts by moderators and admins.
 * Push and its settings are in pushRoutes.ts; follow lists and counts in subscriptionRoutes.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type BroadcastBody, NOTIFICATION_FILTERS, type NotificationFilter } from '../../core/api/notificationTypes.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { enforce, viewerOn } from '../permissions/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { advanceStatus, deleteNotification, notificationRows } from './queries.ts';
import { getSite } from '../engine/sites.ts';
import { followTopic, MAX_FOLLOWED_TOPICS, topicFollowers, topicStanding, unfollowTopic } from '../follows/index.ts';
import { absentBodyIsEmpty, type Common, httpUrl, params, strictObject, uuid } from '../routes/schemas.ts';
import { broadcastOf, sendBroadcast } from './create.ts';
import { buildFeed } from './feed.ts';
import { broadcastAnswer, deletedAnswer, feedAnswer, statusAnswer, topicAnswer, unfollowedTopicAnswer } from './schemas.ts';

export const FEED_LIMIT = 50;
export const MAX_FEED_LIMIT = 100;

/** Publisher-chosen topic ids: letters, digits and `_ . : -`. */
const topicId = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
/** One line of text, no control characters. */
const line = (max: number, min = 0) => ({ type: 'string', minLength: min, maxLength: max, pattern: '^[^\\p{Cc}]*$' }) as const;
/** Text of several lines: no control characters but line feeds. */
const lines = (max: number) => ({ type: 'string', maxLength: max, pattern: '^(?:[^\\p{Cc}]|\\n)*$' }) as const;

const sectionParams = params(['section']);
/** A notification uuid, or `all` (seen and read). */
const statusParams = {
  type: 'object', additionalProperties: false, required: ['section', 'notification_uuid'],
  properties: { section: uuid, notification_uuid: { type: 'string', anyOf: [uuid, { const: 'all' }] } },
} as const;
export const topicParams = { type: 'object', additionalProperties: false, properties: { section: uuid, topic_id: topicId }, required: ['section', 'topic_id'] } as const;

/** The signed-in user, who must belong to the site in the path. */
export function userOfSection(request: FastifyRequest<{ Params: { section: string } }>) {
  const { row } = requireUser(request);
  if (row.site_uuid !== request.params.section) throw new HttpError(403, 'This account belongs to another site');
  return row;
}

interface ListQuery extends Common {
  filter?: NotificationFilter;
  limit: number;
  before?: number;
}


export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const listQuery = strictObject({
    filter: { type: 'string', enum: NOTIFICATION_FILTERS },
    limit: { type: 'integer', minimum: 1, maximum: MAX_FEED_LIMIT, default: FEED_LIMIT },
    before: { type: 'integer', minimum: 1 },
  });

  app.get<{ Params: { section: string }; Querystring: ListQuery }>(
    '/notifications/:section/all',
    { schema: { params: sectionParams, querystring: listQuery, response: feedAnswer } },
    async (request) => {
      const user = userOfSection(request);
      const { filter, limit, before } = request.query;
      const rows = await notificationRows(app.db, user.uuid, { limit, ...(filter ? { filter } : {}), ...(before ? { before } : {}) });
      return { result: await buildFeed(app, user, rows) };
    },
  );

  app.get<{ Params: { section: string; container: string }; Querystring: ListQuery }>(
    '/notifications/:section/mentions/:container',
    { schema: { params: params(['section', 'container']), querystring: listQuery, response: feedAnswer } },
    async (request) => {
      const user = userOfSection(request);
      const { filter, limit, before } = request.query;
      const query = { limit, containerUuid: request.params.container, ...(filter ? { filter } : {}), ...(before ? { before } : {}) };
      return { result: await buildFeed(app, user, await notificationRows(app.db, user.uuid, query)) };
    },
  );

  app.delete<{ Params: { section: string; notification_uuid: string } }>(
    '/notifications/:section/single/:notification_uuid',
    { preValidation: absentBodyIsEmpty, schema: { params: params(['section', 'notification_uuid']), body: strictObject({}), querystring: strictObject({}), response: deletedAnswer } },
    async (request) => {
      const user = userOfSection(request);
      if (!(await deleteNotification(app.db, user.uuid, request.params.notification_uuid))) throw notFound('No such notification');
      return { result: { notification_uuid: request.params.notification_uuid, deleted: true } };
    },
  );

  // PATCH, or POST with `verb: "PATCH"` (platform.md §7: the client sends every PATCH that way).
  for (const status of ['seen', 'read'] as const) {
    for (const method of ['PATCH', 'POST'] as const) {
      app.route<{ Params: { section: string; notification_uuid: string } }>({
        method,
        url: `/notifications/:section/${status}/:notification_uuid`,
        preValidation: absentBodyIsEmpty,
        schema: {
          params: statusParams,
          body: method === 'POST' ? strictObject({ verb: { type: 'string', const: 'PATCH' } }, ['verb']) : strictObject({ verb: { type: 'string', const: 'PATCH' } }),
          querystring: strictObject({}),
          response: statusAnswer,
        },
        handler: async (request) => {
          const user = userOfSection(request);
          const target = request.params.notification_uuid;
          const after = await advanceStatus(app.db, user.uuid, target === 'all' ? null : target, status);
          if (after === null) throw notFound('No such notification');
          return { result: { notification_uuid: target, status: after } };
        },
      });
    }
  }

  app.post<{ Params: { section: string; topic_id: string }; Body: Common & { topic_name: string; topic_type?: string } }>(
    '/notifications/:section/topics/:topic_id',
    { schema: { params: topicParams, body: strictObject({ topic_name: line(200, 1), topic_type: line(50, 1) }, ['topic_name']), querystring: strictObject({}), response: topicAnswer } },
    async (request) => {
      const site = await getSite(app.db, request.params.section);
      if (!site) throw notFound('No such site');
      enforce('topic', 'follow', { user: viewerOn(request, site.uuid), settings: site.settings });
      const user = userOfSection(request);
      const name = request.body.topic_name.trim();
      if (!name) throw badRequest('Topic name cannot be empty', 'topic_name');
      const topic = { topic_id: request.params.topic_id, topic_name: name, topic_type: request.body.topic_type?.trim() || 'topic' };
      const standing = await topicStanding(app.db, user.uuid, topic.topic_id);
      if (!standing.follows && standing.count >= MAX_FOLLOWED_TOPICS) {
        throw new HttpError(409, `You follow ${MAX_FOLLOWED_TOPICS} topics, the most one reader can; unfollow one first`);
      }
      return { result: await followTopic(app.db, user.uuid, site.uuid, topic) };
    },
  );

  app.delete<{ Params: { section: string; topic_id: string } }>(
    '/notifications/:section/topics/:topic_id',
    { preValidation: absentBodyIsEmpty, schema: { params: topicParams, body: strictObject({}), querystring: strictObject({}), response: unfollowedTopicAnswer } },
    async (request) => {
      const user = userOfSection(request);
      await unfollowTopic(app.db, user.uuid, request.params.topic_id);
      return { result: { topic_id: request.params.topic_id, followed: false } };
    },
  );

  app.post<{ Params: { section: string }; Body: Common & BroadcastBody }>(
    '/notifications/:section/broadcasts',
    {
      schema: {
        params: sectionParams,
        querystring: strictObject({}),
        body: strictObject(
          {
            scope: { type: 'string', enum: ['site', 'topic'] }, topic_id: topicId, title: line(200, 1), description: lines(1000),
            url: httpUrl, image_url: httpUrl, image_alt: line(300),
          },
          ['scope', 'title'],
        ),
        response: broadcastAnswer,
      },
    },
    async (request) => {
      const user = userOfSection(request);
      if (user.user_privilege !== 'mod' && user.user_privilege !== 'admin') throw new HttpError(403, 'Only moderators and administrators can send broadcasts');
      const body = request.body;
      if (body.scope === 'topic' && !body.topic_id) throw badRequest('A topic broadcast needs a topic_id', 'topic_id');
      if (body.scope === 'site' && body.topic_id) throw badRequest('A site broadcast has no topic_id', 'topic_id');
      const title = body.title.trim();
      if (!title) throw badRequest('Title cannot be empty', 'title');
      const row = {
        uuid: randomUUID(), site_uuid: user.site_uuid, actor_uuid: user.uuid, topic_id: body.topic_id ?? null, title,
        description: body.description?.trim() ?? '', url: body.url ?? null, image_url: body.image_url ?? null,
        image_alt: body.image_alt?.trim() || null, date_created: Date.now(),
      };
      const recipients = body.topic_id ? await topicFollowers(app.db, user.site_uuid, body.topic_id) : await siteMembers(app, user.site_uuid);
      const sent = await sendBroadcast(app, row, recipients);
      return { result: { broadcast: broadcastOf(row), recipients: sent } };
    },
  );
}

/** Every signed-up user of the site (a site broadcast's recipients). */
async function siteMembers(app: FastifyInstance, site: string): Promise<string[]> {
  const rows = await app.db.selectFrom('users').select('uuid').where('site_uuid', '=', site).where('user_privilege', 'in', ['user', 'mod', 'admin']).execute();
  return rows.map((row) => row.uuid);
}
