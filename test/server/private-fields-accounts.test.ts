/**
 * The account calls carry only what their response schemas name (docs/api.md "OpenAPI"): a hook
 * plants an email, an IP, a password hash and a login id in every object of every answer, as a
 * careless presenter would. A user's own record may carry their email (and, as `User` says, their
 * social login), never a password hash or an IP; follows, mutes, pages, bans and settings carry
 * none of them; and what the widgets read (bootstrap's every setting, the tokens) survives.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuthResult, BootstrapResult, Page, User } from '../../core/api/types.ts';
import { DERIVED_SETTING_KEYS, SITE_SETTING_KINDS } from '../../core/settings/site.ts';
import { issueAccountToken } from '../../server/accounts/accountTokens.ts';
import { bearer, signup, signupAs, SITE } from './helpers.ts';
import { clean, leakyApp } from './support/plantedFields.ts';

/** A user's own record, or a moderator's view of one: their email is theirs to see. */
const OWN = ['email', 'social_login_id'] as const;
const EVERY_SETTING = [...Object.keys(SITE_SETTING_KINDS), ...DERIVED_SETTING_KEYS].sort();

describe('nothing private in the account calls’ answers', () => {
  test('signup, login, refresh, current, bootstrap, profile, moderation, verification, reset and logout', async (t) => {
    const app = await leakyApp(t);
    const call = (method: string, url: string, token?: string, payload?: object) =>
      app.inject({ method: method as 'GET', url: `/api/v2${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    const signedUp = clean<AuthResult>(await call('POST', '/users', undefined, { name: 'Ada', email: 'ada@example.test', password: 'a long secret', section: SITE, login: true }), 'signup', [...OWN]);
    assert.equal(signedUp.user.name, 'Ada');
    const login = clean<AuthResult>(await call('POST', '/users/login', undefined, { email: 'ada@example.test', password: 'a long secret', section: SITE }), 'login', [...OWN]);
    assert.ok(login.access_token && login.refresh_token && login.session, 'the tokens the client keeps');
    assert.equal(login.user.uuid, signedUp.user.uuid);
    const refreshed = clean<AuthResult>(await call('GET', '/users/refreshusertoken', login.refresh_token), 'refresh', [...OWN]);
    assert.notEqual(refreshed.refresh_token, login.refresh_token);
    const token = refreshed.access_token;
    assert.equal(clean<User>(await call('GET', '/users/current', token), 'current', [...OWN]).uuid, login.user.uuid);

    const boot = clean<BootstrapResult>(await call('POST', '/bootstrap/v2', token, { site_uuid: SITE }), 'bootstrap', [...OWN]);
    assert.equal(boot.user?.uuid, login.user.uuid);
    assert.deepEqual(Object.keys(boot.settings).sort(), EVERY_SETTING, 'bootstrap carries every setting the client reads');
    assert.deepEqual([boot.section_uuid, boot.sectionTree.section_id], [SITE, SITE]);
    const guest = clean<BootstrapResult>(await call('POST', '/bootstrap/v2', undefined, { site_uuid: SITE }), 'bootstrap as a guest');
    assert.equal(guest.user, null);
    assert.deepEqual(Object.keys(guest.settings).sort(), EVERY_SETTING);
    assert.ok(guest.session);

    const mod = await signupAs(app, 'mod');
    const renamed = clean<User>(await call('PATCH', `/users/${login.user.uuid}`, token, { name: 'Ada L.' }), 'PATCH users/{id}', [...OWN]);
    assert.equal(renamed.name, 'Ada L.');
    assert.equal(clean<User>(await call('GET', `/users/${login.user.id}`, mod.access_token), 'GET users/{id}', [...OWN]).name, 'Ada L.');
    await app.db.updateTable('users').set({ username_pending: 'Ada Lovelace', username_moderation_status: 'pending' }).where('uuid', '=', login.user.uuid).execute();
    const decided = clean<User>(await call('POST', `/users/${login.user.uuid}/moderation/username/approve`, mod.access_token), 'moderation', [...OWN]);
    assert.deepEqual([decided.name, decided.username_moderation_status], ['Ada Lovelace', 'approved']);

    const verifyToken = await issueAccountToken(app.db, login.user.uuid, 'verify');
    const verified = clean<{ email_verification_status: string; user: User | null }>(await call('POST', '/account/verify', token, { token: verifyToken }), 'verify', [...OWN]);
    assert.deepEqual([verified.email_verification_status, verified.user?.uuid], ['approved', login.user.uuid]);
    const resetToken = await issueAccountToken(app.db, login.user.uuid, 'reset');
    const reset = clean<AuthResult>(await call('POST', '/account/password/reset', undefined, { token: resetToken, password: 'another long secret' }), 'reset', [...OWN]);
    assert.ok(reset.access_token, 'a reset signs in');
    assert.deepEqual(clean(await call('DELETE', '/users/logout', reset.access_token), 'logout'), {});
  });

  test('follows, followers, mutes, pages, bans and settings', async (t) => {
    const app = await leakyApp(t);
    const call = (method: string, url: string, token: string | undefined, payload?: object) =>
      app.inject({ method: method as 'GET', url: `/api/v2${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    const [reader, writer, mod, admin] = [await signup(app), await signup(app), await signupAs(app, 'mod'), await signupAs(app, 'admin')];
    const them = writer.user.uuid;

    const followed = clean<{ uuid: string; date_following: number | null }>(await call('PUT', `/follows/${them}`, reader.access_token), 'follow');
    assert.equal(typeof followed.date_following, 'number');
    const followers = clean<{ items: { uuid: string }[]; total_count: number }>(await call('GET', `/followers/${them}`, reader.access_token), 'followers');
    assert.deepEqual([followers.items.map((item) => item.uuid), followers.total_count], [[reader.user.uuid], 1]);
    assert.equal(clean<{ date_following: null }>(await call('DELETE', `/follows/${them}`, reader.access_token), 'unfollow').date_following, null);

    assert.equal(clean<{ is_muted: boolean }>(await call('PUT', `/mutes/${them}`, reader.access_token), 'mute').is_muted, true);
    const mutes = clean<{ items: { uuid: string }[] }>(await call('GET', `/mutes/${reader.user.uuid}`, reader.access_token), 'mutes');
    assert.deepEqual(mutes.items.map((item) => item.uuid), [them]);
    assert.equal(clean<{ is_muted: boolean }>(await call('DELETE', `/mutes/${them}`, reader.access_token), 'unmute').is_muted, false);

    const page = clean<Page>(await call('POST', '/pages', undefined, { section: SITE, url: 'http://localhost/a', title: 'A story' }), 'POST pages');
    assert.equal(page.title, 'A story');
    assert.equal(clean<Page>(await call('GET', `/pages/${page.id}`, undefined), 'GET pages/{id}').url, 'http://localhost/a');
    const retitled = clean<Page>(await call('PATCH', `/pages/${page.id}`, mod.access_token, { section: SITE, title: 'A new title' }), 'PATCH pages/{id}');
    assert.equal(retitled.title, 'A new title');

    const ban = clean<{ user_uuid: string; ban_level: string }>(await call('POST', `/users/${them}/ban`, mod.access_token, { ban_level: 'posting', reason: 'spam', duration_days: 1 }), 'ban');
    assert.deepEqual([ban.user_uuid, ban.ban_level], [them, 'posting']);
    assert.equal(clean<{ revoked: number }>(await call('DELETE', `/users/${them}/ban`, mod.access_token), 'unban').revoked, 1);

    const settings = clean<Record<string, unknown>>(await call('PATCH', '/settings', admin.access_token, { section: SITE, enable_dislikes: false }), 'settings');
    assert.deepEqual(Object.keys(settings).sort(), EVERY_SETTING);
    assert.equal(settings['enable_dislikes'], false);
  });
});
