/**
 * Moderation calls (content.md §4, §7): enable, disable, spam, unspam, pin, pick, delete, flags
 * and container settings, with their refusals, counts and live events.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuthResult, Comment, CommentPage, Container } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, signup, signupAs } from './helpers.ts';
import { addOtherSite, call, list, liveClient, OTHER_SITE, refusal, seen } from './comment-calls.ts';

const count = async (app: Parameters<typeof list>[0], c: Container, token?: string) => (await list(app, c, token)).total_visible_content;

describe('moderation states', () => {
  test('disable, enable, spam, unspam: readers lose and regain the comment, counts follow, events go out live', async (t) => {
    const app = await build(t);
    const [author, reader, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const live = await liveClient(t, app, c);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'borderline');
    assert.equal((await live.nextEvent()).event, 'created');

    const disabled = resultOf<Comment>(await call(app, 'POST', c, `moderation/${posted.content_uuid}/disable`, mod.access_token));
    assert.equal(disabled.state, 'disabled');
    assert.deepEqual(disabled.state_reasons, ['content_disabled']);
    const event = await live.nextEvent();
    assert.equal(event.event, 'disabled');
    assert.equal(event.content, undefined, 'a disabled comment is not sent to readers');
    assert.equal(await seen(app, c, posted.content_uuid, reader.access_token), null);
    assert.equal(await seen(app, c, posted.content_uuid, author.access_token), null);
    assert.equal(await count(app, c), 0);
    assert.deepEqual((await list(app, c, mod.access_token)).contents.map((x) => [x.state, x.state_reasons]), [['disabled', ['content_disabled']]]);

    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/enable`, mod.access_token));
    const visible = await live.nextEvent();
    assert.equal(visible.event, 'visible');
    assert.equal(visible.content?.content, 'borderline', 'readers get the comment back with its text');
    assert.equal(await count(app, c), 1);

    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/spam`, mod.access_token));
    assert.equal((await live.nextEvent()).event, 'spammed');
    assert.deepEqual((await seen(app, c, posted.content_uuid, mod.access_token))?.state_reasons, ['content_marked_as_spam']);
    assert.equal(await count(app, c), 0);
    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/unspam`, mod.access_token));
    assert.equal((await live.nextEvent()).event, 'visible');
    assert.equal(await count(app, c), 1);

    // Repeating a call changes nothing and sends nothing; unspam of a comment that is not spam too.
    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/enable`, mod.access_token));
    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/unspam`, mod.access_token));
    await live.expectNothingPending();
    assert.equal(await count(app, c), 1);
  });

  test('refused for guests (401), readers and authors (403), and another site’s moderator (403)', async (t) => {
    const app = await build(t);
    const author = await signup(app);
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'mine');
    await addOtherSite(app);
    resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'elsewhere', email: 'mod@other.example', password: 'pw-elsewhere-secret', section: OTHER_SITE } }));
    const other = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'mod@other.example', password: 'pw-elsewhere-secret', section: OTHER_SITE } }));
    await app.db.updateTable('users').set({ user_privilege: 'mod' }).where('uuid', '=', other.user.uuid).execute();

    for (const path of ['moderation/ID/disable', 'moderation/ID/spam', 'comments/ID/pick', 'content/ID/pin']) {
      const url = path.replace('ID', posted.content_uuid);
      assert.equal((await call(app, 'POST', c, url)).statusCode, 401, url);
      assert.deepEqual(refusal(await call(app, 'POST', c, url, author.access_token)), { status: 403, message: 'Only moderators and admins can do this' });
      assert.deepEqual(refusal(await call(app, 'POST', c, url, other.access_token)), { status: 403, message: 'This account belongs to another site' });
    }
    assert.equal((await seen(app, c, posted.content_uuid))?.state, 'visible', 'nothing changed');
    assert.equal((await call(app, 'POST', c, `moderation/${posted.content_uuid}/disable`, author.access_token, { extra: 1 })).statusCode, 400);
  });
});

describe('pins and picks', () => {
  test('POST sets, DELETE undoes, repeats change nothing; each change is an event', async (t) => {
    const app = await build(t);
    const [author, admin] = [await signup(app), await signupAs(app, 'admin')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'insightful');
    const live = await liveClient(t, app, c);

    const pinned = resultOf<Comment>(await call(app, 'POST', c, `content/${posted.content_uuid}/pin`, admin.access_token));
    assert.equal(pinned.is_pinned, true);
    assert.ok(pinned.date_pinned && pinned.date_pinned >= posted.date_created);
    assert.equal((await live.nextEvent()).event, 'pinned');
    resultOf(await call(app, 'POST', c, `content/${posted.content_uuid}/pin`, admin.access_token));
    const picked = resultOf<Comment>(await call(app, 'POST', c, `comments/${posted.content_uuid}/pick`, admin.access_token));
    assert.equal(picked.is_picked, true);
    const pickedEvent = await live.nextEvent();
    assert.deepEqual([pickedEvent.event, pickedEvent.content?.is_picked], ['picked', true]);
    assert.equal((await seen(app, c, posted.content_uuid))?.is_picked, true, 'readers see the pick');

    const unpinned = resultOf<Comment>(await call(app, 'DELETE', c, `content/${posted.content_uuid}/pin`, admin.access_token));
    assert.deepEqual([unpinned.is_pinned, unpinned.date_pinned], [false, null]);
    assert.equal((await live.nextEvent()).event, 'unpinned');
    resultOf(await call(app, 'DELETE', c, `comments/${posted.content_uuid}/pick`, admin.access_token));
    assert.equal((await live.nextEvent()).event, 'unpicked');
    await live.expectNothingPending();
  });
});

describe('flags', () => {
  test('once per user, taken back with DELETE; the total is for moderators; the flagger stays private', async (t) => {
    const app = await build(t);
    const [author, reader, other, mod] = [await signup(app), await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'rude words');
    const live = await liveClient(t, app, c);
    const flag = (token?: string, method: 'POST' | 'DELETE' = 'POST') => call(app, method, c, `comments/${posted.content_uuid}/flag`, token);

    const mine = resultOf<Comment>(await flag(reader.access_token));
    assert.equal(mine.actions.flagged, true);
    assert.equal(mine.total_flags, undefined, 'readers do not get the flag total');
    const event = await live.nextEvent();
    // The public event names the author, never the flagger, and carries no flag total.
    assert.deepEqual([event.event, 'total_flags' in event, event.actor_uuid], ['flagged', false, author.user.uuid]);
    resultOf(await flag(reader.access_token)); // again: still one flag, no event
    resultOf(await flag(other.access_token));
    assert.equal((await live.nextEvent()).event, 'flagged');
    assert.equal((await seen(app, c, posted.content_uuid, mod.access_token))?.total_flags, 2);
    assert.equal((await seen(app, c, posted.content_uuid, author.access_token))?.actions.flagged, false);

    const back = resultOf<Comment>(await flag(other.access_token, 'DELETE'));
    assert.equal(back.actions.flagged, false);
    assert.deepEqual([(await live.nextEvent()).event], ['flags_cleared']);
    assert.equal((await seen(app, c, posted.content_uuid, mod.access_token))?.total_flags, 1);

    assert.equal((await flag()).statusCode, 401);
    assert.deepEqual(refusal(await flag(author.access_token)), { status: 403, message: 'You cannot do this to yourself' });

    // A moderator keeping the comment (enable) clears its flags.
    resultOf(await call(app, 'POST', c, `moderation/${posted.content_uuid}/enable`, mod.access_token));
    const cleared = await live.nextEvent();
    assert.deepEqual([cleared.event, 'total_flags' in cleared], ['flags_cleared', false]);
    assert.equal((await seen(app, c, posted.content_uuid, mod.access_token))?.total_flags, 0);
    assert.equal((await seen(app, c, posted.content_uuid, reader.access_token))?.actions.flagged, false);
  });
});

describe('container settings', () => {
  test('moderators close, hide and premoderate a container; DELETE resets; others are refused', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    await postComment(app, author.access_token, c.content_container_uuid, 'before');
    const settings = (method: 'POST' | 'DELETE', body: object, token: string | undefined = mod.access_token) => call(app, method, c, 'settings', token, body);
    const asGuest = (body: object) => call(app, 'POST', c, 'settings', undefined, body);

    const live = await liveClient(t, app, c);
    const closed = resultOf<Container>(await settings('POST', { is_closed: true }));
    assert.deepEqual(closed.settings, { is_closed: true, is_hidden: false, is_premoderated: false });
    // Every open page learns it live (and from the event log when it catches up).
    const changed = await live.nextEvent();
    assert.deepEqual([changed.event, changed.content_uuid, changed.settings], ['settings_changed', c.content_container_uuid, closed.settings]);
    resultOf(await settings('POST', { is_closed: true }));
    assert.equal((await settings('POST', { is_hidden: false })).statusCode, 200);
    assert.deepEqual(refusal(await call(app, 'POST', c, 'comments', author.access_token, { content: 'late' })), { status: 403, message: 'This conversation is closed' });

    const hidden = resultOf<Container>(await settings('POST', { is_hidden: true, is_closed: false }));
    assert.deepEqual((await live.nextEvent()).settings, { is_closed: false, is_hidden: true, is_premoderated: false }, 'no event for a change that changed nothing');
    assert.deepEqual([hidden.settings.is_hidden, hidden.settings.is_closed, hidden.total_visible_content], [true, false, 1], 'moderators see the count of a hidden container');
    const asReader = resultOf<Container>(await app.inject({ method: 'GET', url: `/api/comments/${c.section_uuid}/contentcontainer/id`, query: { container_id: c.container_id }, headers: bearer(author.access_token) }));
    assert.equal(asReader.total_visible_content, 0, 'readers do not get the count of a hidden container');
    const list = (token: string) => app.inject({ method: 'GET', url: `/api/comments/${c.section_uuid}/${c.content_container_uuid}/comments`, headers: bearer(token) });
    const readerList = resultOf<CommentPage>(await list(author.access_token));
    assert.deepEqual([readerList.contents.length, readerList.total_visible_content], [0, 0], 'nor its comments');
    assert.deepEqual(resultOf<CommentPage>(await list(mod.access_token)).contents.map((x) => x.content), ['before'], 'moderators still moderate it');

    const reset = resultOf<Container>(await settings('DELETE', { is_hidden: true }));
    assert.deepEqual(reset.settings, { is_closed: false, is_hidden: false, is_premoderated: false });

    assert.equal((await asGuest({ is_closed: true })).statusCode, 401);
    assert.deepEqual(refusal(await settings('POST', { is_closed: true }, author.access_token)), { status: 403, message: 'Only moderators and admins can do this' });
    assert.equal((await settings('POST', { is_closed: 'yes' })).statusCode, 400);
    assert.equal((await settings('POST', { is_open: true })).statusCode, 400);
  });
});
