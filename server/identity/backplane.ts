/**
 * Backplane (docs/login.md "Backplane", spec platform.md §4, §7): the page's Backplane client
 * sees an identity message on its channel and hands its id to vf; the server reads the message
 * from the site's own bus with the bus owner's credentials (`POST /users/backplane`, Backplane
 * v2: `GET {server}/v2/message/{id}`; `POST /users/backplane_v1_2`, v1.2: the bus owner's
 * listing `GET {server}/v1.2/bus/{bus}`) and logs in only an `identity/login` message of that bus.
 */
import type { FastifyInstance } from 'fastify';
import type { ExternalProfile } from '../auth/jwtLogin.ts';
import { profileFromClaims } from '../auth/index.ts';
import { HttpError } from '../errors.ts';
import { externalSessions, loginAnswers } from './externalSession.ts';
import { type Common, strictObject } from '../routes/schemas.ts';
import type { BackplaneConfig } from './siteLogins.ts';
import { basicAuth, callVendor, textOf } from './vendorFetch.ts';

export const BACKPLANE_NOT_FOUND = 'This Backplane message could not be found';
export const BACKPLANE_OTHER_BUS = 'This Backplane message is not for this site';
export const BACKPLANE_NOT_IDENTITY = 'Only a Backplane identity/login message can log in';

const name = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\s/?#]+$' } as const;

/** A Backplane message as vf reads it. */
interface BusMessage {
  bus: string | null;
  channel: string | null;
  type: string | null;
  payload: unknown;
}

/** Backplane's identity payload (`identities.entry`): the account the message announces. */
export function identityProfile(payload: unknown): ExternalProfile | null {
  const identities = (payload as { identities?: { entry?: unknown } } | null)?.identities;
  const entry = identities?.entry as Record<string, unknown> | undefined;
  if (!entry || typeof entry !== 'object') return null;
  const accounts = Array.isArray(entry['accounts']) ? (entry['accounts'] as unknown[]) : [];
  const photos = Array.isArray(entry['photos']) ? (entry['photos'] as unknown[]) : [];
  return profileFromClaims({
    sub: textOf(accounts[0], 'identityUrl') ?? textOf(entry, 'id'),
    name: textOf(entry, 'displayName'),
    email: null, // a bus message vouches for no address
    picture: textOf(photos[0], 'value'),
  });
}

async function readV2(config: BackplaneConfig, id: string): Promise<BusMessage> {
  const { ok, status, body } = await callVendor(`${config.server_url.replace(/\/+$/, '')}/v2/message/${encodeURIComponent(id)}`, {
    headers: { authorization: basicAuth(config.bus_user, config.bus_secret) },
  });
  if (status === 404) throw new HttpError(401, BACKPLANE_NOT_FOUND);
  if (!ok) throw new HttpError(502, `The Backplane server answered ${status}`);
  return { bus: textOf(body, 'bus'), channel: textOf(body, 'channel'), type: textOf(body, 'type'), payload: (body as { payload?: unknown }).payload };
}

async function readV12(config: BackplaneConfig, id: string): Promise<BusMessage> {
  const { ok, status, body } = await callVendor(`${config.server_url.replace(/\/+$/, '')}/v1.2/bus/${encodeURIComponent(config.bus)}`, {
    headers: { authorization: basicAuth(config.bus_user, config.bus_secret) },
  });
  if (!ok || !Array.isArray(body)) throw new HttpError(502, `The Backplane server answered ${status}`);
  const frame = (body as unknown[]).find((item) => textOf(item, 'id') === id) as { channel_name?: string; message?: unknown } | undefined;
  if (!frame) throw new HttpError(401, BACKPLANE_NOT_FOUND);
  // The owner's listing holds only the site's bus.
  return { bus: config.bus, channel: frame.channel_name ?? null, type: textOf(frame.message, 'type'), payload: (frame.message as { payload?: unknown } | undefined)?.payload };
}

export default async function backplaneRoutes(app: FastifyInstance): Promise<void> {
  const { configFor, finish } = externalSessions(app);

  async function loginWith(section: string | undefined, read: (config: BackplaneConfig) => Promise<BusMessage>, channel?: string) {
    const { site, config } = await configFor(section, 'backplane');
    const message = await read(config);
    if (message.bus !== config.bus || (channel !== undefined && message.channel !== channel)) throw new HttpError(401, BACKPLANE_OTHER_BUS);
    if (message.type !== 'identity/login') throw new HttpError(401, BACKPLANE_NOT_IDENTITY);
    return finish(site, 'backplane', identityProfile(message.payload));
  }

  app.post<{ Body: Common & { messageChannel: string; messageid: string } }>(
    '/users/backplane',
    { schema: { body: strictObject({ messageChannel: name, messageid: name, thirdparty_enabled: { type: 'boolean' } }, ['section', 'messageChannel', 'messageid']), querystring: strictObject({}), response: loginAnswers } },
    async (request) => loginWith(request.body.section, (config) => readV2(config, request.body.messageid), request.body.messageChannel),
  );

  app.post<{ Body: Common & { backplane_id: string; thirdparty_enabled?: boolean } }>(
    '/users/backplane_v1_2',
    {
      schema: {
        body: strictObject({ backplane_id: name, thirdparty_enabled: { type: 'boolean' } }, ['section', 'backplane_id']),
        querystring: strictObject({}),
        response: loginAnswers,
      },
    },
    async (request) => loginWith(request.body.section, (config) => readV12(config, request.body.backplane_id)),
  );
}
