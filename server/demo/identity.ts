/**
 * The demo's identity platforms (docs/login.md "Stand-ins", demo/identity.html): in demo mode the
 * app serves the Gigya, Janrain, LoginRadius and Backplane stand-ins under
 * /demo/standin/<provider>, and the seed points the demo site's configuration at them, so
 * `npm start` shows each sign-in working with no vendor account. The keys are public demo values.
 */
import type { FastifyInstance } from 'fastify';
import { configuredMethods, deleteLoginConfigs, IDENTITY_METHODS, putLoginConfigs } from '../identity/siteLogins.ts';
import gigyaStandIn from '../standins/gigya.ts';
import janrainStandIn from '../standins/janrain.ts';
import backplaneStandIn from '../standins/backplane.ts';
import loginRadiusStandIn, { type LoginRadiusAccount } from '../standins/loginradius.ts';

// identity: gigya
export const DEMO_GIGYA = { apiKey: '3_vf-demo-gigya-api-key', secret: Buffer.from('vf demo gigya partner secret (public)').toString('base64') } as const;
// identity: janrain
export const DEMO_JANRAIN = { apiKey: 'vf-demo-janrain-api-key-public' } as const;
// identity: loginradius — the stand-in's app, and the readers one can sign in as.
export const DEMO_LOGINRADIUS = {
  apiKey: 'demo-loginradius-key',
  apiSecret: 'demo-loginradius-secret',
  appName: 'vf-demo',
  accounts: [
    { Uid: 'lr-ada', FullName: 'Ada Radius', email: 'ada@loginradius.test', password: 'ada-demo-1', EmailVerified: true },
    { Uid: 'lr-ben', FullName: 'Ben Radius', email: 'ben@loginradius.test', password: 'ben-demo-1', EmailVerified: false },
  ] satisfies LoginRadiusAccount[],
};
// identity: backplane
export const DEMO_BACKPLANE = { bus: 'vf-demo-bus', user: 'vf-demo-bus', secret: 'demo-backplane-secret', otherBus: 'someone-elses-bus' };

/** Demo mode: the stand-ins' REST APIs, as the vendors' servers would answer. */
export function registerIdentityStandIns(app: FastifyInstance): void {
  app.register(gigyaStandIn, { prefix: '/demo/standin/gigya', ...DEMO_GIGYA });
  app.register(janrainStandIn, { prefix: '/demo/standin/janrain', ...DEMO_JANRAIN });
  app.register(loginRadiusStandIn, { prefix: '/demo/standin/loginradius', apiKey: DEMO_LOGINRADIUS.apiKey, accounts: DEMO_LOGINRADIUS.accounts });
  app.register(backplaneStandIn, {
    prefix: '/demo/standin/backplane',
    buses: { [DEMO_BACKPLANE.bus]: { user: DEMO_BACKPLANE.user, secret: DEMO_BACKPLANE.secret }, [DEMO_BACKPLANE.otherBus]: { user: 'other', secret: 'other-secret' } },
  });
}

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
