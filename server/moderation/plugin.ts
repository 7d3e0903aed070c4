/**
 * Moderation at site scale on `/api/v2` (docs/moderation.md): the queues, the decisions, the
 * user drawer, and the live channel that keeps every open queue current.
 */
import type { FastifyInstance } from 'fastify';
import decisionRoutes from './decisionRoutes.ts';
import drawerRoutes from './drawer.ts';
import { watchModeration } from './live.ts';
import moderationQueueRoutes from './routes.ts';

export default async function moderationRoutes(app: FastifyInstance): Promise<void> {
  watchModeration(app);
  await app.register(moderationQueueRoutes);
  await app.register(decisionRoutes);
  await app.register(drawerRoutes);
}
