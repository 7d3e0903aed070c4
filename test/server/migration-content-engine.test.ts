/**
 * Migration 011 (one set of content tables) loses nothing: a database written by the previous
 * schema comes out with every row, column and counter, the new `kind` and `type` columns, likes
 * and dislikes in `reactions`, and the API serves it as before. On SQLite, and on PostgreSQL
 * when VF_TEST_STORE=postgres and DATABASE_URL are set.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Kysely, Migrator } from 'kysely';
import type { AuthResult, Comment, CommentPage, EventsPage } from '../../core/api/types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seed } from '../../server/demo/index.ts';
import { findContainer, getOrCreateContainer } from '../../server/engine/containers.ts';
import { migrationProvider } from '../../server/storage/migrations/index.ts';
import { bearer, build, container, postComment, resultOf, SITE, signupAs } from './helpers.ts';
import { indexNames, oldDatabase, PASSWORD, writeOldRows } from './support/pre-content-engine.ts';

const sortBy = <T extends Record<string, unknown>>(rows: T[], ...keys: string[]) =>
  [...rows].sort((a, b) => keys.map((k) => String(a[k]).localeCompare(String(b[k]))).find((d) => d !== 0) ?? 0);

async function tableNames(db: Kysely<any>): Promise<string[]> {
  return (await db.introspection.getTables()).map((table) => table.name);
}

describe('migration 011: one set of content tables', () => {
  test('every container, comment, like, dislike, flag and event is kept, with kind and type; the API serves them as before', async (t) => {
    const cleanups: (() => Promise<void>)[] = [];
    const { db, env } = await oldDatabase(t, cleanups);
    cleanups.push(() => db.destroy());
    const old = await writeOldRows(db);
    assert.ok((await indexNames(db, 'comments')).includes('comments_top_level'), 'the old schema is in place');

    // Migration 011 alone: later ones add to these tables (012: contents.media) and are run by the app's start below.
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('011_content_engine');
    if (error) throw error;

    const tables = await tableNames(db);
    for (const name of ['contents', 'reactions', 'flags', 'events', 'containers']) assert.ok(tables.includes(name), `${name} exists`);
    for (const name of ['comments', 'likes', 'dislikes', 'containers_new']) assert.ok(!tables.includes(name), `${name} is gone`);

    // Containers: every column as written (total_visible_content, event_seq included), kind conversation.
    const containers = await db.selectFrom('containers').selectAll().execute();
    assert.deepEqual(sortBy(containers, 'container_id'), sortBy(old.containers.map((c) => ({ ...c, kind: 'conversation' })), 'container_id'));

    // Contents: every column and counter as written; top-level rows are comments, the others replies.
    const contents = await db.selectFrom('contents').selectAll().execute();
    const expected = old.comments.map((c) => ({ ...c, type: c.parent_uuid ? 'reply' : 'comment' }));
    assert.deepEqual(sortBy(contents, 'uuid'), sortBy(expected, 'uuid'));
    assert.deepEqual(contents.filter((c) => c.type === 'reply').map((c) => c.uuid).sort(), [old.ids.reply, old.ids.nested].sort());

    // Likes and dislikes are one table now; flags and events are untouched.
    const reactions = await db.selectFrom('reactions').selectAll().execute();
    const wantReactions = [...old.likes.map((r) => ({ ...r, kind: 'like' })), ...old.dislikes.map((r) => ({ ...r, kind: 'dislike' }))];
    assert.deepEqual(sortBy(reactions, 'content_uuid', 'user_uuid', 'kind'), sortBy(wantReactions, 'content_uuid', 'user_uuid', 'kind'));
    assert.deepEqual(sortBy(await db.selectFrom('flags').selectAll().execute(), 'content_uuid'), old.flags);
    assert.deepEqual(sortBy(await db.selectFrom('events').selectAll().execute(), 'seq'), old.events);

    // Every index of comments is kept under its contents_ name.
    assert.deepEqual(await indexNames(db, 'contents'), [
      'contents_actor_recent', 'contents_parent_actor', 'contents_site_recent', 'contents_thread', 'contents_thread_replies',
      'contents_top_level', 'contents_top_likes', 'contents_top_picked', 'contents_top_replies',
    ]);
    assert.deepEqual(await indexNames(db, 'containers'), ['containers_site_container_id_kind']);
    assert.deepEqual(await indexNames(db, 'reactions'), ['reactions_user']);

    // The app on the migrated database (its start migrates again: nothing is left to do).
    const app = buildApp({ config: loadConfig(env) });
    cleanups.push(() => app.close());
    await app.ready();
    await seed(app);
    const login = async (email: string) => resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password: PASSWORD, section: SITE } })).access_token;
    const c = old.containers[0]!;
    const base = `/api/comments/${SITE}/${c.uuid}`;
    // Top-level comments in order, each followed by its thread's replies.
    const list = async (token?: string) => {
      const page = resultOf<CommentPage>(await app.inject({ method: 'GET', url: `${base}/comments`, query: { sorted_by: 'oldest', reply_limit: '5' }, headers: bearer(token) }));
      return { ...page, contents: page.contents.flatMap((x) => [x, ...(x.replies ?? [])]) };
    };

    // The page still resolves to its old container.
    const byId = resultOf<{ content_container_uuid: string; total_visible_content: number }>(
      await app.inject({ method: 'GET', url: `/api/comments/${SITE}/contentcontainer/id`, query: { container_id: 'old-page' } }));
    assert.deepEqual([byId.content_container_uuid, byId.total_visible_content], [c.uuid, 5]);

    const guest = await list();
    assert.equal(guest.total_visible_content, 5);
    assert.equal(guest.latest_seq, 3);
    assert.deepEqual(guest.contents.map((x) => x.content_uuid), [old.ids.thread, old.ids.reply, old.ids.nested, old.ids.anonymous, old.ids.locked]);
    const thread = guest.contents[0]!;
    assert.deepEqual(
      [thread.total_likes, thread.total_dislikes, thread.total_replies, thread.total_direct_replies, thread.is_picked, thread.is_pinned, thread.is_edited, thread.date_pinned],
      [2, 1, 2, 1, true, true, true, 1_700_000_001_600],
    );
    const byUuid = new Map(guest.contents.map((x) => [x.content_uuid, x]));
    assert.deepEqual([byUuid.get(old.ids.reply)!.total_likes, byUuid.get(old.ids.reply)!.parent_uuid], [1, old.ids.thread]);
    assert.deepEqual([byUuid.get(old.ids.anonymous)!.actor.name, byUuid.get(old.ids.anonymous)!.is_anonymous], ['Guest Ann', true]);
    assert.equal(byUuid.get(old.ids.locked)!.date_locked, 1_700_000_007_500);

    // The critic's like and dislike show as theirs; the author sees their held comment; a moderator sees the flag.
    const critic = await list(await login(old.users.critic.email));
    assert.deepEqual(critic.contents[0]!.actions, { liked: true, disliked: true, flagged: false });
    assert.deepEqual(critic.contents[1]!.actions, { liked: true, disliked: false, flagged: false });
    const fan = await list(await login(old.users.fan.email));
    assert.deepEqual(fan.contents[0]!.actions, { liked: true, disliked: false, flagged: true });
    const author = await login(old.users.author.email);
    assert.ok((await list(author)).contents.some((x) => x.content_uuid === old.ids.held && x.state === 'awaiting_moderation'));
    const mod = await signupAs(app, 'mod');
    const modView = await list(mod.access_token);
    assert.equal(modView.contents[0]!.total_flags, 1);
    assert.ok(modView.contents.some((x) => x.content_uuid === old.ids.removed && x.state === 'deleted'));

    // The event log goes on from the old numbers; new writes land in the new tables.
    const log = resultOf<EventsPage>(await app.inject({ method: 'GET', url: `${base}/events?after=0` }));
    assert.deepEqual(log.events.map((e) => [e.seq, e.event]), [[1, 'created'], [2, 'created'], [3, 'liked']]);
    const posted = await postComment(app, author, c.uuid, 'after the migration');
    const replied = await postComment(app, author, c.uuid, 'a new reply', old.ids.locked);
    const liked = resultOf<{ total_likes: number }>(await app.inject({ method: 'POST', url: `${base}/comments/${old.ids.anonymous}/like`, headers: bearer(author) }));
    assert.equal(liked.total_likes, 1);
    const types = await db.selectFrom('contents').select(['uuid', 'type']).where('uuid', 'in', [posted.content_uuid, replied.content_uuid]).execute();
    assert.deepEqual(sortBy(types, 'type').map((r) => [r.uuid, r.type]), [[posted.content_uuid, 'comment'], [replied.content_uuid, 'reply']]);
    const after = await db.selectFrom('containers').select(['total_visible_content', 'event_seq']).where('uuid', '=', c.uuid).executeTakeFirstOrThrow();
    assert.deepEqual([Number(after.total_visible_content), Number(after.event_seq)], [7, 6]);
    assert.equal((await db.selectFrom('reactions').select('kind').where('content_uuid', '=', old.ids.anonymous).executeTakeFirstOrThrow()).kind, 'like');
  });

  test('one page may hold a container of each kind: the same container_id, different kinds, one site', async (t) => {
    const app = await build(t);
    const conversation = await container(app, 'shared-page');
    const liveblog = await getOrCreateContainer(app.db, SITE, 'shared-page', 'liveblog');
    const chat = await getOrCreateContainer(app.db, SITE, 'shared-page', 'chat');
    assert.equal(new Set([conversation.content_container_uuid, liveblog.uuid, chat.uuid]).size, 3);
    assert.deepEqual([liveblog.kind, chat.kind, liveblog.container_id], ['liveblog', 'chat', 'shared-page']);
    // Each lookup finds its own kind; the comments service still gets the conversation.
    assert.equal((await getOrCreateContainer(app.db, SITE, 'shared-page', 'liveblog')).uuid, liveblog.uuid);
    assert.equal((await findContainer(app.db, SITE, 'shared-page'))!.uuid, conversation.content_container_uuid);
    assert.equal((await findContainer(app.db, SITE, 'shared-page', 'chat'))!.uuid, chat.uuid);
    assert.equal((await container(app, 'shared-page')).content_container_uuid, conversation.content_container_uuid);
    assert.equal(await findContainer(app.db, SITE, 'other-page', 'liveblog'), null);
    // A comment posted on the page goes to the conversation; the other kinds stay empty.
    const reader = await signupAs(app, 'mod');
    const posted: Comment = await postComment(app, reader.access_token, conversation.content_container_uuid, 'on the conversation');
    assert.equal(posted.content_container_uuid, conversation.content_container_uuid);
    const rows = await app.db.selectFrom('containers').select(['kind', 'total_visible_content']).where('container_id', '=', 'shared-page').orderBy('kind').execute();
    assert.deepEqual(rows.map((r) => [r.kind, Number(r.total_visible_content)]), [['chat', 0], ['conversation', 1], ['liveblog', 0]]);
    // The comments service serves conversations only: another kind's uuid is unknown to it.
    const base = `/api/comments/${SITE}/${liveblog.uuid}`;
    const mod = bearer(reader.access_token);
    for (const [method, url, payload] of [
      ['GET', `${base}/comments`, undefined],
      ['POST', `${base}/comments`, { content: 'not a live-blog post' }],
      ['POST', `${base}/settings`, { is_closed: true }],
      ['POST', `${base}/moderation/${posted.content_uuid}/disable`, {}],
    ] as const) {
      const answer = await app.inject({ method, url, headers: mod, ...(payload ? { payload } : {}) });
      assert.equal(answer.statusCode, 404, `${method} ${url}: ${answer.body}`);
    }
    assert.equal(Number((await app.db.selectFrom('containers').select('is_closed').where('uuid', '=', liveblog.uuid).executeTakeFirstOrThrow()).is_closed), 0);
    // Still unique per site, container_id and kind.
    await assert.rejects(
      app.db.insertInto('containers').values({ uuid: crypto.randomUUID(), site_uuid: SITE, container_id: 'shared-page', kind: 'liveblog', is_hidden: 0, is_closed: 0, total_visible_content: 0, date_created: Date.now() }).execute(),
    );
  });
});
