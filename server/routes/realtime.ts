/**
 * The realtime feed (`/ws?site_uuid=`): one socket per page. The socket is accepted, then
 * closed with 4404 (unknown site) or 4403 (Origin not one of the site's domains) so the client
 * sees a reason; frames are checked in realtime/frames.ts; dead sockets are dropped by ping/pong;
 * a socket whose send buffer passes the hub's bound is closed (it catches up on reconnect).
 * Also the catch-up call, `GET /api/comments/{section}/{container}/events?after=`.
 */
import type {} from '@fastify/websocket'; // the route option `websocket: true` and its handler types
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventsPage, ServerFrame } from '../../core/api/types.ts';
import { notFound } from '../errors.ts';
import type { HubClient } from '../realtime/hub.ts';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../realtime/hub.ts';
import { beforeFrame, bufferedOver } from '../realtime/corkedWrites.ts';
import { sendText as sendTextFrame } from '../realtime/wireFrames.ts';
import { parseClientFrame } from '../realtime/frames.ts';
import { eventsAfter, latestSeqs, MAX_CATCH_UP } from '../engine/events.ts';
import { getContainer } from '../engine/containers.ts';
import { getSite, hostOf } from '../engine/sites.ts';
import { contentEvent, count, shape } from '../engine/schemas.ts';
import { answers, noBody, params, strictObject, uuid } from './schemas.ts';

export const LIVENESS_INTERVAL_MS = 30_000;
/** Close code for a socket dropped as a slow consumer (the client reconnects and catches up). */
export const SLOW_CONSUMER_CLOSE = 4008;

export default async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  const alive = new Map<WebSocket, boolean>();
  const timer = setInterval(() => {
    for (const [socket, answered] of alive) {
      if (!answered) {
        socket.terminate(); // no pong since the last ping
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, LIVENESS_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get<{ Params: { section: string; container: string }; Querystring: { after: number; limit: number } }>(
    '/api/comments/:section/:container/events',
    {
      schema: {
        params: params(['section', 'container']),
        querystring: strictObject(
          {
            after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
            limit: { type: 'integer', minimum: 1, maximum: MAX_CATCH_UP, default: 100 },
          },
          ['after'],
        ),
        response: answers(shape(
          { events: { type: 'array', items: contentEvent }, more: { type: 'boolean' }, latest_seq: count, expired: { type: 'boolean' } },
          ['events', 'more', 'latest_seq', 'expired'],
        )),
      },
    },
    async (request) => {
      const { section, container } = request.params;
      const row = await getContainer(app.db, section, container);
      if (!row) throw notFound('No such content container in this section');
      const { after, limit } = request.query;
      const page = await eventsAfter(app.db, row.uuid, after, limit);
      // Read after the events: a newer event committed meanwhile shows as latest_seq > last seq.
      const latest = (await latestSeqs(app.db, section, [row.uuid]))[row.uuid] ?? 0;
      const result: EventsPage = { ...page, latest_seq: latest, expired: page.expired || (page.events.length === 0 && latest > after) };
      return { result };
    },
  );

  app.get<{ Querystring: { site_uuid: string } }>(
    '/ws',
    {
      websocket: true,
      // The upgrade answers 101 and the frames follow on the socket (docs/api.md "Realtime"): no body to describe.
      schema: { querystring: strictObject({ site_uuid: uuid }, ['site_uuid']), response: { 101: noBody('Switching Protocols: the realtime websocket') } },
    },
    (socket, request) => {
      const send = (frame: ServerFrame) => sendText(Buffer.from(JSON.stringify(frame)));
      const sendText = (text: Buffer) => {
        if (socket.readyState !== socket.OPEN) return;
        if (bufferedOver(socket, app.hub.maxBufferedBytes)) {
          // A slow consumer: drop it rather than let its buffer grow; it catches up on reconnect.
          // terminate(), not close(): a close frame would queue behind the full buffer.
          request.log.warn({ buffered: socket.bufferedAmount }, 'realtime socket too slow; closing');
          socket.terminate();
          return;
        }
        beforeFrame(socket);
        // A text frame: the protocol is JSON text (a binary frame reaches browsers as a Blob).
        sendTextFrame(socket, text);
      };
      // Handlers are attached now (messages may arrive while the site loads) and wait for `ready`.
      const ready = (async (): Promise<HubClient | null> => {
        const site = await getSite(app.db, request.query.site_uuid);
        if (!site) {
          socket.close(4404, 'No such site');
          return null;
        }
        const origin = request.headers.origin;
        if (origin !== undefined) {
          const host = hostOf(origin);
          if (!host || !site.domains.includes(host)) {
            socket.close(4403, 'Origin not allowed for this site');
            return null;
          }
        }
        return { siteUuid: site.uuid, send, sendText, close: (code, reason) => socket.close(code, reason) };
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'realtime connection failed');
        socket.close(1011, 'Server error');
        return null;
      });

      const handle = async (client: HubClient, raw: string) => {
        const parsed = parseClientFrame(raw);
        if (!parsed.ok) {
          const { message, subscription_id } = parsed;
          return send(subscription_id === undefined ? { type: 'error', message } : { type: 'error', message, subscription_id });
        }
        const frame = parsed.frame;
        if (frame.type === 'keep_alive') return send({ type: 'keep_alive' });
        if (frame.type === 'unsubscribe') return void app.hub.unsubscribe(client, frame.subscription_id);
        if (frame.type === 'typing') {
          const refused = app.hub.signals.typing(client, frame.content_container_uuid);
          return refused ? send({ type: 'error', message: refused }) : undefined;
        }
        const isNew = !app.hub.hasSubscription(client, frame.subscription_id);
        if (isNew && app.hub.subscriptionCount(client) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return send({ type: 'error', message: `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per socket`, subscription_id: frame.subscription_id });
        }
        const refused = await app.hub.refusal(client.siteUuid, frame.filter.one_of, frame.access_token);
        if (refused) return send({ type: 'error', message: refused, subscription_id: frame.subscription_id });
        // Subscribe first, then read the latest numbers: any event after that read is delivered,
        // any before it is at or below the number the client catches up to.
        app.hub.subscribe(client, frame.subscription_id, frame.filter.one_of);
        const containers = frame.filter.one_of.filter((r) => r.key === 'content_container_uuid').flatMap((r) => r.values);
        const seqs = await latestSeqs(app.db, client.siteUuid, containers);
        send({ type: 'subscribe_success', subscription_id: frame.subscription_id, seqs });
        if (frame.signals) app.hub.enableSignals(client, frame.subscription_id, containers);
      };

      // Frames are handled one after another, in order, even though subscribing awaits the database.
      let queue: Promise<unknown> = ready;
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        alive.delete(socket);
        void ready.then((client) => client && app.hub.removeClient(client));
      });
      socket.on('message', (data, isBinary) => {
        queue = queue.then(async () => {
          const client = await ready;
          if (!client || socket.readyState !== socket.OPEN) return;
          if (isBinary) return send({ type: 'error', message: 'Frames must be text' });
          await handle(client, data.toString());
        }).catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime frame failed');
          send({ type: 'error', message: 'Server error' });
        });
      });
    },
  );
}
