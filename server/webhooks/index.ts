/** What webhooks offers the other features (docs/architecture.md): import these from here, not from its files. */
export { pruneDeliveries } from './outboxQueries.ts';
export { hookedSites } from './queries.ts';
export { WebhookWorker } from './worker.ts';
