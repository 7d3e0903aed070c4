/**
 * The shared rule table, enforced: comment create / reply / like for every role (guest, user,
 * moderator, admin, posting/ghost/hide bans, muted) and the site switches the rules read.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, Container } from '../../core/api/types.ts';
import { bearer, build, container, countRows, postComment, resultOf, SITE, signup } from './helpers.ts';
import { createBan, type GivenBanLevel } from '../../server/moderation/bans.ts';

type Role = 'guest' | 'user' | 'moderator' | 'admin' | 'banned_posting' | 'banned_ghost' | 'banned_hide' | 'muted';

/** The token of a fresh account in `role` (undefined for a guest). */
async function as(app: FastifyInstance, role: Role): Promise<string | undefined> {
  if (role === 'guest') return undefined;
  const account = await signup(app);
  const set: Record<string, unknown> = {};
  if (role === 'moderator') set['user_privilege'] = 'mod';
  if (role === 'admin') set['user_privilege'] = 'admin';
  if (role.startsWith('banned_')) {
    const ban_level = role.slice('banned_'.length) as GivenBanLevel;
    await createBan(app.db, { site_uuid: SITE, user_uuid: account.user.uuid, ban_level, reason: 'test', created_by: account.user.uuid, date_expired: null });
  }
  if (role === 'muted') set['is_muted'] = 1;
  if (Object.keys(set).length) await app.db.updateTable('users').set(set as never).where('uuid', '=', account.user.uuid).execute();
  return account.access_token;
}

interface Expect {
  status: number;
  api_code?: number;
  message?: string;
}
const OK: Expect = { status: 200 };
const LOGIN: Expect = { status: 401, message: 'unauthorized' };
const BANNED: Expect = { status: 403, api_code: 65540, message: 'This account is banned from posting on this site' };
const MUTED: Expect = { status: 403, message: 'This account is muted on this site: it can read and react, not post' };
const HIDDEN_REACT: Expect = { status: 403, message: 'This account cannot do this on this site' };
const HIDDEN_REACT_BODY = { error_status: 403, message: 'This account cannot do this on this site' };

const TABLE: Record<Role, { create: Expect; reply: Expect; like: Expect }> = {
  guest: { create: LOGIN, reply: LOGIN, like: LOGIN },
  user: { create: OK, reply: OK, like: OK },
  moderator: { create: OK, reply: OK, like: OK },
  admin: { create: OK, reply: OK, like: OK },
  banned_posting: { create: BANNED, reply: BANNED, like: OK },
  banned_ghost: { create: BANNED, reply: BANNED, like: HIDDEN_REACT },
  banned_hide: { create: BANNED, reply: BANNED, like: HIDDEN_REACT },
  muted: { create: MUTED, reply: MUTED, like: OK },
};

function check(response: { statusCode: number; json(): any; body: string }, want: Expect, label: string) {
  assert.equal(response.statusCode, want.status, `${label}: ${response.body}`);
  if (want.status === 200) return;
  const body = response.json();
  assert.equal(body.error_status, want.status, label);
  assert.equal(body.api_code, want.api_code, label);
  if (want.message) assert.equal(body.message, want.message, label);
}

async function setSettings(app: FastifyInstance, change: Record<string, unknown>) {
  const admin = await as(app, 'admin');
  resultOf(await app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: bearer(admin), payload: { ...change, section: SITE } }));
}

const base = (c: Container) => `/api/comments/${SITE}/${c.content_container_uuid}`;

describe('comment permissions by role', () => {
  for (const [role, want] of Object.entries(TABLE) as [Role, (typeof TABLE)[Role]][]) {
    test(`${role}: create ${want.create.status}, reply ${want.reply.status}, like ${want.like.status}`, async (t) => {
      const app = await build(t);
      const author = await signup(app);
      const page = await container(app);
      const thread: Comment = await postComment(app, author.access_token, page.content_container_uuid, 'A thread');
      const token = await as(app, role);
      const before = await countRows(app, 'contents');

      const created = await app.inject({ method: 'POST', url: `${base(page)}/comments`, headers: bearer(token), payload: { content: 'hello' } });
      check(created, want.create, `${role} create`);
      const reply = await app.inject({ method: 'POST', url: `${base(page)}/comments/${thread.content_uuid}`, headers: bearer(token), payload: { content: 're' } });
      check(reply, want.reply, `${role} reply`);
      const like = await app.inject({ method: 'POST', url: `${base(page)}/comments/${thread.content_uuid}/like`, headers: bearer(token) });
      check(like, want.like, `${role} like`);

      const written = (want.create.status === 200 ? 1 : 0) + (want.reply.status === 200 ? 1 : 0);
      assert.equal(await countRows(app, 'contents'), before + written, 'refusals write nothing');
      assert.equal(await countRows(app, 'reactions'), want.like.status === 200 ? 1 : 0);
    });
  }
});

