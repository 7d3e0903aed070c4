/**
 * The realtime feed (`/ws?site_uuid=`): one socket per page. The socket is accepted, then
 * closed with 4404 (unknown site) or 4403 (Origin not one of the site's domains) so the client
 * sees a reason; frames are checked in realtime/frames.ts; dead sockets are dropped by ping/pong.
 */
import type {} from '@fastify/websocket'; // the route option `websocket: true` and its handler types
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../core/api/types.ts';
import type { HubClient } from '../realtime/hub.ts';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../realtime/hub.ts';
import { parseClientFrame } from '../realtime/frames.ts';
import { getSite, hostOf } from '../storage/sites.ts';
import { strictObject, uuid } from './schemas.ts';

export const LIVENESS_INTERVAL_MS = 30_000;

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

  app.get<{ Querystring: { site_uuid: string } }>(
    '/ws',
    { websocket: true, schema: { querystring: strictObject({ site_uuid: uuid }, ['site_uuid']) } },
    (socket, request) => {
      const send = (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
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
        return { siteUuid: site.uuid, send };
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'realtime connection failed');
        socket.close(1011, 'Server error');
        return null;
      });

      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        alive.delete(socket);
        void ready.then((client) => client && app.hub.removeClient(client));
      });
      socket.on('message', (data, isBinary) => {
        void ready.then((client) => {
          if (!client) return;
          if (isBinary) return send({ type: 'error', message: 'Frames must be text' });
          const parsed = parseClientFrame(data.toString());
          if (!parsed.ok) {
            const { message, subscription_id } = parsed;
            return send(subscription_id === undefined ? { type: 'error', message } : { type: 'error', message, subscription_id });
          }
          const frame = parsed.frame;
          if (frame.type === 'keep_alive') return send({ type: 'keep_alive' });
          if (frame.type === 'unsubscribe') return void app.hub.unsubscribe(client, frame.subscription_id);
          const isNew = !app.hub.hasSubscription(client, frame.subscription_id);
          if (isNew && app.hub.subscriptionCount(client) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
            return send({ type: 'error', message: `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per socket`, subscription_id: frame.subscription_id });
          }
          app.hub.subscribe(client, frame.subscription_id, frame.filter.one_of);
          send({ type: 'subscribe_success', subscription_id: frame.subscription_id });
        });
      });
    },
  );
}
