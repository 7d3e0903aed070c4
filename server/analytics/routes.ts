/**
 * The analytics service (`/api/analytics`, docs/analytics.md).
 * - `POST /events?domain=<d>`: a batch of events (core/analytics/eventTypes.ts), JSON sent as
 *   text/plain (sendBeacon, no CORS preflight) or application/json (fetch). 204 when stored (also
 *   when every event was a repeat); 400 bad JSON or schema (nothing stored); 413 over 64 KiB or
 *   100 events; 429 rate limited; 404 unknown domain.
 * - `GET /events.gif?domain=<d>&batch=<url-encoded JSON>`: the image fallback, same rules; a 1×1 GIF.
 * - `GET /{section_uuid}/dashboard?from&to`: the site's figures (core/api/analyticsTypes.ts), admins only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AnalyticsBatch, MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../../core/analytics/eventTypes.ts';
import { DASHBOARD_MAX_DAYS, dayMs } from '../../core/api/analyticsTypes.ts';
import { type AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS, limitAnalytics } from '../plugins/rateLimit.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { params, sends } from '../routes/schemas.ts';
import { siteForAdmin } from '../sites/index.ts';
import { dayOf, pruneAnalytics } from './queries.ts';
import { dashboard } from './dashboard.ts';
import { hostOf } from '../engine/sites.ts';
import { bodyValidator } from '../validation.ts';
import { ingestQueue } from './ingestQueue.ts';
import { analyticsBatch, dashboardAnswer, dashboardQuery, eventsQuery, gifQuery } from './schemas.ts';

/** The smallest transparent GIF (1×1). */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const DEFAULT_PERIOD_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const tooLarge = () => new HttpError(413, `A batch holds at most ${MAX_BATCH_EVENTS} events and ${MAX_BATCH_BYTES} bytes`);

/** A batch over MAX_BATCH_EVENTS is a 413 (before the schema, which would say 400). */
function checkCount(body: unknown): void {
  const events = (body as { events?: unknown } | null)?.events;
  if (Array.isArray(events) && events.length > MAX_BATCH_EVENTS) throw tooLarge();
}

/** `YYYY-MM-DD` as a UTC day number; a 400 for a date that does not exist. */
function dayParam(text: string, field: string): number {
  const ms = dayMs(text);
  if (Number.isNaN(ms)) throw badRequest(`${field} is not a date (YYYY-MM-DD)`, field);
  return dayOf(ms);
}

export default async function analyticsRoutes(app: FastifyInstance, options: { limits?: AnalyticsLimits }): Promise<void> {
  const limits = options.limits ?? DEFAULT_ANALYTICS_LIMITS;
  const validBatch = bodyValidator(analyticsBatch);
  const ingest = ingestQueue(app.db);
  app.queueDepths.set('analytics_ingest', () => ingest.depth);

  // Beacons send JSON as text/plain; both are read as JSON, as text first so size is a 413.
  const parseJson = (_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(badRequest('Request body is not valid JSON'));
    }
  };
  for (const type of ['application/json', 'text/plain']) app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_BATCH_BYTES }, parseJson);
  const parent = app.errorHandler;
  app.setErrorHandler((error, request, reply) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return parent.call(app, tooLarge() as never, request, reply);
    return parent.call(app, error, request, reply);
  });

  let lastPrune = 0;
  async function accept(request: FastifyRequest, reply: FastifyReply, domain: string, batch: AnalyticsBatch): Promise<void> {
    const host = hostOf(domain) ?? domain;
    const siteUuid = await app.sites.siteForHost(host);
    if (!siteUuid) throw notFound(`No site is configured for ${host}`);
    limitAnalytics(app.postLimiter, limits, request, reply, siteUuid);
    const now = Date.now();
    await ingest.add({ siteUuid, events: batch.events });
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      pruneAnalytics(app.db, now).catch((error: unknown) => request.log.warn({ err: error }, 'analytics prune failed'));
    }
  }

  app.post<{ Querystring: { domain: string }; Body: AnalyticsBatch }>(
    '/events',
    {
      preValidation: async (request) => checkCount(request.body),
      schema: { querystring: eventsQuery, body: analyticsBatch, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      await accept(request, reply, request.query.domain, request.body);
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { domain: string; batch: string } }>(
    '/events.gif',
    { schema: { querystring: gifQuery, response: { 200: sends('A 1×1 transparent GIF', 'image/gif') } } },
    async (request, reply) => {
      if (Buffer.byteLength(request.query.batch) > MAX_BATCH_BYTES) throw tooLarge();
      let batch: unknown;
      try {
        batch = JSON.parse(request.query.batch);
      } catch {
        throw badRequest('batch is not valid JSON', 'batch');
      }
      checkCount(batch);
      if (!validBatch(batch)) throw badRequest(`batch ${validBatch.errors?.[0]?.instancePath ?? ''} ${validBatch.errors?.[0]?.message ?? 'is invalid'}`.replace(/\s+/g, ' '), 'batch');
      await accept(request, reply, request.query.domain, batch as AnalyticsBatch);
      return reply.header('cache-control', 'no-store').type('image/gif').send(GIF);
    },
  );

  app.get<{ Params: { section_uuid: string }; Querystring: { from?: string; to?: string } }>(
    '/:section_uuid/dashboard',
    { schema: { params: params(['section_uuid']), querystring: dashboardQuery, response: dashboardAnswer } },
    async (request) => {
      const site = await siteForAdmin(app.db, request, request.params.section_uuid, 'see its analytics');
      const { from, to } = request.query;
      const toDay = to ? dayParam(to, 'to') : dayOf(Date.now());
      const fromDay = from ? dayParam(from, 'from') : toDay - DEFAULT_PERIOD_DAYS + 1;
      if (fromDay > toDay) throw badRequest('from is after to', 'from');
      if (toDay - fromDay + 1 > DASHBOARD_MAX_DAYS) throw badRequest(`The period is longer than ${DASHBOARD_MAX_DAYS} days`, 'from');
      return { result: await dashboard(app.db, site.uuid, fromDay, toDay) };
    },
  );
}
