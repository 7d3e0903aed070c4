/**
 * The comments service (`/api/comments`, docs/api.md "comments"): the content engine's calls
 * with the conversation policy, the container settings, and the comment activity reads
 * (a user's recent comments, profile counters) and trending (trending.ts).
 */
import type { FastifyInstance } from 'fastify';
import contentChangeRoutes from '../../engine/changes.ts';
import contentReadRoutes from '../../engine/reads.ts';
import containerSettingsRoutes from '../../engine/settings.ts';
import contentWriteRoutes from '../../engine/writes.ts';
import commentActivityRoutes from './activity.ts';
import trendingRoutes from './trending.ts';
import { conversationPolicy as policy } from './policy.ts';

export default async function conversationRoutes(app: FastifyInstance): Promise<void> {
  app.register(contentWriteRoutes, { policy });
  app.register(contentChangeRoutes, { policy });
  app.register(containerSettingsRoutes, { kind: policy.kind, contentType: policy.containerEvents });
  app.register(contentReadRoutes, { policy });
  app.register(commentActivityRoutes);
  app.register(trendingRoutes);
}
