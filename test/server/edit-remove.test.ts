/**
 * Edit and remove (content.md §5): the author within the edit window, on an open conversation,
 * not an editor's pick, with the site's switch on; moderators edit and delete any comment.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment } from '../../core/api/types.ts';
import { build, container, postComment, resultOf, signup, signupAs } from './helpers.ts';
import { call, list, liveClient, refusal, seen, setSiteSettings } from './comment-calls.ts';

const EXPIRED = 'The time to change this has passed';

describe('edit', () => {
  test('the author edits within the window: text normalised, marked edited, sent live', async (t) => {
    const app = await build(t);
    const author = await signup(app);
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'first take');
    const live = await liveClient(t, app, c);

    const edited = resultOf<Comment>(await call(app, 'POST', c, `content/${posted.content_uuid}/edit`, author.access_token, { content: '  second take\u0007 ' }));
    assert.deepEqual([edited.content, edited.is_edited], ['second take', true]);
    assert.ok(edited.date_edited && edited.date_edited >= posted.date_created);
    const event = await live.nextEvent();
    assert.deepEqual([event.event, event.content?.content, event.content?.is_edited], ['updated', 'second take', true]);
    assert.equal((await list(app, c)).contents[0]?.content, 'second take');

    assert.deepEqual(refusal(await call(app, 'POST', c, `content/${posted.content_uuid}/edit`, author.access_token, { content: ' \n ' })), { status: 400, message: 'Comment cannot be empty' });
    assert.equal((await call(app, 'POST', c, `content/${posted.content_uuid}/edit`, author.access_token, { content: 'x', is_edited: false })).statusCode, 400);
  });

  test('refused: guest, another user, window expired or locked, closed, editor’s pick, editing off', async (t) => {
    const app = await build(t);
    const [author, other, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'original');
    const edit = (token?: string) => call(app, 'POST', c, `content/${posted.content_uuid}/edit`, token, { content: 'changed' });
    const ageBy = (ms: number, column: 'date_created' | 'date_locked' = 'date_created') =>
      app.db.updateTable('contents').set({ [column]: Date.now() - ms }).where('uuid', '=', posted.content_uuid).execute();

    assert.equal((await edit()).statusCode, 401);
    assert.deepEqual(refusal(await edit(other.access_token)), { status: 403, message: 'Only the author can do this' });

    await ageBy(301_000); // user_comment_edit_timeout is 300 s by default
    assert.deepEqual(refusal(await edit(author.access_token)), { status: 403, message: EXPIRED });
    await ageBy(0);
    await ageBy(1_000, 'date_locked'); // locked a second ago: the earlier end wins
    assert.deepEqual(refusal(await edit(author.access_token)), { status: 403, message: EXPIRED });
    await app.db.updateTable('contents').set({ date_locked: null }).where('uuid', '=', posted.content_uuid).execute();

    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_closed: true }));
    assert.deepEqual(refusal(await edit(author.access_token)), { status: 403, message: 'This conversation is closed' });
    resultOf(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_closed: true }));

    resultOf(await call(app, 'POST', c, `comments/${posted.content_uuid}/pick`, mod.access_token));
    assert.deepEqual(refusal(await edit(author.access_token)), { status: 403, message: "An editor's pick cannot be changed" });
    resultOf(await call(app, 'DELETE', c, `comments/${posted.content_uuid}/pick`, mod.access_token));

    await setSiteSettings(app, { enable_user_comment_editing: false });
    assert.deepEqual(refusal(await edit(author.access_token)), { status: 403, message: 'This is turned off on this site' });
    assert.equal((await seen(app, c, posted.content_uuid))?.content, 'original', 'no refused edit was stored');

    // A moderator edits anyone's comment, whatever the author's window.
    const moderated = resultOf<Comment>(await edit(mod.access_token));
    assert.deepEqual([moderated.content, moderated.is_edited], ['changed', true]);
  });
});

describe('remove', () => {
  test('the author removes within the window; counts drop; replies keep a placeholder parent', async (t) => {
    const app = await build(t);
    const [author, replier, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const top = await postComment(app, author.access_token, c.content_container_uuid, 'thread starter');
    const lonely = await postComment(app, author.access_token, c.content_container_uuid, 'no replies');
    const reply = await postComment(app, replier.access_token, c.content_container_uuid, 'a reply', top.content_uuid);
    const mine = await postComment(app, author.access_token, c.content_container_uuid, 'my reply', top.content_uuid);
    const live = await liveClient(t, app, c);
    assert.equal((await list(app, c)).total_visible_content, 4);

    const removed = resultOf<{ content_uuid: string; state: string }>(await call(app, 'DELETE', c, `comments/${lonely.content_uuid}`, author.access_token));
    assert.deepEqual(removed, { content_uuid: lonely.content_uuid, state: 'deleted' });
    const event = await live.nextEvent();
    assert.deepEqual([event.event, event.content_uuid, event.content], ['deleted', lonely.content_uuid, undefined]);
    assert.equal(await seen(app, c, lonely.content_uuid), null, 'a removed comment without replies is gone');

    resultOf(await call(app, 'DELETE', c, `comments/${mine.content_uuid}`, author.access_token));
    const starter = await seen(app, c, top.content_uuid);
    assert.deepEqual([starter?.total_replies, starter?.total_direct_replies], [1, 1], 'reply counters drop');

    resultOf(await call(app, 'DELETE', c, `comments/${top.content_uuid}`, author.access_token));
    const page = await list(app, c, replier.access_token);
    assert.equal(page.total_visible_content, 1, 'only the other reply is still visible');
    const placeholder = page.contents[0]!;
    assert.deepEqual([placeholder.content_uuid, placeholder.state, placeholder.content, placeholder.state_reasons], [top.content_uuid, 'deleted', '', ['content_deleted']]);
    assert.deepEqual(placeholder.replies?.map((r) => r.content_uuid), [reply.content_uuid]);
    const forMod = await seen(app, c, top.content_uuid, mod.access_token);
    assert.deepEqual([forMod?.content, forMod?.state_reasons], ['thread starter', ['content_deleted']], 'moderators keep the text');
  });

  test('refused: guest, another user, window expired, removal off; a moderator deletes anyone’s', async (t) => {
    const app = await build(t);
    const [author, other, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    const posted = await postComment(app, author.access_token, c.content_container_uuid, 'keep me');
    const remove = (token?: string) => call(app, 'DELETE', c, `comments/${posted.content_uuid}`, token);

    assert.equal((await remove()).statusCode, 401);
    assert.deepEqual(refusal(await remove(other.access_token)), { status: 403, message: 'Only the author can do this' });
    await setSiteSettings(app, { enable_user_comment_remove: false });
    assert.deepEqual(refusal(await remove(author.access_token)), { status: 403, message: 'This is turned off on this site' });
    await setSiteSettings(app, { enable_user_comment_remove: true });
    await app.db.updateTable('contents').set({ date_created: Date.now() - 301_000 }).where('uuid', '=', posted.content_uuid).execute();
    assert.deepEqual(refusal(await remove(author.access_token)), { status: 403, message: EXPIRED });
    assert.equal((await list(app, c)).total_visible_content, 1, 'nothing was removed');

    resultOf(await remove(mod.access_token));
    assert.equal((await list(app, c)).total_visible_content, 0);
    assert.equal(await seen(app, c, posted.content_uuid, other.access_token), null);
    // Deleted stays deleted: no moderation call brings it back, and removing again changes nothing.
    assert.deepEqual(refusal(await call(app, 'POST', c, `moderation/${posted.content_uuid}/enable`, mod.access_token)), { status: 409, message: 'This comment was deleted' });
    resultOf(await remove(mod.access_token));
    assert.equal((await list(app, c)).total_visible_content, 0, 'counted down once');
  });
});
