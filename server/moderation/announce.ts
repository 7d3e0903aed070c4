/**
 * What a decision made anywhere tells the open queues (`app.moderationQueue`): the queue's own
 * decisions call and each page's moderation calls (server/engine/changes.ts) both announce it, so
 * a decision from a page's menu also leaves every open queue at once. A plugin, so the engine
 * needs no import of this feature (DESIGN.md's direction).
 */
import fp from 'fastify-plugin';
import type { Decision } from '../../core/moderation/types.ts';
import { announceDecided } from './live.ts';

export interface ModerationQueueNotice {
  decided(site: string, by: { uuid: string; name: string }, items: { uuid: string; state: string }[], decision: Decision | 'undo'): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    moderationQueue: ModerationQueueNotice;
  }
}

// Named: an unnamed plugin makes fastify-plugin read a stack trace for a name, which parses the
// bundle's whole source map at start (about 40 MB of heap kept for good; docs/server.md).
export default fp(async (app) => {
  app.decorate('moderationQueue', { decided: (site, by, items, decision) => announceDecided(app, site, by, items, decision) } satisfies ModerationQueueNotice);
}, { name: 'vf-moderation-queue' });
