/**
 * Users, profiles, avatars, pre-moderation, follows and mutes (docs/accounts.md), against the
 * real app on a fresh database, with real multipart bodies.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { CommentPage, User } from '../../core/api/types.ts';
import { mutedBy } from '../../server/engine/mutes.ts';
import { updateSiteSettings } from '../../server/engine/sites.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
function formData(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vfTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function getUser(app: FastifyInstance, id: string | number, token?: string) {
  return app.inject({ method: 'GET', url: `/api/v2/users/${id}`, headers: bearer(token) });
}

function upload(app: FastifyInstance, token: string, uuid: string, parts: Part[]) {
  const { payload, headers } = formData(parts);
  return app.inject({ method: 'POST', url: `/api/v2/users/${uuid}`, headers: { ...headers, ...bearer(token) }, payload });
}

const avatar = (value: Buffer, type = 'image/png', filename = 'me.png'): Part => ({ name: 'avatar', value, filename, type });

describe('GET users/{id}', () => {
  test('anyone reads the public fields by uuid or numeric id; email only for the user themself or a moderator', async (t) => {
    const app = await build(t);
    const [owner, other, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const byGuest = resultOf<User>(await getUser(app, owner.user.uuid));
    assert.equal(byGuest.name, owner.user.name);
    assert.equal(byGuest.email, undefined);
    assert.equal(resultOf<User>(await getUser(app, owner.user.id)).uuid, owner.user.uuid);
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid, other.access_token)).email, undefined);
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid, owner.access_token)).email, owner.user.email);
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid, mod.access_token)).email, owner.user.email);
    assert.equal((await getUser(app, '00000000-0000-4000-8000-000000000001')).statusCode, 404);
    const bad = await getUser(app, 'robert');
    assert.equal(bad.statusCode, 400);
  });
});

describe('profile update', () => {
  test('a user renames themself by PATCH and by the PATCH-as-POST form; others cannot, admins can', async (t) => {
    const app = await build(t);
    const [owner, other, admin] = [await signup(app), await signup(app), await signupAs(app, 'admin')];
    const url = `/api/v2/users/${owner.user.uuid}`;
    const patched = await app.inject({ method: 'PATCH', url, headers: bearer(owner.access_token), payload: { name: '  Ada   Lovelace ' } });
    assert.equal(resultOf<User>(patched).name, 'Ada Lovelace');
    const posted = await app.inject({ method: 'POST', url, headers: bearer(owner.access_token), payload: { name: 'Ada', verb: 'PATCH', section: SITE } });
    assert.equal(resultOf<User>(posted).name, 'Ada');
    assert.equal((await app.inject({ method: 'PATCH', url, headers: bearer(other.access_token), payload: { name: 'Mallory' } })).statusCode, 403);
    assert.equal((await app.inject({ method: 'PATCH', url, payload: { name: 'Guest' } })).statusCode, 401);
    assert.equal(resultOf<User>(await app.inject({ method: 'PATCH', url, headers: bearer(admin.access_token), payload: { name: 'Ada L.' } })).name, 'Ada L.');
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid)).name, 'Ada L.');
  });

  test('bad names and unknown fields are refused with the field named, and nothing changes', async (t) => {
    const app = await build(t);
    const owner = await signup(app);
    const url = `/api/v2/users/${owner.user.uuid}`;
    for (const payload of [{ name: '   ' }, { name: 'x'.repeat(51) }, { name: 'a\u0000b' }, { email: 'x@example.test' }]) {
      const response = await app.inject({ method: 'PATCH', url, headers: bearer(owner.access_token), payload });
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.ok(['name', 'email'].includes(response.json().field), response.body);
    }
    const empty = await app.inject({ method: 'PATCH', url, headers: bearer(owner.access_token), payload: {} });
    assert.equal(empty.statusCode, 400);
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid)).name, owner.user.name);
  });
});

describe('avatars', () => {
  test('a form with too many fields is a 400 naming it, and nothing changes', async (t) => {
    const app = await build(t);
    const owner = await signup(app);
    const parts: Part[] = Array.from({ length: 10 }, (_, i) => ({ name: `field${i}`, value: 'x' }));
    const response = await upload(app, owner.access_token, owner.user.uuid, parts);
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, 'Too many form fields');
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid)).name, owner.user.name);
  });

  test('a PNG upload is stored, served with its real type, and removed by an empty avatar', async (t) => {
    const app = await build(t);
    const owner = await signup(app);
    const user = resultOf<User>(await upload(app, owner.access_token, owner.user.uuid, [avatar(PNG)]));
    assert.match(user.pic_large ?? '', /^\/avatars\/[0-9a-f]{32}\.png$/);
    assert.equal(user.pic_small, user.pic_large);
    const file = await app.inject({ method: 'GET', url: user.pic_large! });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    assert.match(String(file.headers['cache-control']), /immutable/);
    assert.deepEqual(file.rawPayload, PNG);
    // Comments show it with the author, when posted and when listed.
    const c = await container(app);
    assert.equal((await postComment(app, owner.access_token, c.content_container_uuid, 'with my picture')).actor.pic_small, user.pic_small);
    const listed = resultOf<CommentPage>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c.content_container_uuid}/comments` }));
    assert.equal(listed.contents[0]?.actor.pic_small, user.pic_small);

    const removed = resultOf<User>(await upload(app, owner.access_token, owner.user.uuid, [{ name: 'avatar', value: '' }]));
    assert.equal(removed.pic_large, null);
    assert.equal(removed.pic_small, null);
    assert.equal((await app.inject({ method: 'GET', url: user.pic_large! })).statusCode, 404);
  });

  test('a file whose bytes are not an image is refused whatever type it declares', async (t) => {
    const app = await build(t);
    const owner = await signup(app);
    const script = Buffer.from('<script>alert(1)</script>');
    const response = await upload(app, owner.access_token, owner.user.uuid, [avatar(script, 'image/png', 'cat.png')]);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error_status: 400, message: 'The avatar must be a PNG, JPEG, WebP or GIF image', field: 'avatar' });
    assert.equal(resultOf<User>(await getUser(app, owner.user.uuid)).pic_large, null);
  });

  test('a file over 2 MB is refused', async (t) => {
    const app = await build(t);
    const owner = await signup(app);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(app, owner.access_token, owner.user.uuid, [avatar(big)]);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'The avatar is larger than 2 MB');
  });

  test('another user cannot change your picture; a name and a picture change together', async (t) => {
    const app = await build(t);
    const [owner, other] = [await signup(app), await signup(app)];
    assert.equal((await upload(app, other.access_token, owner.user.uuid, [avatar(PNG)])).statusCode, 403);
    const both = resultOf<User>(await upload(app, owner.access_token, owner.user.uuid, [{ name: 'name', value: 'Grace' }, avatar(PNG)]));
    assert.equal(both.name, 'Grace');
    assert.ok(both.pic_large);
  });

  test('unknown avatar names are not served', async (t) => {
    const app = await build(t);
    assert.equal((await app.inject({ method: 'GET', url: '/avatars/..%2f..%2fvf.sqlite' })).statusCode, 400);
    assert.equal((await app.inject({ method: 'GET', url: `/avatars/${'a'.repeat(32)}.png` })).statusCode, 404);
  });
});

describe('pre-moderation', () => {
  test('with it on, a new name and picture wait; only a moderator approves or rejects', async (t) => {
    const app = await build(t);
    await updateSiteSettings(app.db, SITE, { enable_username_premoderation: true, enable_avatar_premoderation: true });
    const [owner, other, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const url = `/api/v2/users/${owner.user.uuid}`;
    const pending = resultOf<User>(await upload(app, owner.access_token, owner.user.uuid, [{ name: 'name', value: 'Newname' }, avatar(PNG)]));
    assert.equal(pending.name, owner.user.name);
    assert.equal(pending.username_pending, 'Newname');
    assert.equal(pending.username_moderation_status, 'pending');
    assert.equal(pending.pic_large, null);
    assert.ok(pending.pic_large_pending);
    assert.equal(pending.avatar_moderation_status, 'pending');
    // The public does not see pending values.
    const publicView = resultOf<User>(await getUser(app, owner.user.uuid, other.access_token));
    assert.equal(publicView.username_pending, undefined);
    assert.equal(publicView.pic_large_pending, undefined);

    const decide = (token: string, field: string, decision: string) =>
      app.inject({ method: 'POST', url: `${url}/moderation/${field}/${decision}`, headers: bearer(token) });
    assert.equal((await decide(owner.access_token, 'username', 'approve')).statusCode, 403);
    assert.equal((await decide(other.access_token, 'avatar', 'approve')).statusCode, 403);
    const named = resultOf<User>(await decide(mod.access_token, 'username', 'approve'));
    assert.equal(named.name, 'Newname');
    assert.equal(named.username_moderation_status, 'approved');
    const rejected = resultOf<User>(await decide(mod.access_token, 'avatar', 'reject'));
    assert.equal(rejected.avatar_moderation_status, 'rejected');
    assert.equal(rejected.pic_large, null);
    assert.equal(rejected.pic_large_pending, null);
    assert.equal((await app.inject({ method: 'GET', url: pending.pic_large_pending! })).statusCode, 404);
    assert.equal((await decide(mod.access_token, 'avatar', 'approve')).statusCode, 409);

    const again = resultOf<User>(await upload(app, owner.access_token, owner.user.uuid, [avatar(PNG)]));
    const approved = resultOf<User>(await decide(mod.access_token, 'avatar', 'approve'));
    assert.equal(approved.pic_large, again.pic_large_pending);
    assert.equal(approved.avatar_moderation_status, 'approved');
    assert.equal((await decide(mod.access_token, 'nickname', 'approve')).statusCode, 400);
  });

  test('a moderator’s own change is not held back', async (t) => {
    const app = await build(t);
    await updateSiteSettings(app.db, SITE, { enable_username_premoderation: true });
    const mod = await signupAs(app, 'mod');
    const response = await app.inject({ method: 'PATCH', url: `/api/v2/users/${mod.user.uuid}`, headers: bearer(mod.access_token), payload: { name: 'Modest' } });
    assert.equal(resultOf<User>(response).name, 'Modest');
  });
});

describe('follows', () => {
  test('follow, list followers with total_count, unfollow; never yourself; guests are asked to log in', async (t) => {
    const app = await build(t);
    const [star, fan1, fan2] = [await signup(app), await signup(app), await signup(app)];
    const followUrl = `/api/v2/follows/${star.user.uuid}`;
    const first = resultOf<{ date_following: number }>(await app.inject({ method: 'PUT', url: followUrl, headers: bearer(fan1.access_token), payload: { page_id: 'article-1' } }));
    assert.equal(typeof first.date_following, 'number');
    resultOf(await app.inject({ method: 'PUT', url: followUrl, headers: bearer(fan2.access_token) }));
    // Following twice is one follow.
    resultOf(await app.inject({ method: 'PUT', url: followUrl, headers: bearer(fan1.access_token) }));

    const list = resultOf<{ items: { uuid: string; date_followed: number }[]; total_count: number }>(
      await app.inject({ method: 'GET', url: `/api/v2/followers/${star.user.uuid}`, query: { limit: '1' } }),
    );
    assert.equal(list.total_count, 2);
    assert.equal(list.items.length, 1);
    assert.equal((await app.inject({ method: 'GET', url: `/api/v2/followers/${star.user.uuid}`, query: { limit: '101' } })).statusCode, 400);
    assert.equal(resultOf<User>(await getUser(app, star.user.uuid, fan1.access_token)).date_following, first.date_following);

    resultOf(await app.inject({ method: 'DELETE', url: followUrl, headers: bearer(fan1.access_token) }));
    assert.equal(resultOf<User>(await getUser(app, star.user.uuid, fan1.access_token)).date_following, null);
    const self = await app.inject({ method: 'PUT', url: followUrl, headers: bearer(star.access_token) });
    assert.equal(self.statusCode, 403);
    assert.equal(self.json().message, 'Users cannot follow themselves');
    assert.equal((await app.inject({ method: 'PUT', url: followUrl })).statusCode, 401);
    assert.equal((await app.inject({ method: 'PUT', url: followUrl, headers: bearer(fan2.access_token), payload: { extra: 1 } })).statusCode, 400);
  });
});

describe('mutes', () => {
  test('mute and unmute; the list is private; mutedBy feeds comment lists', async (t) => {
    const app = await build(t);
    const [reader, troll, other] = [await signup(app), await signup(app), await signup(app)];
    const muteUrl = `/api/v2/mutes/${troll.user.uuid}`;
    const muted = resultOf<{ is_muted: boolean; date_muted: number }>(await app.inject({ method: 'PUT', url: muteUrl, headers: bearer(reader.access_token) }));
    assert.equal(muted.is_muted, true);
    const list = resultOf<{ items: { uuid: string; is_muted: boolean; type: string }[]; total_count: number }>(
      await app.inject({ method: 'GET', url: `/api/v2/mutes/${reader.user.uuid}`, headers: bearer(reader.access_token) }),
    );
    assert.deepEqual(list.items.map((m) => [m.uuid, m.is_muted, m.type]), [[troll.user.uuid, true, 'user']]);
    assert.equal(list.total_count, 1);
    assert.deepEqual([...(await mutedBy(app.db, reader.user.uuid))], [troll.user.uuid]);
    assert.equal(resultOf<User>(await getUser(app, troll.user.uuid, reader.access_token)).date_muted, muted.date_muted);
    assert.equal((await app.inject({ method: 'GET', url: `/api/v2/mutes/${reader.user.uuid}`, headers: bearer(other.access_token) })).statusCode, 403);

    resultOf(await app.inject({ method: 'DELETE', url: muteUrl, headers: bearer(reader.access_token) }));
    assert.equal((await mutedBy(app.db, reader.user.uuid)).size, 0);
    assert.equal((await app.inject({ method: 'PUT', url: `/api/v2/mutes/${reader.user.uuid}`, headers: bearer(reader.access_token) })).statusCode, 403);
  });

  test('muting needs enable_muting, except for moderators', async (t) => {
    const app = await build(t);
    await updateSiteSettings(app.db, SITE, { enable_muting: false });
    const [reader, troll, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const muteUrl = `/api/v2/mutes/${troll.user.uuid}`;
    const refused = await app.inject({ method: 'PUT', url: muteUrl, headers: bearer(reader.access_token) });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'This is turned off on this site');
    assert.equal((await app.inject({ method: 'PUT', url: muteUrl, headers: bearer(mod.access_token) })).statusCode, 200);
  });
});

describe('cookies', () => {
  test('the session travels as a bearer token: login, refresh, current user and logout set no cookie', async (t) => {
    const app = await build(t);
    const account = await signup(app);
    const responses = [
      await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: account.user.email, password: account.password, section: SITE } }),
      await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(account.access_token) }),
      await app.inject({ method: 'GET', url: '/api/v2/users/refreshusertoken', headers: bearer(account.refresh_token) }),
      await app.inject({ method: 'DELETE', url: '/api/v2/users/logout', headers: bearer(account.access_token) }),
    ];
    for (const response of responses) {
      assert.ok(response.statusCode < 300, response.body);
      assert.equal(response.headers['set-cookie'], undefined, response.raw.req.url);
    }
  });
});
