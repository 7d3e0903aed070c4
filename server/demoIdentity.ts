/**
 * The identity providers of demo/identity.html (demo mode only): their local stand-ins, served
 * by the app under /demo/standin/<provider>, and the demo site's login configuration pointing at
 * them (seed.ts), so `npm start` shows each sign-in working with no vendor account.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_SITE } from './seed.ts';
import { putLoginConfig } from './storage/siteLogins.ts';
import backplaneStandin from './standins/backplane.ts';
import loginRadiusStandin, { type LoginRadiusAccount } from './standins/loginradius.ts';

// identity: loginradius
/** Public demo values: the stand-in's app, and the readers one can sign in as. */
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

export function registerIdentityStandins(app: FastifyInstance): void {
  app.register(loginRadiusStandin, { prefix: '/demo/standin/loginradius', apiKey: DEMO_LOGINRADIUS.apiKey, accounts: DEMO_LOGINRADIUS.accounts });
  app.register(backplaneStandin, {
    prefix: '/demo/standin/backplane',
    buses: { [DEMO_BACKPLANE.bus]: { user: DEMO_BACKPLANE.user, secret: DEMO_BACKPLANE.secret }, [DEMO_BACKPLANE.otherBus]: { user: 'other', secret: 'other-secret' } },
  });
}

/** `origin`: where the app serves the demo (its stand-ins are there). */
export async function seedDemoIdentity(app: FastifyInstance, origin: string): Promise<void> {
  await putLoginConfig(app.db, DEMO_SITE.uuid, 'loginradius', {
    integrated_login: true,
    api_key: DEMO_LOGINRADIUS.apiKey,
    api_secret: DEMO_LOGINRADIUS.apiSecret,
    app_name: DEMO_LOGINRADIUS.appName,
    api_base: `${origin}/demo/standin/loginradius`,
  });
  await putLoginConfig(app.db, DEMO_SITE.uuid, 'backplane', {
    server_url: `${origin}/demo/standin/backplane`,
    bus: DEMO_BACKPLANE.bus,
    bus_user: DEMO_BACKPLANE.user,
    bus_secret: DEMO_BACKPLANE.secret,
  });
}
