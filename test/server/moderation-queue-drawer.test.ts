/**
 * The user drawer (docs/moderation.md `GET/PATCH /moderation/users/:user_uuid`, notes): a user's
 * recent items in every state, their bans with history, staff-only notes, the two switches.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { QueueAuthor, StaffNote, UserDrawer } from '../../core/moderation/types.ts';
import { bearer, build, countRows, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { decide, pageWithConversation, post } from './moderation-queue-calls.ts';

describe('moderation queue: the user drawer', () => {
  test('items in every state, bans with history, notes, switches; only for the site’s moderators', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, true, 'Drawer page');
    const first = await post(app, ada.access_token, c, 'first');
    const second = await post(app, ada.access_token, c, 'second');
    await decide(app, mod.access_token, 'reject', [{ uuid: first.content_uuid, state: 'awaiting_moderation' }]);
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${ada.user.uuid}/ban`, headers: bearer(mod.access_token), payload: { ban_level: 'posting', reason: 'Cool off', duration_days: 1 } }));
    resultOf(await app.inject({ method: 'DELETE', url: `/api/v2/users/${ada.user.uuid}/ban`, headers: bearer(mod.access_token) }));
    const url = `/api/v2/moderation/users/${ada.user.uuid}`;

    const note = resultOf<StaffNote>(await app.inject({ method: 'POST', url: `${url}/notes`, headers: bearer(mod.access_token), payload: { section: SITE, text: '  Warned by mail on Monday ' } }));
    assert.deepEqual([note.text, note.author], ['Warned by mail on Monday', { uuid: mod.user.uuid, name: mod.user.name }]);
    const switched = resultOf<QueueAuthor>(await app.inject({ method: 'PATCH', url, headers: bearer(mod.access_token), payload: { section: SITE, always_premoderate: true } }));
    assert.deepEqual([switched.badge_trusted, switched.always_premoderate], [false, true]);

    const drawer = resultOf<UserDrawer>(await app.inject({ method: 'GET', url, headers: bearer(mod.access_token), query: { section: SITE } }));
    assert.equal(drawer.user.uuid, ada.user.uuid);
    assert.deepEqual(drawer.user.counts, { approved: 0, rejected: 1, reported: 0 });
    assert.equal(drawer.user.always_premoderate, true);
    assert.deepEqual(drawer.items.map((i) => [i.uuid, i.state]), [[second.content_uuid, 'awaiting_moderation'], [first.content_uuid, 'disabled']]);
    assert.deepEqual(drawer.bans.map((b) => [b.ban_level, b.user_message, b.is_active, b.created_by?.uuid, b.date_revoked !== null]), [['posting', 'Cool off', false, mod.user.uuid, true]]);
    assert.deepEqual(drawer.notes.map((n) => n.text), ['Warned by mail on Monday']);

    // A reader (even the user themself) gets none of it, and changes nothing.
    for (const token of [bob.access_token, ada.access_token]) {
      assert.equal((await app.inject({ method: 'GET', url, headers: bearer(token), query: { section: SITE } })).statusCode, 403);
      assert.equal((await app.inject({ method: 'PATCH', url, headers: bearer(token), payload: { section: SITE, badge_trusted: true } })).statusCode, 403);
      assert.equal((await app.inject({ method: 'POST', url: `${url}/notes`, headers: bearer(token), payload: { section: SITE, text: 'mine' } })).statusCode, 403);
    }
    assert.equal(await countRows(app, 'staff_notes'), 1);
    const row = await app.db.selectFrom('users').select(['badge_trusted']).where('uuid', '=', ada.user.uuid).executeTakeFirstOrThrow();
    assert.equal(Number(row.badge_trusted), 0);

    for (const [payload, field] of [[{ section: SITE, text: '   ' }, 'text'], [{ section: SITE, text: 'x'.repeat(2001) }, 'text'], [{ section: SITE }, 'text']] as const) {
      const response = await app.inject({ method: 'POST', url: `${url}/notes`, headers: bearer(mod.access_token), payload });
      assert.deepEqual([response.statusCode, response.json().field], [400, field]);
    }
    assert.equal((await app.inject({ method: 'PATCH', url, headers: bearer(mod.access_token), payload: { section: SITE } })).statusCode, 400);
    assert.equal((await app.inject({ method: 'GET', url: `/api/v2/moderation/users/${crypto.randomUUID()}`, headers: bearer(mod.access_token), query: { section: SITE } })).statusCode, 404);
  });
});
