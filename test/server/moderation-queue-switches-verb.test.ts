/**
 * The drawer's switches as the client sends them (spec §7: PATCH travels as POST with
 * `verb: 'PATCH'`): a moderator switches them, a reader is refused, and the verb is required.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { QueueAuthor, UserDrawer } from '../../core/moderation/types.ts';
import { bearer, build, resultOf, signup, signupAs, SITE } from './helpers.ts';

describe('moderation queue: the switches as POST with verb PATCH', () => {
  test('a moderator switches trusted on; a reader gets 403 and nothing changes; no verb is a 400', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const url = `/api/v2/moderation/users/${ada.user.uuid}`;
    const as = (token: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, headers: bearer(token), payload: { section: SITE, ...payload } });

    const switched = resultOf<QueueAuthor>(await as(mod.access_token, { verb: 'PATCH', badge_trusted: true }));
    assert.deepEqual([switched.badge_trusted, switched.always_premoderate], [true, false]);

    assert.equal((await as(bob.access_token, { verb: 'PATCH', always_premoderate: true })).statusCode, 403);
    assert.equal((await as(mod.access_token, { always_premoderate: true })).statusCode, 400);
    const drawer = resultOf<UserDrawer>(await app.inject({ method: 'GET', url, headers: bearer(mod.access_token), query: { section: SITE } }));
    assert.deepEqual([drawer.user.badge_trusted, drawer.user.always_premoderate], [true, false]);
  });
});
