/**
 * Realtime plugin: the hub on `app.hub` (routes publish to it; /ws subscribes to it), relayed
 * through Redis when REDIS_URL is set, the guest cache the hub keeps current (`app.guestCache`),
 * and the hourly pruning of the event log.
 */
import fp from 'fastify-plugin';
import { GuestCache } from '../engine/guest-cache.ts';
import { Hub } from '../realtime/hub.ts';
import { RedisBridge } from '../realtime/redis-bridge.ts';
import { pruneEvents } from '../engine/events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
    /** Guests' list answers, kept until their container's event log or their site moves (engine/guest-cache.ts). */
    guestCache: GuestCache;
    /** Pings Redis when REDIS_URL is set (the bridge's connection), for /readyz; null without Redis. */
    redisPing: (() => Promise<void>) | null;
  }
}

/** How long the event log keeps events: a page away longer than this reloads instead of catching up. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export default fp<{ redisUrl: string | null; guestCacheMb: number }>(
  async (app, { redisUrl, guestCacheMb }) => {
    const hub = new Hub();
    app.decorate('hub', hub);
    const guestCache = new GuestCache(guestCacheMb * 1024 * 1024);
    hub.watch(guestCache);
    app.decorate('guestCache', guestCache);
    app.addHook('onClose', async () => hub.close());
    app.decorate('redisPing', null);
    if (redisUrl) {
      const bridge = await RedisBridge.connect(redisUrl, hub, app.log);
      app.redisPing = () => bridge.ping();
      app.addHook('onClose', async () => bridge.close());
    }
    const prune = () => {
      pruneEvents(app.db, EVENT_RETENTION_MS).catch((error: unknown) => app.log.error({ err: error }, 'pruning the event log failed'));
    };
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => prune());
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'vf-realtime', dependencies: ['vf-storage'] },
);
