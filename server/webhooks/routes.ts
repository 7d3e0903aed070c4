/**
 * The admin API of webhooks on `/api/v2` (docs/webhooks.md): a site's admins list, register,
 * change and remove the URLs that hear its content and moderation events, rotate a webhook's
 * signing secret, send it a test ping and read its recent deliveries. The secret is answered
 * only by the calls that make it (creation, rotation); lists never carry it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBHOOK_EVENTS, WEBHOOK_PING, type WebhookEventType } from '../../core/api/webhookTypes.ts';
import { badRequest, notFound } from '../errors.ts';
import { siteForAdmin } from '../sites/index.ts';
import { absentBodyIsEmpty, answers, type Common, params, strictObject } from '../routes/schemas.ts';
import { countWebhooks, createWebhook, deleteWebhook, getDelivery, getWebhook, listWebhooks, recentDeliveries, rotateSecret, toApiDelivery, updateWebhook } from './queries.ts';
import { enqueueDeliveries } from '../engine/outbox.ts';
import { MAX_URL_LENGTH, urlProblem } from './targets.ts';

/** Webhooks one site may have. */
export const MAX_WEBHOOKS_PER_SITE = 20;
const DOING = 'manage its webhooks';

const delivery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    delivery_uuid: { type: 'string' },
    event: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    last_status: { type: ['integer', 'null'] },
    last_error: { type: ['string', 'null'] },
    date_created: { type: 'integer' },
    date_last_attempt: { type: ['integer', 'null'] },
    next_attempt_at: { type: ['integer', 'null'] },
  },
  required: ['delivery_uuid', 'event', 'status', 'attempts', 'last_status', 'last_error', 'date_created', 'date_last_attempt', 'next_attempt_at'],
} as const;

const eventList = { type: 'array', minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true, items: { type: 'string', enum: [...WEBHOOK_EVENTS] } } as const;

const webhook = {
  type: 'object',
  additionalProperties: false,
  properties: {
    webhook_uuid: { type: 'string' },
    url: { type: 'string' },
    description: { type: 'string' },
    events: { type: 'array', items: { type: 'string' } },
    date_created: { type: 'integer' },
    date_updated: { type: 'integer' },
    last_delivery: { anyOf: [delivery, { type: 'null' }] },
    /** Only right after creation or rotation. */
    secret: { type: 'string' },
  },
  required: ['webhook_uuid', 'url', 'description', 'events', 'date_created', 'date_updated', 'last_delivery'],
} as const;

const fields = {
  url: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH },
  events: eventList,
  description: { type: 'string', maxLength: 200, pattern: '^[^\\p{Cc}]*$' },
} as const;

