/**
 * A local Backplane bus server (docs/login.md "Stand-ins"): the parts of the Backplane v2 and
 * v1.2 protocols vf and the page's Backplane script use, for tests and the demo.
 * - `POST /v2/message` `{ message: { bus, channel, type, payload, source? } }` → `{ messageURL }`
 *   (the page script publishes an identity message; the real server asks for the channel's
 *   token here, the stand-in does not);
 * - `GET /v2/message/:id` with a bus owner's Basic credentials → the message
 *   (`messageURL, source, type, bus, channel, sticky, payload`), 404 when unknown;
 * - `POST /v1.2/bus/:bus/channel/:channel` `[{ type, payload }]` (bus owner) → the new ids;
 * - `GET /v1.2/bus/:bus` (that bus's owner) → `[{ id, channel_name, message }]`.
 * The app registers it under /demo/standin/backplane in demo mode; tests start it alone.
 */
import { randomBytes } from 'node:crypto';
import { notApi } from './notApi.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface BackplaneStandinOptions {
  /** Each bus and its owner's credentials. */
  buses: Record<string, { user: string; secret: string }>;
  cors?: boolean;
}

interface Stored {
  id: string;
  bus: string;
  channel: string;
  type: string;
  source: string;
  payload: unknown;
}

const text = { type: 'string', minLength: 1, maxLength: 255 } as const;
const messageSchema = { type: 'object', properties: { type: text, payload: {}, source: { type: 'string' } }, required: ['type'] } as const;

export default async function backplaneStandin(app: FastifyInstance, options: BackplaneStandinOptions): Promise<void> {
  const messages = new Map<string, Stored>();
  const urlOf = (request: FastifyRequest, id: string) => `${request.protocol}://${request.host}${request.url.replace(/\/v2\/message.*$/, '')}/v2/message/${id}`;
  /** The bus whose owner's Basic credentials the request carries. */
  const ownerOf = (request: FastifyRequest): string | null => {
    const match = /^Basic (\S+)$/.exec(request.headers.authorization ?? '');
    const [user, secret] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':') : [];
    return Object.entries(options.buses).find(([, owner]) => owner.user === user && owner.secret === secret)?.[0] ?? null;
  };
  const unauthorised = (reply: FastifyReply) => reply.code(401).send({ ERR_MSG: 'invalid credentials' });
  const store = (bus: string, channel: string, message: { type: string; payload?: unknown; source?: string }): Stored => {
    const stored = { id: randomBytes(16).toString('hex'), bus, channel, type: message.type, source: message.source ?? 'standin', payload: message.payload ?? null };
    messages.set(stored.id, stored);
    return stored;
  };

  if (options.cors) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*').header('access-control-allow-headers', 'authorization, content-type');
    });
    app.options('/*', notApi, async (_request, reply) => reply.code(204).send());
  }

  app.post<{ Body: { message: { bus: string; channel: string; type: string; payload?: unknown; source?: string } } }>(
    '/v2/message',
    { ...notApi, schema: { body: { type: 'object', properties: { message: { ...messageSchema, properties: { ...messageSchema.properties, bus: text, channel: text }, required: ['bus', 'channel', 'type'] } }, required: ['message'] } } },
    async (request, reply) => {
      const { bus, channel } = request.body.message;
      if (!options.buses[bus]) return reply.code(403).send({ ERR_MSG: `unknown bus ${bus}` });
      return reply.code(201).send({ messageURL: urlOf(request, store(bus, channel, request.body.message).id) });
    },
  );

  app.get<{ Params: { id: string } }>('/v2/message/:id', notApi, async (request, reply) => {
    if (!ownerOf(request)) return unauthorised(reply);
    const found = messages.get(request.params.id);
    if (!found) return reply.code(404).send({ ERR_MSG: 'message not found' });
    const { id, ...message } = found;
    return { messageURL: urlOf(request, id), sticky: false, ...message };
  });

  app.post<{ Params: { bus: string; channel: string }; Body: { type: string; payload?: unknown }[] }>(
    '/v1.2/bus/:bus/channel/:channel',
    { ...notApi, schema: { body: { type: 'array', items: messageSchema, minItems: 1 } } },
    async (request, reply) => {
      if (ownerOf(request) !== request.params.bus) return unauthorised(reply);
      return request.body.map((message) => store(request.params.bus, request.params.channel, message).id);
    },
  );

  app.get<{ Params: { bus: string } }>('/v1.2/bus/:bus', notApi, async (request, reply) => {
    if (ownerOf(request) !== request.params.bus) return unauthorised(reply);
    return [...messages.values()]
      .filter((message) => message.bus === request.params.bus)
      .map(({ id, channel, type, source, payload }) => ({ id, channel_name: channel, message: { type, source, payload } }));
  });
}
