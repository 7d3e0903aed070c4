/**
 * DELETE /{section}/{container}/settings (content.md §7): removes the named settings from the
 * container, so it behaves as the site does by default; moderators and admins only, published
 * and logged like POST.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuthResult, Comment, Container, EventsPage } from '../../core/api/types.ts';
import { build, container, postComment, resultOf, signup, signupAs } from './helpers.ts';
import { addOtherSite, call, liveClient, list, OTHER_SITE, refusal, setSiteSettings } from './comment-calls.ts';

const ALL_ON = { is_closed: true, is_hidden: true, is_premoderated: true };
const ALL_OFF = { is_closed: false, is_hidden: false, is_premoderated: false };

describe('DELETE …/settings', () => {
  test('resets the named settings only: the conversation reopens, shows and stops holding comments', async (t) => {
    const app = await build(t);
    const [author, mod] = [await signup(app), await signupAs(app, 'mod')];
    const c = await container(app);
    await postComment(app, author.access_token, c.content_container_uuid, 'before');
    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, ALL_ON));

    // The value given does not matter: DELETE names the settings to remove.
    const open = resultOf<Container>(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_closed: false }));
    assert.deepEqual(open.settings, { ...ALL_ON, is_closed: false }, 'the others stay');
    const held = await postComment(app, author.access_token, c.content_container_uuid, 'held');
    assert.equal(held.state, 'awaiting_moderation');

    const reset = resultOf<Container>(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_hidden: true, is_premoderated: true }));
    assert.deepEqual([reset.settings, reset.total_visible_content], [ALL_OFF, 1]);
    const shown = await postComment(app, author.access_token, c.content_container_uuid, 'shown at once');
    assert.equal(shown.state, 'visible');
    assert.deepEqual((await list(app, c)).contents.map((x) => x.content), ['shown at once', 'before'], 'readers see the conversation again');

    // Back to the site's default: the site's own premoderation still holds comments.
    await setSiteSettings(app, { enable_premoderation: true });
    assert.equal((await postComment(app, author.access_token, c.content_container_uuid, 'held by the site')).state, 'awaiting_moderation');

    // An empty body names nothing and changes nothing.
    assert.deepEqual(resultOf<Container>(await call(app, 'DELETE', c, 'settings', mod.access_token)).settings, ALL_OFF);
  });

  test('moderators and admins only: guest 401, reader 403, another site’s moderator 403; nothing changes', async (t) => {
    const app = await build(t);
    const [reader, admin] = [await signup(app), await signupAs(app, 'admin')];
    const c = await container(app);
    resultOf(await call(app, 'POST', c, 'settings', admin.access_token, { is_closed: true }));
    const reset = (token?: string) => call(app, 'DELETE', c, 'settings', token, { is_closed: true });

    assert.equal((await reset()).statusCode, 401);
    assert.deepEqual(refusal(await reset(reader.access_token)), { status: 403, message: 'Only moderators and admins can do this' });
    await addOtherSite(app);
    const payload = { name: 'elsewhere', email: 'mod@other.example', password: 'pw-elsewhere-secret', section: OTHER_SITE };
    resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload }));
    const other = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: payload.email, password: payload.password, section: OTHER_SITE } }));
    await app.db.updateTable('users').set({ user_privilege: 'mod' }).where('uuid', '=', other.user.uuid).execute();
    assert.deepEqual(refusal(await reset(other.access_token)), { status: 403, message: 'This account belongs to another site' });
    assert.deepEqual(refusal(await call(app, 'POST', c, 'comments', reader.access_token, { content: 'still closed' })), { status: 403, message: 'This conversation is closed' });

    assert.equal((await call(app, 'DELETE', c, 'settings', admin.access_token, { is_open: true })).statusCode, 400, 'unknown setting');
    assert.equal((await call(app, 'DELETE', c, 'settings', admin.access_token, { is_closed: 'yes' })).statusCode, 400, 'same body schema as POST');
    assert.deepEqual(resultOf<Container>(await reset(admin.access_token)).settings, ALL_OFF, 'an admin may');
    resultOf<Comment>(await call(app, 'POST', c, 'comments', reader.access_token, { content: 'open again' }));
  });

  test('published live as settings_changed and logged with the container’s events, like POST; a reset of nothing publishes nothing', async (t) => {
    const app = await build(t);
    const mod = await signupAs(app, 'mod');
    const c = await container(app);
    const live = await liveClient(t, app, c);
    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_closed: true }));
    const set = await live.nextEvent();

    resultOf(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_premoderated: true }));
    resultOf(await call(app, 'DELETE', c, 'settings', mod.access_token, { is_closed: true }));
    const reset = await live.nextEvent();
    assert.deepEqual(
      [reset.event, reset.content_type, reset.content_uuid, reset.actor_uuid, reset.settings, reset.seq],
      ['settings_changed', 'comments', c.content_container_uuid, mod.user.uuid, ALL_OFF, set.seq + 1],
      'the reset of a setting that was off published nothing',
    );

    const log = resultOf<EventsPage>(await app.inject({ method: 'GET', url: `/api/comments/${c.section_uuid}/${c.content_container_uuid}/events`, query: { after: '0' } }));
    assert.deepEqual(log.events, [set, reset]);
  });
});