type SiteParams = { uuid: string };
type HookParams = SiteParams & { webhook_uuid: string };
interface HookBody extends Common {
  url?: string;
  events?: WebhookEventType[];
  description?: string;
}

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const admin = (request: FastifyRequest<{ Params: SiteParams }>) => siteForAdmin(app.db, request, request.params.uuid, DOING);

  /** The URL as given, if the target rules allow it (400 otherwise). */
  function checkedUrl(url: string): string {
    const problem = urlProblem(url, app.webhooks.policy);
    if (problem) throw badRequest(problem, 'url');
    return url;
  }

  async function hookOr404(siteUuid: string, uuid: string) {
    const hook = await getWebhook(app.db, siteUuid, uuid);
    if (!hook) throw notFound('No such webhook on this site');
    return hook;
  }

  const siteParams = params(['uuid']);
  const hookParams = params(['uuid', 'webhook_uuid']);
  const noBody = { preValidation: absentBodyIsEmpty };

  app.get<{ Params: SiteParams }>(
    '/sites/:uuid/webhooks',
    { schema: { params: siteParams, querystring: strictObject({}), response: answers({ type: 'array', items: webhook }) } },
    async (request) => ({ result: await listWebhooks(app.db, (await admin(request)).uuid) }),
  );

  app.post<{ Params: SiteParams; Body: HookBody & { url: string; events: WebhookEventType[] } }>(
    '/sites/:uuid/webhooks',
    {
      schema: {
        params: siteParams, body: strictObject(fields, ['url', 'events']), querystring: strictObject({}), response: answers(webhook),
      },
    },
    async (request) => {
      const site = await admin(request);
      const { url, events, description = '' } = request.body;
      checkedUrl(url);
      if ((await countWebhooks(app.db, site.uuid)) >= MAX_WEBHOOKS_PER_SITE) throw badRequest(`A site has at most ${MAX_WEBHOOKS_PER_SITE} webhooks`);
      return { result: await createWebhook(app.db, site.uuid, request.user!.row.uuid, { url, events, description: description.trim() }) };
    },
  );

  app.patch<{ Params: HookParams; Body: HookBody }>(
    '/sites/:uuid/webhooks/:webhook_uuid',
    { schema: { params: hookParams, body: strictObject(fields), querystring: strictObject({}), response: answers(webhook) } },
    async (request) => {
      const site = await admin(request);
      const { url, events, description } = request.body;
      if (url !== undefined) checkedUrl(url);
      const change = { ...(url !== undefined ? { url } : {}), ...(events ? { events } : {}), ...(description !== undefined ? { description: description.trim() } : {}) };
      if (!(await updateWebhook(app.db, site.uuid, request.params.webhook_uuid, change))) throw notFound('No such webhook on this site');
      return { result: await hookOr404(site.uuid, request.params.webhook_uuid) };
    },
  );

  app.delete<{ Params: HookParams }>(
    '/sites/:uuid/webhooks/:webhook_uuid',
    {
      ...noBody,
      schema: {
        params: hookParams, body: strictObject({}), querystring: strictObject({}),
        response: answers({ type: 'object', additionalProperties: false, properties: { webhook_uuid: { type: 'string' }, removed: { type: 'boolean' } }, required: ['webhook_uuid', 'removed'] }),
      },
    },
    async (request) => {
      const site = await admin(request);
      if (!(await deleteWebhook(app.db, site.uuid, request.params.webhook_uuid))) throw notFound('No such webhook on this site');
      return { result: { webhook_uuid: request.params.webhook_uuid, removed: true } };
    },
  );

  app.post<{ Params: HookParams }>(
    '/sites/:uuid/webhooks/:webhook_uuid/secret',
    { ...noBody, schema: { params: hookParams, body: strictObject({}), querystring: strictObject({}), response: answers(webhook) } },
    async (request) => {
      const site = await admin(request);
      const secret = await rotateSecret(app.db, site.uuid, request.params.webhook_uuid);
      if (!secret) throw notFound('No such webhook on this site');
      return { result: { ...(await hookOr404(site.uuid, request.params.webhook_uuid)), secret } };
    },
  );

  app.post<{ Params: HookParams }>(
    '/sites/:uuid/webhooks/:webhook_uuid/ping',
    { ...noBody, schema: { params: hookParams, body: strictObject({}), querystring: strictObject({}), response: answers(delivery) } },
    async (request) => {
      const site = await admin(request);
      const hook = await hookOr404(site.uuid, request.params.webhook_uuid);
      const [uuid] = await enqueueDeliveries(app.db, site.uuid, [hook.webhook_uuid], WEBHOOK_PING, { webhook_uuid: hook.webhook_uuid }, app.webhooks.now());
      await app.webhooks.sendNow(uuid!);
      const row = await getDelivery(app.db, uuid!);
      if (!row) throw notFound('No such webhook on this site'); // removed meanwhile
      return { result: toApiDelivery(row) };
    },
  );

  app.get<{ Params: HookParams; Querystring: Common & { limit?: number } }>(
    '/sites/:uuid/webhooks/:webhook_uuid/deliveries',
    {
      schema: {
        params: hookParams, querystring: strictObject({ limit: { type: 'integer', minimum: 1, maximum: 100 } }), response: answers({ type: 'array', items: delivery }),
      },
    },
    async (request) => {
      const site = await admin(request);
      const hook = await hookOr404(site.uuid, request.params.webhook_uuid);
      return { result: await recentDeliveries(app.db, hook.webhook_uuid, request.query.limit ?? 50) };
    },
  );
}