describe('dislikes (comment.dislike)', () => {
  test('users dislike and take it back (idempotent); guests 401; ghost/hide bans 403; enable_dislikes off 403 for all', async (t) => {
    const app = await build(t);
    const author = await signup(app);
    const page = await container(app);
    const thread = await postComment(app, author.access_token, page.content_container_uuid, 'A thread');
    const url = `${base(page)}/comments/${thread.content_uuid}/dislike`;
    const user = await as(app, 'user');
    for (const [method, total] of [['POST', 1], ['POST', 1], ['DELETE', 0], ['DELETE', 0]] as const) {
      const r = resultOf<{ total_dislikes: number; disliked: boolean }>(await app.inject({ method, url, headers: bearer(user) }));
      assert.deepEqual(r, { content_uuid: thread.content_uuid, total_dislikes: total, disliked: method === 'POST' });
    }
    assert.equal((await app.inject({ method: 'POST', url })).statusCode, 401);
    assert.deepEqual((await app.inject({ method: 'POST', url, headers: bearer(await as(app, 'banned_ghost')) })).json(), HIDDEN_REACT_BODY);
    assert.equal((await app.inject({ method: 'POST', url, headers: bearer(await as(app, 'banned_posting')) })).statusCode, 200);
    await setSettings(app, { enable_dislikes: false });
    for (const token of [user, undefined]) {
      const r = await app.inject({ method: 'POST', url, headers: bearer(token) });
      assert.deepEqual(r.json(), { error_status: 403, message: 'Dislikes are disabled on this site' });
    }
    const row = await app.db.selectFrom('contents').select('total_dislikes').where('uuid', '=', thread.content_uuid).executeTakeFirstOrThrow();
    assert.equal(Number(row.total_dislikes), 1, 'only the posting-banned reader\'s dislike');
  });
});

describe('the viewer learns their own state', () => {
  test('a muted account sees is_muted in its user record (the widget then explains instead of offering the box)', async (t) => {
    const app = await build(t);
    const token = await as(app, 'muted');
    const me = resultOf<{ is_muted?: boolean }>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(token) }));
    assert.equal(me.is_muted, true);
    const plain = resultOf<{ is_muted?: boolean }>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(await as(app, 'user')) }));
    assert.equal('is_muted' in plain, false);
  });
});

describe('site switches and containers', () => {
  test('enable_commenting off: 403 with a clear message for users and guests alike; likes still work', async (t) => {
    const app = await build(t);
    const author = await signup(app);
    const page = await container(app);
    const thread = await postComment(app, author.access_token, page.content_container_uuid, 'before');
    await setSettings(app, { enable_commenting: false });
    for (const token of [author.access_token, undefined]) {
      const r = await app.inject({ method: 'POST', url: `${base(page)}/comments`, headers: bearer(token), payload: { content: 'x' } });
      assert.equal(r.statusCode, 403);
      assert.deepEqual(r.json(), { error_status: 403, message: 'Commenting is disabled on this site' });
    }
    const reply = await app.inject({ method: 'POST', url: `${base(page)}/comments/${thread.content_uuid}`, headers: bearer(author.access_token), payload: { content: 'x' } });
    assert.equal(reply.statusCode, 403);
    const like = await app.inject({ method: 'POST', url: `${base(page)}/comments/${thread.content_uuid}/like`, headers: bearer(author.access_token) });
    assert.equal(like.statusCode, 200);
  });

  test('a closed container refuses comments and replies', async (t) => {
    const app = await build(t);
    const author = await signup(app);
    const page = await container(app);
    const thread = await postComment(app, author.access_token, page.content_container_uuid, 'before');
    await app.db.updateTable('containers').set({ is_closed: 1 }).where('uuid', '=', page.content_container_uuid).execute();
    for (const url of [`${base(page)}/comments`, `${base(page)}/comments/${thread.content_uuid}`]) {
      const r = await app.inject({ method: 'POST', url, headers: bearer(author.access_token), payload: { content: 'x' } });
      assert.deepEqual(r.json(), { error_status: 403, message: 'This conversation is closed' });
    }
  });
});
