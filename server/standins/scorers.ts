/**
 * Demo mode's spam and toxicity scorers (docs/moderation.md "Stand-ins"): the Akismet and
 * Perspective stand-ins served under /demo/standin/, with public demo keys that the demo site's
 * settings carry (server/demo/autoModeration.ts).
 */
import type { FastifyInstance } from 'fastify';
import akismetStandIn from './akismet.ts';
import perspectiveStandIn from './perspective.ts';

export const DEMO_SCORERS = {
  akismet: { path: '/demo/standin/akismet', endpoint: '/demo/standin/akismet/1.1/comment-check', key: 'vf-demo-akismet-key' },
  perspective: { path: '/demo/standin/perspective', endpoint: '/demo/standin/perspective/v1alpha1/comments:analyze', key: 'vf-demo-perspective-key' },
} as const;

export function registerScorerStandIns(app: FastifyInstance): void {
  app.register(akismetStandIn, { prefix: DEMO_SCORERS.akismet.path, apiKey: DEMO_SCORERS.akismet.key });
  app.register(perspectiveStandIn, { prefix: DEMO_SCORERS.perspective.path, apiKey: DEMO_SCORERS.perspective.key });
}
