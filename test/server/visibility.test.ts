/**
 * Who sees what (content.md §3 restriction reasons, §4; platform.md §6): held comments, ghost and
 * hide bans, mutes, and the moderator's view with state_reasons — in lists, single reads, counts
 * and live events.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, Container } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';
import { authorBanLevel, canSee, PUBLIC_VIEWER, type Viewer, visibleTo } from '../../server/content/visibility.ts';
import { call, list, liveClient, seen, setSiteSettings } from './comment-calls.ts';

const texts = async (app: FastifyInstance, c: Container, token?: string) => (await list(app, c, token)).contents.map((x) => x.content);

async function ban(app: FastifyInstance, modToken: string, userUuid: string, level: 'ghost' | 'hide'): Promise<void> {
  resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${userUuid}/ban`, headers: bearer(modToken), payload: { ban_level: level, reason: 'testing', permanent: true } }));
}

describe('premoderation', () => {
  test('site-wide: new comments wait; the author sees theirs with the reason; readers and the count do not; enable publishes', async (t) => {
    const app = await build(t);
    const [author, reader, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    await setSiteSettings(app, { enable_premoderation: true });
    const live = await liveClient(t, app, c);

    const held = await postComment(app, author.access_token, c.content_container_uuid, 'please approve');
    assert.deepEqual([held.state, held.state_reasons], ['awaiting_moderation', ['content_awaiting_moderation']]);
    const created = await live.nextEvent();
    assert.deepEqual([created.event, created.content_uuid, created.content], ['created', held.content_uuid, undefined], 'the text does not leak to readers');

    assert.deepEqual(await texts(app, c, author.access_token), ['please approve']);
    assert.deepEqual(await texts(app, c, reader.access_token), []);
    assert.deepEqual(await texts(app, c), []);
    assert.equal((await list(app, c)).total_visible_content, 0);
    assert.deepEqual((await seen(app, c, held.content_uuid, mod.access_token))?.state_reasons, ['content_awaiting_moderation']);
    assert.equal(await seen(app, c, held.content_uuid, reader.access_token), null);
    // Nobody replies to what they cannot see.
    assert.equal((await call(app, 'POST', c, `comments/${held.content_uuid}`, reader.access_token, { content: 'hm' })).statusCode, 404);

    const own = await postComment(app, mod.access_token, c.content_container_uuid, 'moderators are not held');
    assert.equal(own.state, 'visible');
    assert.equal((await live.nextEvent()).content?.content, 'moderators are not held');

    resultOf(await call(app, 'POST', c, `moderation/${held.content_uuid}/enable`, mod.access_token));
    const visible = await live.nextEvent();
    assert.deepEqual([visible.event, visible.content?.content], ['visible', 'please approve']);
    assert.deepEqual(await texts(app, c, reader.access_token), ['moderators are not held', 'please approve']);
    assert.equal((await list(app, c)).total_visible_content, 2);
  });

  test('per container (is_premoderated): only that container holds; a held reply does not count on its parent', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const [held, open] = [await container(app), await container(app)];
    resultOf(await call(app, 'POST', held, 'settings', mod.access_token, { is_premoderated: true }));
    const top = await postComment(app, mod.access_token, held.content_container_uuid, 'top');
    const reply = await postComment(app, author.access_token, held.content_container_uuid, 'held reply', top.content_uuid);
    assert.equal(reply.state, 'awaiting_moderation');
    assert.deepEqual([(await seen(app, held, top.content_uuid))?.total_replies, (await list(app, held)).total_visible_content], [0, 1]);
    assert.equal((await postComment(app, author.access_token, open.content_container_uuid, 'elsewhere')).state, 'visible');
    resultOf(await call(app, 'POST', held, `moderation/${reply.content_uuid}/enable`, mod.access_token));
    assert.deepEqual([(await seen(app, held, top.content_uuid))?.total_replies, (await list(app, held)).total_visible_content], [1, 2]);
  });

  test('an approved comment edited by its author waits again: readers keep nothing of it until a moderator approves the new words', async (t) => {
    const app = await build(t);
    const [author, reader, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    await setSiteSettings(app, { enable_premoderation: true });
    const held = await postComment(app, author.access_token, c.content_container_uuid, 'harmless words');
    resultOf(await call(app, 'POST', c, `moderation/${held.content_uuid}/enable`, mod.access_token));
    const live = await liveClient(t, app, c);

    const edited = resultOf<Comment>(await call(app, 'POST', c, `content/${held.content_uuid}/edit`, author.access_token, { content: 'different words' }));
    assert.deepEqual([edited.state, edited.content, edited.state_reasons], ['awaiting_moderation', 'different words', ['content_awaiting_moderation']]);
    const updated = await live.nextEvent();
    assert.deepEqual([updated.event, updated.content], ['updated', undefined], 'the new words do not leak to readers');
    assert.deepEqual(await texts(app, c, reader.access_token), []);
    assert.equal((await list(app, c)).total_visible_content, 0);
    assert.deepEqual(await texts(app, c, author.access_token), ['different words']);

    resultOf(await call(app, 'POST', c, `moderation/${held.content_uuid}/enable`, mod.access_token));
    assert.deepEqual(await texts(app, c, reader.access_token), ['different words']);
    assert.equal((await list(app, c)).total_visible_content, 1);
    // A moderator's own edit is not held.
    const byMod = resultOf<Comment>(await call(app, 'POST', c, `content/${held.content_uuid}/edit`, mod.access_token, { content: 'tidied words' }));
    assert.equal(byMod.state, 'visible');
  });
});

describe('banned and muted authors', () => {
  test('ghost ban: the author still sees their comments as visible, nobody else but moderators', async (t) => {
    const app = await build(t);
    const [author, reader, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'trolling');
    await ban(app, mod.access_token, author.user.uuid, 'ghost');

    const asAuthor = await seen(app, c, posted.content_uuid, author.access_token);
    assert.deepEqual([asAuthor?.state, asAuthor?.state_reasons], ['visible', []]);
    assert.deepEqual(await texts(app, c, author.access_token), ['trolling']);
    assert.deepEqual(await texts(app, c, reader.access_token), []);
    assert.equal(await seen(app, c, posted.content_uuid), null);
    assert.deepEqual((await seen(app, c, posted.content_uuid, mod.access_token))?.state_reasons, ['actor_ghost_banned']);
    // A reader cannot act on it either: it does not exist for them.
    for (const path of ['flag', 'like']) assert.equal((await call(app, 'POST', c, `comments/${posted.content_uuid}/${path}`, reader.access_token)).statusCode, 404, path);
    assert.equal((await call(app, 'POST', c, `comments/${posted.content_uuid}`, reader.access_token, { content: 'reply' })).statusCode, 404);
  });

  test('hide ban: hidden from everyone, the author too, but moderators', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'spam link');
    await ban(app, mod.access_token, author.user.uuid, 'hide');
    assert.equal(await seen(app, c, posted.content_uuid, author.access_token), null);
    assert.deepEqual(await texts(app, c, author.access_token), []);
    const asMod = (await list(app, c, mod.access_token)).contents[0] as Comment;
    assert.deepEqual([asMod.content, asMod.state, asMod.state_reasons], ['spam link', 'visible', ['actor_hide_banned']]);
  });

  test('a muted author is hidden only from the reader who muted them', async (t) => {
    const app = await build(t);
    const [loud, reader, other] = [await signup(app), await signup(app), await signup(app)];
    const c = await container(app);
    const top = await postComment(app, other.access_token, c.content_container_uuid, 'calm');
    await postComment(app, loud.access_token, c.content_container_uuid, 'LOUD');
    await postComment(app, loud.access_token, c.content_container_uuid, 'LOUD REPLY', top.content_uuid);
    await app.db.insertInto('mutes').values({ muter_uuid: reader.user.uuid, muted_uuid: loud.user.uuid, site_uuid: SITE, date_created: Date.now() }).execute();

    const forReader = await list(app, c, reader.access_token);
    assert.deepEqual(forReader.contents.map((x) => x.content), ['calm']);
    assert.deepEqual(forReader.contents[0]?.replies, []);
    assert.deepEqual(await texts(app, c, other.access_token), ['LOUD', 'calm']);
    assert.deepEqual(await texts(app, c, loud.access_token), ['LOUD', 'calm']);
  });

  test('moderators see every state with its reasons; readers get no flag totals', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await postComment(app, author.access_token, c.content_container_uuid, text)).content_uuid);
    resultOf(await call(app, 'POST', c, `moderation/${ids[0]}/spam`, mod.access_token));
    resultOf(await call(app, 'POST', c, `moderation/${ids[1]}/disable`, mod.access_token));
    const page = await list(app, c, mod.access_token, { sorted_by: 'oldest' });
    assert.deepEqual(page.contents.map((x) => [x.content, x.state, x.state_reasons, x.total_flags]), [
      ['one', 'spam', ['content_marked_as_spam'], 0],
      ['two', 'disabled', ['content_disabled'], 0],
      ['three', 'visible', [], 0],
    ]);
    assert.equal(page.total_visible_content, 1);
    const reader = await list(app, c, author.access_token);
    assert.deepEqual(reader.contents.map((x) => [x.content, x.total_flags]), [['three', undefined]]);
  });
});

describe('one rule, two forms', () => {
  test('the SQL filter and the per-row check agree for every state, ban, mute and viewer', async (t) => {
    const app = await build(t);
    const [plain, ghost, hide, reader, mod] = [await signup(app), await signup(app), await signup(app), await signup(app), await signupAs(app, 'mod')];
    for (const [user, level] of [[ghost, 'ghost'], [hide, 'hide']] as const) await ban(app, mod.access_token, user.user.uuid, level);
    await app.db.insertInto('mutes').values({ muter_uuid: reader.user.uuid, muted_uuid: plain.user.uuid, site_uuid: SITE, date_created: Date.now() }).execute();
    const c = await container(app);
    const states = ['visible', 'awaiting_moderation', 'disabled', 'spam', 'hidden', 'deleted'];
    for (const author of [plain, ghost, hide, reader]) {
      for (const state of states) {
        for (const replies of [0, 1]) {
          const uuid = randomUUID();
          await app.db.insertInto('contents').values({
            uuid, type: 'comment', site_uuid: SITE, container_uuid: c.content_container_uuid, thread_uuid: uuid, parent_uuid: null, parent_actor_uuid: null,
            actor_uuid: author.user.uuid, content: `${state} ${replies}`, state, total_likes: 0, total_dislikes: 0, total_replies: replies,
            total_direct_replies: replies, is_edited: 0, is_picked: 0, is_pinned: 0, date_created: Date.now(), date_edited: null,
          }).execute();
        }
      }
    }
    const rows = await app.db.selectFrom('contents').selectAll().select(authorBanLevel().as('actor_ban_level')).execute();
    const viewers: Viewer[] = [
      PUBLIC_VIEWER,
      { uuid: reader.user.uuid, privileged: false, muted: [plain.user.uuid] },
      ...[plain, ghost, hide].map((u) => ({ uuid: u.user.uuid, privileged: false, muted: [] })),
      { uuid: mod.user.uuid, privileged: true, muted: [plain.user.uuid] },
    ];
    for (const viewer of viewers) {
      const bySql = (await app.db.selectFrom('contents').select('uuid').where(visibleTo(viewer)).execute()).map((r) => r.uuid).sort();
      const byRow = rows.filter((row) => canSee(viewer, row)).map((r) => r.uuid).sort();
      assert.deepEqual(bySql, byRow, `viewer ${viewer.uuid ?? 'guest'}`);
    }
    // Spot checks of the rule itself: a guest sees visible comments of unbanned authors and placeholders.
    const guestSees = rows.filter((row) => canSee(PUBLIC_VIEWER, row)).map((r) => r.content).sort();
    assert.deepEqual(guestSees, ['deleted 1', 'deleted 1', 'deleted 1', 'visible 0', 'visible 0', 'visible 1', 'visible 1']);
  });
});
