/**
 * The demo's identity platforms (docs/login.md "Stand-ins", demo/identity.html): in demo mode the
 * app serves the Gigya and Janrain stand-ins under /demo/standin/<provider>, and the seed points
 * the demo site's Gigya and Janrain configuration at them. The keys are public demo values.
 */
import type { FastifyInstance } from 'fastify';
import { putLoginConfig } from './storage/siteLogins.ts';
import gigyaStandIn from './standins/gigya.ts';
import janrainStandIn from './standins/janrain.ts';

export const DEMO_GIGYA = { apiKey: '3_vf-demo-gigya-api-key', secret: Buffer.from('vf demo gigya partner secret (public)').toString('base64') } as const;
export const DEMO_JANRAIN = { apiKey: 'vf-demo-janrain-api-key-public' } as const;

/** Demo mode: the stand-ins' REST APIs, as the vendors' servers would answer. */
export function registerIdentityStandIns(app: FastifyInstance): void {
  app.register(gigyaStandIn, { prefix: '/demo/standin/gigya', ...DEMO_GIGYA });
  app.register(janrainStandIn, { prefix: '/demo/standin/janrain', ...DEMO_JANRAIN });
}

/** The demo site signs readers in through the stand-ins served at `origin`. */
export async function seedDemoIdentity(app: FastifyInstance, siteUuid: string, origin: string): Promise<void> {
  await putLoginConfig(app.db, siteUuid, 'gigya', { api_key: DEMO_GIGYA.apiKey, secret: DEMO_GIGYA.secret, api_base: `${origin}/demo/standin/gigya` });
  await putLoginConfig(app.db, siteUuid, 'janrain', { api_key: DEMO_JANRAIN.apiKey, app_url: `${origin}/demo/standin/janrain` });
}
