/**
 * The moderation queue's reads on `/api/v2` (docs/moderation.md "API"): each queue's count, a
 * page of a queue with its filters, and the pages by title for the page filter. Moderators and
 * admins of the site only; anyone else is refused before anything is read.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { QUEUE_KINDS, QUEUES, type QueueKind, type QueueName } from '../../core/moderation/types.ts';
import { notFound } from '../errors.ts';
import { answers, type Common, strictObject, uuid } from '../routes/schemas.ts';
import { CONFIRMED_META, pagesWithContainers } from '../pages/index.ts';
import { moderatorOf } from './access.ts';
import { profileItems } from './profiles.ts';
import { queueItems } from './queueItems.ts';
import { containsPattern, CURSOR_PATTERN, decodeCursor, encodeCursor, pageOf, queueCounts, queuePageUuids } from './queueQuery.ts';
import { pageOption, queueCounts as countsSchema, queuePage } from './schemas.ts';

interface QueueQuery extends Common {
  section: string;
  kind?: QueueKind;
  container?: string;
  author?: string;
  page_section?: string;
  q?: string;
  order: 'newest' | 'oldest';
  cursor?: string;
  limit: number;
}

const sectionOnly = strictObject({}, ['section']);
const shortText = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

export default async function moderationQueueRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Common & { section: string } }>(
    '/moderation/counts',
    { schema: { querystring: sectionOnly, response: answers(countsSchema) } },
    async (request) => {
      const { site } = await moderatorOf(app.db, request, request.query.section);
      return { result: await queueCounts(app.db, site.uuid) };
    },
  );

  app.get<{ Params: { queue: QueueName }; Querystring: QueueQuery }>(
    '/moderation/queue/:queue',
    {
      schema: {
        params: { type: 'object', additionalProperties: false, properties: { queue: { type: 'string', enum: [...QUEUES] } }, required: ['queue'] },
        querystring: strictObject(
          {
            kind: { type: 'string', enum: [...QUEUE_KINDS] },
            container: uuid,
            author: uuid,
            page_section: shortText(200),
            q: shortText(200),
            order: { type: 'string', enum: ['newest', 'oldest'], default: 'newest' },
            cursor: { type: 'string', pattern: CURSOR_PATTERN },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          ['section'],
        ),
        response: answers(queuePage),
      },
    },
    async (request) => {
      const { site } = await moderatorOf(app.db, request, request.query.section);
      const { queue } = request.params;
      const q = request.query;
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      if (queue === 'profiles') {
        const page = await profileItems(app.db, site.uuid, q.order, q.limit, cursor);
        return { result: { items: page.items, next_cursor: page.next && encodeCursor(page.next) } };
      }
      // A page or an author of another site lists nothing (the reads below leave the site out for them).
      if (q.container && !(await app.db.selectFrom('containers').select('uuid').where('uuid', '=', q.container).where('site_uuid', '=', site.uuid).executeTakeFirst())) {
        throw notFound('No such content container on this site');
      }
      if (q.author && !(await app.db.selectFrom('users').select('uuid').where('uuid', '=', q.author).where('site_uuid', '=', site.uuid).executeTakeFirst())) {
        throw notFound('No such user on this site');
      }
      const uuids = queuePageUuids(app.db, queue, {
        site: site.uuid, kind: q.kind, container: q.container, author: q.author, pageSection: q.page_section, q: q.q, order: q.order, cursor, limit: q.limit,
      });
      const page = pageOf(await queueItems(app.db, uuids), q.order, q.limit);
      return { result: { items: page.items, next_cursor: page.next && encodeCursor(page.next) } };
    },
  );

  app.get<{ Querystring: Common & { section: string; q: string } }>(
    '/moderation/pages',
    { schema: { querystring: strictObject({ q: shortText(200) }, ['section', 'q']), response: answers({ type: 'array', items: pageOption }) } },
    async (request) => {
      const { site } = await moderatorOf(app.db, request, request.query.section);
      const rows = await pagesWithContainers(app.db)
        .select(['containers.uuid as container_uuid', 'containers.kind', 'pages.title', 'pages.url'])
        .where('pages.site_uuid', '=', site.uuid)
        .where('pages.meta_source', 'in', CONFIRMED_META)
        .where(sql<boolean>`lower(pages.title) like ${containsPattern(request.query.q)} escape '\\'`)
        .orderBy('pages.date_updated', 'desc')
        .orderBy('page_containers.container_id')
        .limit(20)
        .execute();
      return { result: rows };
    },
  );
}
