/**
 * The demo's identity platforms (docs/login.md "Stand-ins", demo/identity.html): in demo mode the
 * app serves the Gigya and Janrain stand-ins under /demo/standin/<provider>, and the seed points
 * the demo site's Gigya and Janrain configuration at them. The keys are public demo values.
 */
import type { FastifyInstance } from 'fastify';
import { deleteLoginConfig, getLoginConfig, putLoginConfig } from './storage/siteLogins.ts';
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

/**
 * Outside demo mode the stand-ins are not served: a demo configuration left by an earlier
 * demo-mode start (its public demo keys) is removed, so its switches go off. One an admin set
 * up since (other keys) is left alone.
 */
export async function retireDemoIdentity(app: FastifyInstance, siteUuid: string): Promise<void> {
  if ((await getLoginConfig(app.db, siteUuid, 'gigya'))?.api_key === DEMO_GIGYA.apiKey) await deleteLoginConfig(app.db, siteUuid, 'gigya');
  if ((await getLoginConfig(app.db, siteUuid, 'janrain'))?.api_key === DEMO_JANRAIN.apiKey) await deleteLoginConfig(app.db, siteUuid, 'janrain');
}
