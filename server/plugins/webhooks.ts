/**
 * Webhooks plugin (docs/webhooks.md): the delivery worker on `app.webhooks`, woken by every
 * content event the hub hears that may have queued deliveries (this process's and, through
 * Redis, the others') and by a poll for retries; old deliveries are pruned daily. Its outbox
 * depth is on /metrics.
 */
import fp from 'fastify-plugin';
import { pruneDeliveries } from '../storage/webhookOutbox.ts';
import { mayQueue } from '../webhooks/outbox.ts';
import { WebhookWorker } from '../webhooks/worker.ts';

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
    app.hub.watch({ event: (event) => mayQueue(event) && worker.nudge(), siteChanged: () => {} });
    app.queueDepths.set('webhook_deliveries', () => worker.pending);
    const prune = () => {
      pruneDeliveries(app.db, worker.now() - DELIVERY_RETENTION_MS).catch((error: unknown) => app.log.error({ err: error }, 'pruning webhook deliveries failed'));
    };
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      worker.start(POLL_MS);
      prune();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await worker.close();
    });
  },
  { name: 'vf-webhooks', dependencies: ['vf-storage', 'vf-realtime', 'vf-operations'] },
);
