/**
 * The demo's identity platforms (docs/login.md "Stand-ins", demo/identity.html): in demo mode the
 * app serves the Gigya, Janrain, LoginRadius and Backplane stand-ins under
 * /demo/standin/<provider> (server/standins/identity.ts), and this seed points the demo site's
 * configuration at them, so `npm start` shows each sign-in working with no vendor account.
 */
import type { FastifyInstance } from 'fastify';
import { configuredMethods, deleteLoginConfigs, IDENTITY_METHODS, putLoginConfigs } from '../identity/siteLogins.ts';
import { DEMO_BACKPLANE, DEMO_GIGYA, DEMO_JANRAIN, DEMO_LOGINRADIUS } from '../standins/identity.ts';

/** The demo site signs readers in through the stand-ins served at `origin`. */
export function seedDemoIdentity(app: FastifyInstance, siteUuid: string, origin: string): Promise<void> {
  return putLoginConfigs(app.db, siteUuid, [
    ['gigya', { api_key: DEMO_GIGYA.apiKey, secret: DEMO_GIGYA.secret, api_base: `${origin}/demo/standin/gigya` }],
    ['janrain', { api_key: DEMO_JANRAIN.apiKey, app_url: `${origin}/demo/standin/janrain` }],
    ['loginradius', {
      integrated_login: true,
      api_key: DEMO_LOGINRADIUS.apiKey,
      api_secret: DEMO_LOGINRADIUS.apiSecret,
      app_name: DEMO_LOGINRADIUS.appName,
      api_base: `${origin}/demo/standin/loginradius`,
    }],
    ['backplane', { server_url: `${origin}/demo/standin/backplane`, bus: DEMO_BACKPLANE.bus, bus_user: DEMO_BACKPLANE.user, bus_secret: DEMO_BACKPLANE.secret }],
  ]);
}

/**
 * Outside demo mode the stand-ins are not served: a demo configuration left by an earlier
 * demo-mode start (its public demo keys) is removed, so its switches go off. One an admin set
 * up since (other keys) is left alone.
 */
export async function retireDemoIdentity(app: FastifyInstance, siteUuid: string): Promise<void> {
  const configs = await configuredMethods(app.db, siteUuid);
  const field = (method: string, key: string) => (configs.get(method) as Record<string, unknown> | undefined)?.[key];
  const demo = {
    gigya: field('gigya', 'api_key') === DEMO_GIGYA.apiKey,
    janrain: field('janrain', 'api_key') === DEMO_JANRAIN.apiKey,
    loginradius: field('loginradius', 'api_secret') === DEMO_LOGINRADIUS.apiSecret,
    backplane: field('backplane', 'bus_secret') === DEMO_BACKPLANE.secret,
  };
  await deleteLoginConfigs(app.db, siteUuid, IDENTITY_METHODS.filter((method) => demo[method]));
}
