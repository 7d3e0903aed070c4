/** Site settings: typed defaults in bootstrap, the derived login value, the admin-only change call. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from '../../core/api/types.ts';
import { DEFAULT_SITE_SETTINGS, SITE_SETTING_KINDS } from '../../core/settings/site.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { upsertSite, DEFAULT_SETTINGS } from '../../server/engine/sites.ts';
import { bearer, build, resultOf, SITE, signup } from './helpers.ts';

async function bootstrap(app: FastifyInstance): Promise<BootstrapResult> {
  return resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
}

async function demoLogin(app: FastifyInstance, privilege: 'admin' | 'mod'): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.user_privilege === privilege)!;
  const r = resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: account.email, password: account.password, section: SITE } }));
  return r.access_token;
}

describe('site settings', () => {
  test('bootstrap returns every setting with its typed default, plus the derived values', async (t) => {
    const app = await build(t);
    const { settings } = await bootstrap(app);
    assert.deepEqual(settings, { ...DEFAULT_SITE_SETTINGS, thirdparty_login_enabled: false });
    for (const [key, kind] of Object.entries(SITE_SETTING_KINDS)) {
      const value = (settings as unknown as Record<string, unknown>)[key];
      const type = value === null ? 'null' : typeof value;
      const allowed = kind === 'boolean' ? ['boolean'] : kind === 'seconds' || kind === 'position' || kind === 'hour' ? ['number'] : kind === 'timestamp' ? ['number', 'null'] : kind === 'integration' ? ['string'] : ['string', 'null'];
      assert.ok(allowed.includes(type), `${key} is ${type}`);
    }
  });

  test('stored settings from an older version: missing keys read as defaults, mistyped values are ignored', async (t) => {
    const app = await build(t);
    await app.db.updateTable('sites').set({ settings: JSON.stringify({ enable_dislikes: false, enable_muting: 'no', retired_key: 1 }) }).where('uuid', '=', SITE).execute();
    const { settings } = await bootstrap(app);
    assert.equal(settings.enable_dislikes, false);
    assert.equal(settings.enable_muting, true);
    assert.equal('retired_key' in settings, false);
  });

  test('an admin changes settings with PATCH or POST + verb; bootstrap shows them', async (t) => {
    const app = await build(t);
    const admin = await demoLogin(app, 'admin');
    const first = resultOf<Record<string, unknown>>(await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin), payload: { enable_dislikes: false, user_comment_edit_timeout: 600, section: SITE } }));
    assert.equal(first['enable_dislikes'], false);
    assert.equal(first['user_comment_edit_timeout'], 600);
    const second = resultOf<Record<string, unknown>>(await app.inject({ method: 'POST', url: '/api/v2/settings', headers: bearer(admin), payload: { verb: 'PATCH', disable_widget_logins: true, authprovider_custom_cookie_name: 'sso', section: SITE } }));
    assert.equal(second['disable_widget_logins'], true);
    assert.equal(second['enable_dislikes'], false, 'earlier changes are kept');
    const { settings } = await bootstrap(app);
    assert.equal(settings.enable_dislikes, false);
    assert.equal(settings.disable_widget_logins, true);
    assert.equal(settings.authprovider_custom_cookie_name, 'sso');
    assert.equal(settings.user_comment_edit_timeout, 600);
  });

  test('the third-party login service counts as enabled only with the switch, an api key and an app name', async (t) => {
    const app = await build(t);
    const admin = await demoLogin(app, 'admin');
    const patch = async (change: Record<string, unknown>) =>
      resultOf<Record<string, unknown>>(await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin), payload: { ...change, section: SITE } }));
    assert.equal((await patch({ authprovider_loginradius_enabled: true }))['thirdparty_login_enabled'], false);
    assert.equal((await patch({ authprovider_loginradius_api_key: 'key-1' }))['thirdparty_login_enabled'], false);
    assert.equal((await patch({ authprovider_loginradius_app_name: 'news' }))['thirdparty_login_enabled'], true);
    assert.equal((await bootstrap(app)).settings.thirdparty_login_enabled, true);
    assert.equal((await patch({ authprovider_loginradius_api_key: '  ' }))['thirdparty_login_enabled'], false);
  });

  test('only the site admin: guests 401, users and moderators 403, another site admin 403', async (t) => {
    const app = await build(t);
    const url = '/api/v2/settings';
    const payload = { enable_dislikes: false, section: SITE };
    assert.equal((await app.inject({ method: 'PATCH', url, payload })).statusCode, 401);
    const user = await signup(app);
    assert.equal((await app.inject({ method: 'PATCH', url, headers: bearer(user.access_token), payload })).statusCode, 403);
    const mod = await demoLogin(app, 'mod');
    const refused = await app.inject({ method: 'PATCH', url, headers: bearer(mod), payload });
    assert.deepEqual(refused.json(), { error_status: 403, message: "Only the site's admins can change its settings" });
    const other = '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b';
    await upsertSite(app.db, { uuid: other, name: 'other', domains: ['other.example'], settings: { ...DEFAULT_SETTINGS } });
    const admin = await demoLogin(app, 'admin');
    assert.equal((await app.inject({ method: 'PATCH', url, headers: bearer(admin), payload: { ...payload, section: other } })).statusCode, 403);
    assert.equal((await bootstrap(app)).settings.enable_dislikes, true, 'nothing changed');
  });

  test('bad changes are 400 and write nothing: unknown keys, derived keys, wrong types, no key, no site', async (t) => {
    const app = await build(t);
    const admin = await demoLogin(app, 'admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ enable_everything: true }, 'enable_everything is not a site setting'],
      [{ thirdparty_login_enabled: true }, 'thirdparty_login_enabled is derived and cannot be set'],
      [{ enable_dislikes: 'false' }, 'enable_dislikes must be true or false'],
      [{ enable_dislikes: 0 }, 'enable_dislikes must be true or false'],
      [{ user_comment_edit_timeout: 1.5 }, 'user_comment_edit_timeout must be a whole number of seconds from 0 to 2592000'],
      [{ user_comment_edit_timeout: '600' }, 'user_comment_edit_timeout must be a whole number of seconds from 0 to 2592000'],
      [{ authprovider_custom_cookie_name: 5 }, 'authprovider_custom_cookie_name must be text of at most 200 characters or null'],
      [{ livecommenting_switch_date: 'tomorrow' }, 'livecommenting_switch_date must be a time in milliseconds or null'],
      [{}, 'Name at least one setting to change'],
    ];
    for (const [change, message] of cases) {
      const r = await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin), payload: { ...change, section: SITE } });
      assert.equal(r.statusCode, 400, JSON.stringify(change));
      assert.equal(r.json().message, message);
    }
    const noSite = await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin), payload: { enable_dislikes: false } });
    assert.equal(noSite.statusCode, 400);
    const badVerb = await app.inject({ method: 'POST', url: '/api/v2/settings', headers: bearer(admin), payload: { verb: 'PUT', enable_dislikes: false, section: SITE } });
    assert.equal(badVerb.statusCode, 400);
    assert.deepEqual((await bootstrap(app)).settings, { ...DEFAULT_SITE_SETTINGS, thirdparty_login_enabled: false });
  });
});
