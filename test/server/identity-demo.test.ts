/**
 * The identity platforms in demo mode (docs/login.md "Stand-ins", docs/server.md "Demo mode"):
 * the stand-ins are served and the demo site's Gigya, Janrain, LoginRadius and Backplane logins
 * use them; a start outside demo mode removes that demo configuration, but not one an admin set up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BootstrapResult } from '../../core/api/types.ts';
import { seedDemoIdentity } from '../../server/demo/identity.ts';
import { DEMO_JANRAIN } from '../../server/standins/identity.ts';
import { seed } from '../../server/demo/index.ts';
import { getLoginConfig, putLoginConfig } from '../../server/identity/siteLogins.ts';
import { build, buildWithDemoContent, resultOf, SITE } from './helpers.ts';

const switches = async (app: Awaited<ReturnType<typeof build>>) => {
  const { settings } = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
  return [settings.authprovider_gigya_poll, settings.authprovider_janrain_enabled, settings.thirdparty_login_enabled, settings.authprovider_backplane_v2_enabled];
};

test('demo mode: the stand-ins answer and the demo site signs readers in through them', async (t) => {
  const { app } = await buildWithDemoContent(t);
  assert.deepEqual(await switches(app), [true, true, true, true]);
  for (const provider of ['gigya', 'janrain', 'loginradius', 'backplane']) {
    assert.equal((await app.inject({ method: 'GET', url: `/demo/vendors/${provider}.js` })).statusCode, 200, provider);
  }
  assert.equal((await getLoginConfig(app.db, SITE, 'backplane'))?.server_url, 'http://127.0.0.1:8080/demo/standin/backplane');
  assert.equal((await getLoginConfig(app.db, SITE, 'janrain'))?.app_url, 'http://127.0.0.1:8080/demo/standin/janrain');
  const signin = await app.inject({ method: 'POST', url: '/demo/standin/janrain/signin', payload: { identifier: 'ada' } });
  assert.equal(signin.json().stat, 'ok');
  const info = await app.inject({ method: 'POST', url: '/demo/standin/janrain/api/v2/auth_info', payload: { apiKey: DEMO_JANRAIN.apiKey, token: signin.json().token } });
  assert.equal(info.json().profile.displayName, 'Ada Lovelace');
  assert.equal((await app.inject({ method: 'GET', url: '/demo/vendors/gigya.js' })).statusCode, 200);
});

test('a start with VF_DEMO=0 removes the demo identity configuration, not an admin\'s', async (t) => {
  const app = await build(t, { VF_DEMO: '0' });
  await seedDemoIdentity(app, SITE, 'http://127.0.0.1:8080'); // what an earlier demo-mode start left
  // Since then an admin configured Janrain for real.
  await putLoginConfig(app.db, SITE, 'janrain', { api_key: 'the-publishers-own-janrain-key', app_url: 'https://publisher.rpxnow.com' });
  await seed(app); // what every start runs
  for (const method of ['gigya', 'loginradius', 'backplane'] as const) assert.equal(await getLoginConfig(app.db, SITE, method), null, method);
  assert.equal((await getLoginConfig(app.db, SITE, 'janrain'))?.api_key, 'the-publishers-own-janrain-key');
  assert.deepEqual(await switches(app), [false, true, false, false]);
  assert.equal((await app.inject({ method: 'POST', url: '/demo/standin/gigya/accounts.login', payload: { loginID: 'ada' } })).statusCode, 404);
});
