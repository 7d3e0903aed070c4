/**
 * Browser push calls (`/api/v5`, docs/notifications.md and docs/push.md): the server's VAPID key,
 * the user's push switch (`is_user_notification_on`), and subscribing or unsubscribing a browser.
 * A subscription is checked whole before anything is stored: the endpoint must be https on one of
 * the push services' hosts (`VF_PUSH_HOSTS`: the server POSTs there, so no other address may be
 * named; in demo mode also 127.0.0.1/localhost over http, for a local push service in development
 * and tests, asked for on this machine: plugins/demoGate.ts), the keys must be a real P-256 point
 * and a 16-byte secret.
 */
import type { FastifyInstance } from 'fastify';
import { createECDH } from 'node:crypto';
import type { PushSubscriptionBody } from '../../core/api/notificationTypes.ts';
import { badRequest, HttpError } from '../errors.ts';
import { isLocalRequest } from '../plugins/demoGate.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';
import { deleteSubscription, pushSwitchOf, saveSubscription, setPushSwitch } from './pushSubscriptions.ts';
import { vapidKeys } from './vapidKeys.ts';
import { getSite } from '../engine/sites.ts';
import { userOfSection } from './routes.ts';

const SERVICE_TYPE = 'web_push';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';

const sectionParams = params(['section']);
const result = (properties: Record<string, object>) => ({
  type: 'object',
  properties: { result: { type: 'object', additionalProperties: false, properties, required: Object.keys(properties) } },
  required: ['result'],
});
const settingResult = result({ is_user_notification_on: { type: 'boolean' } });
const subscriptionResult = result({ subscription_id: { type: 'string' }, subscribed: { type: 'boolean' } });
const text = (maxLength: number) => ({ type: 'string', maxLength });
const subscriptionId = { type: 'string', minLength: 1, maxLength: 500 };

const subscribeBody = strictObject(
  {
    service_type: text(50),
    subscription_id: subscriptionId,
    public_key: { type: 'string', minLength: 1, maxLength: 200 },
    auth_secret: { type: 'string', minLength: 1, maxLength: 100 },
    endpoint: { type: 'string', minLength: 1, maxLength: 2048 },
    view: { type: 'object', additionalProperties: false, properties: { uniqueId: text(500) } },
    meta: { type: 'object', additionalProperties: false, properties: { privilege: text(50), url: text(2048), page: text(500) } },
    rq: text(200),
  },
  ['service_type', 'subscription_id', 'public_key', 'auth_secret', 'endpoint'],
);
const unsubscribeBody = strictObject({ service_type: text(50), subscription_id: subscriptionId }, ['service_type', 'subscription_id']);

function checkServiceType(value: string): void {
  if (value !== SERVICE_TYPE) throw badRequest(`Unsupported service_type ${value}`, 'service_type');
}

function decoded(value: string): Buffer | null {
  return new RegExp(BASE64URL).test(value) ? Buffer.from(value, 'base64url') : null;
}

/** Throws a 400 naming the first bad field of a subscription. */
export function checkSubscription(body: Pick<PushSubscriptionBody, 'endpoint' | 'public_key' | 'auth_secret'>, where: { hosts: string[]; local: boolean }): void {
  let url: URL | null = null;
  try {
    url = new URL(body.endpoint);
  } catch {
    // reported below
  }
  const host = url?.hostname.toLowerCase() ?? '';
  const service = url?.protocol === 'https:' && where.hosts.some((known) => host === known || host.endsWith(`.${known}`));
  const local = where.local && (url?.protocol === 'https:' || url?.protocol === 'http:') && LOCAL_HOSTS.has(host);
  if (!url || !(service || local) || url.username || url.password) throw badRequest('endpoint must be an https: URL of a push service', 'endpoint');
  const key = decoded(body.public_key);
  let onCurve = false;
  if (key?.length === 65 && key[0] === 0x04) {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(key); // throws unless the point is on P-256
      onCurve = true;
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve) throw badRequest('public_key must be a base64url uncompressed P-256 public key (65 bytes)', 'public_key');
  if (decoded(body.auth_secret)?.length !== 16) throw badRequest('auth_secret must be 16 bytes in base64url', 'auth_secret');
}

export default async function pushRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { section: string } }>(
    '/notifications/:section/push/key',
    { schema: { params: sectionParams, querystring: strictObject({}), response: { 200: result({ public_key: { type: 'string' } }) } } },
    async () => ({ result: { public_key: (await vapidKeys(app.db)).public_key } }),
  );

  app.get<{ Params: { section: string } }>(
    '/notifications/:section/settings',
    { schema: { params: sectionParams, querystring: strictObject({}), response: { 200: settingResult } } },
    async (request) => {
      const row = userOfSection(request);
      return { result: { is_user_notification_on: await pushSwitchOf(app.db, row.uuid) } };
    },
  );

  app.post<{ Params: { section: string }; Body: Common & { is_user_notification_on: boolean } }>(
    '/notifications/:section/settings',
    {
      schema: {
        params: sectionParams,
        body: strictObject({ is_user_notification_on: { type: 'boolean' } }, ['is_user_notification_on']),
        querystring: strictObject({}),
        response: { 200: settingResult },
      },
    },
    async (request) => {
      const row = userOfSection(request);
      await setPushSwitch(app.db, row.uuid, request.body.is_user_notification_on);
      return { result: { is_user_notification_on: request.body.is_user_notification_on } };
    },
  );

  app.post<{ Params: { section: string }; Body: Common & PushSubscriptionBody }>(
    '/subscriptions/:section/push',
    { schema: { params: sectionParams, body: subscribeBody, querystring: strictObject({}), response: { 200: subscriptionResult } } },
    async (request) => {
      const row = userOfSection(request);
      const body = request.body;
      checkServiceType(body.service_type);
      checkSubscription(body, { hosts: app.pushHosts, local: app.demo && isLocalRequest(request.headers) });
      const site = await getSite(app.db, row.site_uuid);
      if (!site?.settings.enable_push_notifications) throw new HttpError(403, 'Push notifications are not enabled on this site');
      await saveSubscription(app.db, {
        user_uuid: row.uuid,
        subscription_id: body.subscription_id,
        site_uuid: row.site_uuid,
        endpoint: body.endpoint,
        public_key: body.public_key,
        auth_secret: body.auth_secret,
      });
      return { result: { subscription_id: body.subscription_id, subscribed: true } };
    },
  );

  app.delete<{ Params: { section: string }; Body: Common & { service_type: string; subscription_id: string } }>(
    '/subscriptions/:section/push',
    { preValidation: absentBodyIsEmpty, schema: { params: sectionParams, body: unsubscribeBody, querystring: strictObject({}), response: { 200: subscriptionResult } } },
    async (request) => {
      const row = userOfSection(request);
      checkServiceType(request.body.service_type);
      await deleteSubscription(app.db, row.uuid, request.body.subscription_id);
      return { result: { subscription_id: request.body.subscription_id, subscribed: false } };
    },
  );
}
