/**
 * Trending conversations for <vf-trending-articles> (`/api/comments`, docs/api.md "trending"):
 * the site's trending list, the list recommended for one reader, and the reads it learns from.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findContainer } from '../../engine/containers.ts';
import { recordRead, type TrendingReader, trendingContainers } from '../../pages/index.ts';
import { VISITOR_ID_HEADER, VISITOR_ID_PATTERN } from '../../../core/analytics/visitorId.ts';
import { siteOr404 } from '../../engine/sites.ts';
import { MAX_FOLLOWED_TOPICS, topicsOf } from '../../follows/index.ts';
import { answers, type Common, params, strictObject } from '../../routes/schemas.ts';

interface TrendingQuery extends Common {
  limit: number;
  content_container_window_days: number;
  content_window_hours: number;
  sorted_by: 'total_visible_contents';
  date_time?: number;
  with_page: boolean;
}
type SectionRequest<Q> = FastifyRequest<{ Params: { section: string }; Querystring: Q }>;

/** Trending options (content.md §5: count 1–100 (5), days 1–30 (7), hours 1–48 (3)). */
const trendingQuery = strictObject({
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
  content_container_window_days: { type: 'integer', minimum: 1, maximum: 30, default: 7 },
  content_window_hours: { type: 'integer', minimum: 1, maximum: 48, default: 3 },
  sorted_by: { type: 'string', enum: ['total_visible_contents'], default: 'total_visible_contents' },
  date_time: { type: 'integer', minimum: 0 },
  // vf's own: only conversations whose page is known (<vf-trending-articles> lists articles)
  with_page: { type: 'boolean', default: false },
});

const visitorHeader = {
  type: 'object',
  properties: { [VISITOR_ID_HEADER]: { type: 'string', pattern: VISITOR_ID_PATTERN } },
  required: [VISITOR_ID_HEADER],
};

const nullableText = { type: ['string', 'null'] };
const trendingItem = {
  type: 'object',
  additionalProperties: false,
  properties: {
    content_container_uuid: { type: 'string' },
    container_id: { type: 'string' },
    section_uuid: { type: 'string' },
    total_visible_content: { type: 'integer' },
    date_created: { type: 'integer' },
    settings: {
      type: 'object',
      additionalProperties: false,
      properties: { is_hidden: { type: 'boolean' }, is_closed: { type: 'boolean' }, is_premoderated: { type: 'boolean' } },
    },
    page: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { title: { type: 'string' }, url: { type: 'string' }, image_url: nullableText, image_alt: nullableText },
    },
  },
  required: ['content_container_uuid', 'container_id', 'section_uuid', 'total_visible_content', 'date_created', 'settings', 'page'],
};
const trendingResponse = answers({ type: 'object', required: ['contents'], properties: { contents: { type: 'array', items: trendingItem } } });

/** A time in ms; under 13 digits it is seconds (content.md §3). */
const toMs = (time: number) => (time < 1e12 ? time * 1000 : time);

export default async function trendingRoutes(app: FastifyInstance): Promise<void> {
  const loadSite = (uuid: string) => siteOr404(app.db, uuid);

  const trending = async (request: SectionRequest<TrendingQuery>, reader?: TrendingReader) => {
    const site = await loadSite(request.params.section);
    const q = request.query;
    const at = q.date_time === undefined ? Date.now() : toMs(q.date_time);
    const contents = await trendingContainers(app.db, site.uuid, {
      limit: q.limit, days: q.content_container_window_days, hours: q.content_window_hours, at, reader, withPage: q.with_page,
    });
    return { result: { contents } };
  };

  app.get<{ Params: { section: string }; Querystring: TrendingQuery }>(
    '/:section/trending',
    { schema: { params: params(['section']), querystring: trendingQuery, response: trendingResponse } },
    (request) => trending(request),
  );

  // For one reader (their visitor id in X-Unique-Id): trending without the conversations they read
  // (POST …/reads) or, signed in, commented in; pages on topics they follow come first.
  app.get<{ Params: { section: string }; Querystring: TrendingQuery }>(
    '/:section/trendingrecommended',
    { schema: { params: params(['section']), querystring: trendingQuery, headers: visitorHeader, response: trendingResponse } },
    async (request) => {
      const user = request.user?.row;
      const signedIn = user && user.site_uuid === request.params.section && user.user_privilege !== 'guest' ? user : null;
      const reader: TrendingReader = { visitorId: request.headers[VISITOR_ID_HEADER] as string };
      if (signedIn) {
        reader.userUuid = signedIn.uuid;
        reader.topics = (await topicsOf(app.db, signedIn.uuid, MAX_FOLLOWED_TOPICS)).map((topic) => topic.topic_id);
      }
      return trending(request, reader);
    },
  );

  // The reader (X-Unique-Id) read the page of this conversation. Only the site's known
  // conversations are recorded (`recorded: false` otherwise): nothing else could be recommended.
  app.post<{ Params: { section: string }; Body: Common & { container_id: string } }>(
    '/:section/reads',
    {
      schema: {
        params: params(['section']),
        querystring: strictObject({}),
        headers: visitorHeader,
        body: strictObject({ container_id: { type: 'string', minLength: 1, maxLength: 2048 } }, ['container_id']),
        response: answers({ type: 'object', required: ['recorded'], properties: { recorded: { type: 'boolean' } } }),
      },
    },
    async (request) => {
      const site = await loadSite(request.params.section);
      const container = await findContainer(app.db, site.uuid, request.body.container_id);
      if (container) await recordRead(app.db, site.uuid, request.headers[VISITOR_ID_HEADER] as string, container.uuid);
      return { result: { recorded: !!container } };
    },
  );
}
