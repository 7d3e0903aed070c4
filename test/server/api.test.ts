import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuthResult, BootstrapResult, User } from '../../core/api/types.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { upsertSite, DEFAULT_SETTINGS } from '../../server/engine/sites.ts';
import { bearer, build, resultOf, SITE, signup } from './helpers.ts';

const OTHER_SITE = '0b7e9a55-1c2d-4e3f-8a9b-0c1d2e3f4a5b';

describe('POST /api/v2/bootstrap/v2', () => {
  test('finds the site by domain, by site_uuid and by the Origin host', async (t) => {
    const app = await build(t);
    await upsertSite(app.db, { uuid: OTHER_SITE, name: 'other', domains: ['news.example'], settings: { ...DEFAULT_SETTINGS, enable_dislikes: false } });
    app.sites.invalidate();

    const byDomain = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { domain: 'news.example' } }));
    assert.equal(byDomain.section_uuid, OTHER_SITE);
    assert.deepEqual(byDomain.sectionTree, { section_id: OTHER_SITE, name: 'other', children: [] });
    assert.equal(byDomain.settings.enable_dislikes, false);
    assert.equal(byDomain.user, null);
    assert.match(byDomain.session, /^[A-Za-z0-9]{24}$/);

    const byUuid = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE, domain: 'news.example' } }));
    assert.equal(byUuid.section_uuid, SITE, 'site_uuid wins over domain');
    assert.equal(byUuid.settings.enable_dislikes, true);

    const byOrigin = resultOf<BootstrapResult>(
      await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', headers: { origin: 'https://news.example:8443' }, payload: {} }),
    );
    assert.equal(byOrigin.section_uuid, OTHER_SITE);
  });

  test('keeps a valid given session', async (t) => {
    const app = await build(t);
    const given = 'abcdefghij0123456789';
    const result = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { domain: 'localhost', session: given } }));
    assert.equal(result.session, given);
  });

  test('an unknown domain or site uuid is a 404', async (t) => {
    const app = await build(t);
    const res = await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { domain: 'nobody.example' } });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { error_status: 404, message: 'No site is configured for nobody.example' });
    const byUuid = await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: OTHER_SITE } });
    assert.equal(byUuid.statusCode, 404);
  });

  test('returns the user of a valid bearer token, with email', async (t) => {
    const app = await build(t);
    const me = await signup(app, 'boot');
    const result = resultOf<BootstrapResult>(
      await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', headers: bearer(me.access_token), payload: { domain: 'localhost' } }),
    );
    assert.equal(result.user?.uuid, me.user.uuid);
    assert.equal(result.user?.email, 'boot@example.test');
    // A tampered token is a guest, not an error.
    const tampered = `${me.access_token.slice(0, -2)}xx`;
    const guest = resultOf<BootstrapResult>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', headers: bearer(tampered), payload: { domain: 'localhost' } }));
    assert.equal(guest.user, null);
  });
});

describe('users', () => {
  test('signup, login, current, refresh rotation, logout', async (t) => {
    const app = await build(t);
    const payload = { name: 'Ada', email: 'Ada@Example.test', password: 'correct horse', section: SITE };
    const created = resultOf<{ user: User }>(await app.inject({ method: 'POST', url: '/api/v2/users', payload }));
    assert.equal(created.user.name, 'Ada');
    assert.equal(created.user.email, 'ada@example.test', 'emails are stored lowercased');
    assert.equal(created.user.user_privilege, 'user');

    const taken = await app.inject({ method: 'POST', url: '/api/v2/users', payload: { ...payload, email: 'ada@example.TEST' } });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().field, 'email');

    const login = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'ada@example.test', password: 'correct horse', section: SITE } }));
    assert.equal(login.user.uuid, created.user.uuid);
    assert.match(login.session, /^[A-Za-z0-9]{24}$/);

    const current = resultOf<User>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(login.access_token) }));
    assert.equal(current.uuid, created.user.uuid);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/current' })).statusCode, 401);

    const refresh = (token: string) => app.inject({ method: 'GET', url: '/api/v2/users/refreshusertoken', query: { thirdparty_enabled: 'false' }, headers: bearer(token) });
    const rotated = resultOf<AuthResult>(await refresh(login.refresh_token));
    assert.notEqual(rotated.refresh_token, login.refresh_token);
    assert.equal(rotated.session, login.session);
    assert.equal((await refresh(login.refresh_token)).statusCode, 401, 'the old refresh token stops working');
    resultOf<User>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(rotated.access_token) }));

    const logout = await app.inject({ method: 'DELETE', url: '/api/v2/users/logout', headers: bearer(rotated.access_token) });
    assert.deepEqual(resultOf(logout), {});
    assert.equal((await refresh(rotated.refresh_token)).statusCode, 401, 'logout revokes the refresh token');
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(rotated.access_token) })).statusCode, 401, 'and the access token');
  });

  test('signup with login: true also logs in', async (t) => {
    const app = await build(t);
    const result = resultOf<AuthResult>(
      await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'Bo', email: 'bo@example.test', password: 'password-1', login: true, section: SITE } }),
    );
    assert.ok(result.access_token && result.refresh_token);
    resultOf(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(result.access_token) }));
  });

  test('wrong password and unknown email give the same 401', async (t) => {
    const app = await build(t);
    const [mod] = DEMO_ACCOUNTS;
    const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password, section: SITE } });
    const wrong = await login(mod!.email, 'not-the-password');
    const unknown = await login('nobody@vf.local', 'not-the-password');
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), unknown.json());
    assert.deepEqual(wrong.json(), { error_status: 401, message: 'Incorrect email or password' });
    const right = resultOf<AuthResult>(await login(mod!.email, mod!.password));
    assert.equal(right.user.user_privilege, 'mod');
  });

  test('passwords and hashes never appear in a response', async (t) => {
    const app = await build(t);
    const password = 'very-secret-password';
    const bodies: string[] = [];
    const signupRes = await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'Cy', email: 'cy@example.test', password, login: true, section: SITE } });
    bodies.push(signupRes.body);
    const auth = resultOf<AuthResult>(signupRes);
    bodies.push((await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'cy@example.test', password, section: SITE } })).body);
    bodies.push((await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(auth.access_token) })).body);
    bodies.push((await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', headers: bearer(auth.access_token), payload: { domain: 'localhost' } })).body);
    const { password_hash } = await app.db.selectFrom('users').select('password_hash').where('email', '=', 'cy@example.test').executeTakeFirstOrThrow();
    assert.match(password_hash, /^scrypt\$/);
    for (const body of bodies) {
      assert.ok(!body.includes(password), 'no password');
      assert.ok(!body.includes(password_hash.split('$').at(-1)!), 'no hash');
      assert.ok(!body.includes('password_hash'));
    }
  });
});
