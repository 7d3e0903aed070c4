/**
 * Webhooks plugin (docs/webhooks.md): the delivery worker on `app.webhooks`, woken by a content
 * event the hub hears (this process's and, through Redis, the others') that may have queued
 * deliveries for a site that has webhooks, and by a poll for retries; old deliveries are pruned
 * daily. Its outbox depth is on /metrics.
 */
import fp from 'fastify-plugin';
import { pruneDeliveries, hookedSites, WebhookWorker } from '../webhooks/index.ts';
import { mayQueue } from '../engine/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookWorker;
  }
}

/** How often a process looks for due retries and for deliveries other processes queued. */
const POLL_MS = 2000;
/** How long finished deliveries stay listed. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

export default fp<{ demo: boolean; allowPrivate: boolean; timeoutSeconds: number; maxAttempts: number }>(
  async (app, { demo, allowPrivate, timeoutSeconds, maxAttempts }) => {
    const worker = new WebhookWorker(app.db, app.log, { policy: { demo, allowPrivate }, timeoutMs: timeoutSeconds * 1000, maxAttempts });
    app.decorate('webhooks', worker);
    // The sites with webhooks, as of the last poll: an event of any other site wakes nothing (a
    // busy chat would otherwise run a claim round per event). A webhook made since is served by
    // the next poll, at most POLL_MS later; its deliveries are in the outbox either way.
    let hooked = new Set<string>();
    const refreshHooked = () =>
      hookedSites(app.db).then(
        (sites) => void (hooked = sites),
        (error: unknown) => app.log.error({ err: error }, 'reading the sites with webhooks failed'),
      );
    const refresher = setInterval(refreshHooked, POLL_MS);
    refresher.unref();
    app.hub.watch({ event: (event) => mayQueue(event) && hooked.has(event.section_uuid) && worker.nudge(), siteChanged: () => {} });
    app.queueDepths.set('webhook_deliveries', () => worker.pending);
    const prune = () => {
      pruneDeliveries(app.db, worker.now() - DELIVERY_RETENTION_MS).catch((error: unknown) => app.log.error({ err: error }, 'pruning webhook deliveries failed'));
    };
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await refreshHooked();
      worker.start(POLL_MS);
      prune();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(refresher);
      await worker.close();
    });
  },
  { name: 'vf-webhooks', dependencies: ['vf-storage', 'vf-realtime', 'vf-operations'] },
);
