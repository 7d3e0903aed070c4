/**
 * The automatic-moderation settings change as the vf client sends every PATCH (platform.md §7):
 * `POST /api/v2/moderation/settings` with `verb: "PATCH"` (what <vf-site-settings> sends). Same
 * rules as PATCH: admins only, a 400 naming the field with nothing stored, keys write-only.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AutoModerationSettings } from '../../core/moderation/types.ts';
import { getSettings } from './automod-calls.ts';
import { bearer, build, resultOf, SITE, signup, signupAs } from './helpers.ts';

function postChange(app: FastifyInstance, token: string, change: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v2/moderation/settings', headers: bearer(token), payload: { section: SITE, verb: 'PATCH', ...change } });
}

describe('automatic-moderation settings by POST + verb', () => {
  test("an admin's change is stored and answered with keys as key_set; a bad field is a 400 naming it, nothing stored", async (t) => {
    const app = await build(t);
    const admin = (await signupAs(app, 'admin')).access_token;
    const answer = resultOf<AutoModerationSettings>(await postChange(app, admin, { banned_words: ['scam'], spam_scorer: { key: 'secret-key' } }));
    assert.deepEqual(answer.banned_words, ['scam']);
    assert.equal(answer.spam_scorer.key_set, true);
    assert.equal(JSON.stringify(answer).includes('secret-key'), false);

    const refused = await postChange(app, admin, { link_allowlist: ['example.com', 'not a domain!'] });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().field, 'link_allowlist');
    const stored = resultOf<AutoModerationSettings>(await getSettings(app, admin));
    assert.deepEqual(stored.link_allowlist, []);
    assert.deepEqual(stored.banned_words, ['scam']);
  });

  test('a reader gets 403 and nothing changes', async (t) => {
    const app = await build(t);
    const reader = (await signup(app)).access_token;
    const refused = await postChange(app, reader, { banned_words: ['anything'] });
    assert.equal(refused.statusCode, 403);
    const admin = (await signupAs(app, 'admin')).access_token;
    assert.deepEqual(resultOf<AutoModerationSettings>(await getSettings(app, admin)).banned_words, []);
  });
});
