/**
 * Demo mode's identity platforms (docs/login.md "Stand-ins"): the Gigya, Janrain, LoginRadius and
 * Backplane stand-ins served under /demo/standin/<provider>, with public demo keys that the demo
 * site's login configuration carries (server/demo/identity.ts).
 */
import type { FastifyInstance } from 'fastify';
import gigyaStandIn from './gigya.ts';
import janrainStandIn from './janrain.ts';
import backplaneStandIn from './backplane.ts';
import loginRadiusStandIn, { type LoginRadiusAccount } from './loginradius.ts';

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
