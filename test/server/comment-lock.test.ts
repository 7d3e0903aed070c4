/**
 * What locks a comment (date_locked; docs/settings.md "What locks a comment"): a moderator's
 * moderation of it (keep when flagged, disable, spam, unspam), a moderator's edit of it, a
 * moderator's reply to it. Its author can then no longer edit or remove it; moderators still
 * can. Approvals, picks, pins and closing the conversation set no lock.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, Container, EventsPage } from '../../core/api/types.ts';
import { build, container, postComment, resultOf, signup, signupAs } from './helpers.ts';
import { call, liveClient, refusal, seen } from './comment-calls.ts';

const EXPIRED = 'The time to change this has passed';
const CLOSED = 'This conversation is closed';

/** The author's edit and removal of `uuid`, and a moderator's edit. */
function changes(app: FastifyInstance, c: Container, uuid: string) {
  return {
    edit: (token: string, content = 'changed by the author') => call(app, 'POST', c, `content/${uuid}/edit`, token, { content }),
    remove: (token: string) => call(app, 'DELETE', c, `comments/${uuid}`, token),
  };
}

/** The author may neither edit nor remove it (the edit window's error), and nothing changed. */
async function assertLockedFor(app: FastifyInstance, c: Container, uuid: string, token: string, message = EXPIRED): Promise<void> {
  const { edit, remove } = changes(app, c, uuid);
  const before = await seen(app, c, uuid, token);
  assert.deepEqual(refusal(await edit(token)), { status: 403, message });
  assert.deepEqual(refusal(await remove(token)), { status: 403, message });
  assert.deepEqual(await seen(app, c, uuid, token), before, 'a refused edit or removal stores nothing');
}

describe('moderation locks the comment', () => {
  test('approving a held comment does not lock it: under premoderation the author’s edit waits for approval again', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_premoderated: true }));
    const held = await postComment(app, author.access_token, c.content_container_uuid, 'held for a moderator');
    assert.equal(held.date_locked, null, 'a new comment is not locked');
    const approved = resultOf<Comment>(await call(app, 'POST', c, `moderation/${held.content_uuid}/enable`, mod.access_token));
    assert.deepEqual([approved.state, approved.date_locked], ['visible', null]);
    const edited = resultOf<Comment>(await changes(app, c, held.content_uuid).edit(author.access_token));
    assert.deepEqual([edited.content, edited.state], ['changed by the author', 'awaiting_moderation']);
  });

  test('keeping a flagged comment locks it; flags_cleared carries the lock', async (t) => {
    const app = await build(t);
    const [author, flagger, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'disputed');
    resultOf(await call(app, 'POST', c, `comments/${posted.content_uuid}/flag`, flagger.access_token));
    assert.equal((await seen(app, c, posted.content_uuid))?.date_locked, null, 'a reader’s flag does not lock');
    const live = await liveClient(t, app, c);

    const kept = resultOf<Comment>(await call(app, 'POST', c, `moderation/${posted.content_uuid}/enable`, mod.access_token));
    assert.equal(typeof kept.date_locked, 'number');
    const event = await live.nextEvent();
    assert.deepEqual([event.event, event.content?.date_locked], ['flags_cleared', kept.date_locked], "the author's page learns the lock at once");
    assert.equal((await seen(app, c, posted.content_uuid, author.access_token))?.date_locked, kept.date_locked);
    await assertLockedFor(app, c, posted.content_uuid, author.access_token);

    // Moderators still act on it; the first lock stays.
    const edited = resultOf<Comment>(await changes(app, c, posted.content_uuid).edit(mod.access_token, 'trimmed by a moderator'));
    assert.deepEqual([edited.content, edited.date_locked], ['trimmed by a moderator', kept.date_locked]);
    resultOf(await changes(app, c, posted.content_uuid).remove(mod.access_token));
    assert.equal((await seen(app, c, posted.content_uuid, mod.access_token))?.state, 'deleted');
  });

  test('disable, spam and unspam lock it; it stays locked when shown again', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const live = await liveClient(t, app, c);
    for (const [away, awayEvent, back] of [['disable', 'disabled', 'enable'], ['spam', 'spammed', 'unspam']] as const) {
      const posted = await postComment(app, author.access_token, c.content_container_uuid, `${away} me`);
      const hidden = resultOf<Comment>(await call(app, 'POST', c, `moderation/${posted.content_uuid}/${away}`, mod.access_token));
      assert.equal(typeof hidden.date_locked, 'number', away);
      const shown = resultOf<Comment>(await call(app, 'POST', c, `moderation/${posted.content_uuid}/${back}`, mod.access_token));
      assert.deepEqual([shown.state, shown.date_locked], ['visible', hidden.date_locked], `${back}: the first lock stays`);
      const events = [await live.nextEvent(), await live.nextEvent(), await live.nextEvent()];
      assert.deepEqual(events.map((e) => [e.event, e.content?.date_locked]), [['created', null], [awayEvent, undefined], ['visible', hidden.date_locked]]);
      await assertLockedFor(app, c, posted.content_uuid, author.access_token);
    }
  });

  test("a moderator's edit locks it; the author's own edits do not", async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'first words');
    const own = resultOf<Comment>(await changes(app, c, posted.content_uuid).edit(author.access_token, 'second words'));
    assert.equal(own.date_locked, null);

    const moderated = resultOf<Comment>(await changes(app, c, posted.content_uuid).edit(mod.access_token, 'words a moderator left'));
    assert.equal(typeof moderated.date_locked, 'number');
    await assertLockedFor(app, c, posted.content_uuid, author.access_token);
    assert.equal((await seen(app, c, posted.content_uuid))?.content, 'words a moderator left');
  });

  test("a moderator's own comment is not locked by their own moderation", async (t) => {
    const app = await build(t);
    const mod = await signupAs(app, 'mod');
    const c = await container(app);
    const posted = await postComment(app, mod.access_token, c.content_container_uuid, 'a moderator writes');
    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/disable`, mod.access_token));
    const back = resultOf<Comment>(await call(app, 'POST', c, `moderation/${posted.content_uuid}/enable`, mod.access_token));
    assert.equal(back.date_locked, null);
    assert.equal(resultOf<Comment>(await changes(app, c, posted.content_uuid).edit(mod.access_token, 'edited as its author')).content, 'edited as its author');
  });

  test('picks and pins do not lock', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'pick and pin me');
    for (const path of [`comments/${posted.content_uuid}/pick`, `content/${posted.content_uuid}/pin`]) {
      assert.equal(resultOf<Comment>(await call(app, 'POST', c, path, mod.access_token)).date_locked, null, path);
      resultOf(await call(app, 'DELETE', c, path, mod.access_token));
    }
    assert.equal(resultOf<Comment>(await changes(app, c, posted.content_uuid).edit(author.access_token)).content, 'changed by the author');
    resultOf(await changes(app, c, posted.content_uuid).remove(author.access_token));
  });
});

describe("a moderator's reply locks the comment answered", () => {
  test('locked, with a logged `locked` event after the reply; readers’ replies lock nothing', async (t) => {
    const app = await build(t);
    const [author, reader, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'a question');
    await postComment(app, reader.access_token, c.content_container_uuid, 'a reader answers', posted.content_uuid);
    assert.equal((await seen(app, c, posted.content_uuid))?.date_locked, null, 'a reader’s reply does not lock');
    const live = await liveClient(t, app, c);

    const answer = await postComment(app, mod.access_token, c.content_container_uuid, 'a moderator answers', posted.content_uuid);
    const [created, locked] = [await live.nextEvent(), await live.nextEvent()];
    assert.deepEqual([created.event, created.content_uuid], ['created', answer.content_uuid]);
    assert.deepEqual([locked.event, locked.content_uuid, locked.actor_uuid], ['locked', posted.content_uuid, mod.user.uuid]);
    const lockedAt = (await seen(app, c, posted.content_uuid, author.access_token))?.date_locked;
    assert.equal(typeof lockedAt, 'number');
    assert.equal(locked.content?.date_locked, lockedAt);
    assert.equal(answer.date_locked, null, 'the reply itself is not locked');
    await assertLockedFor(app, c, posted.content_uuid, author.access_token);

    // A page that catches up from the log learns it too.
    const log = resultOf<EventsPage>(await app.inject({ method: 'GET', url: `/api/comments/${c.section_uuid}/${c.content_container_uuid}/events`, query: { after: String(created.seq - 1) } }));
    assert.deepEqual(log.events.map((e) => [e.event, e.content_uuid]), [['created', answer.content_uuid], ['locked', posted.content_uuid]]);

    // Answering it again changes nothing: the first lock stays, no second event.
    await postComment(app, mod.access_token, c.content_container_uuid, 'and again', posted.content_uuid);
    assert.equal((await live.nextEvent()).event, 'created');
    assert.equal((await seen(app, c, posted.content_uuid))?.date_locked, lockedAt);
    const mine = await postComment(app, mod.access_token, c.content_container_uuid, 'a moderator’s own comment');
    await postComment(app, mod.access_token, c.content_container_uuid, 'answering myself', mine.content_uuid);
    assert.equal((await seen(app, c, mine.content_uuid))?.date_locked, null, 'not their own comment');
  });
});

describe('closing the conversation', () => {
  test('locks no comment; the closed conversation refuses the author’s edit and removal until it reopens', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'before closing');
    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_closed: true }));
    assert.equal((await seen(app, c, posted.content_uuid))?.date_locked, null);
    await assertLockedFor(app, c, posted.content_uuid, author.access_token, CLOSED);

    resultOf(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_closed: true }));
    assert.equal(resultOf<Comment>(await changes(app, c, posted.content_uuid).edit(author.access_token)).content, 'changed by the author');
  });
});
