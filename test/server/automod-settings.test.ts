/**
 * The automatic-moderation settings calls (docs/moderation.md "API", docs/settings.md): admins of
 * the site only, defaults when nothing is stored, each field's 400 naming it with nothing stored,
 * scorer keys write-only, and a change that takes effect for the next comment.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AutoModerationSettings } from '../../core/moderation/types.ts';
import { OTHER_SITE } from './comment-calls.ts';
import { getSettings, otherSiteAdmin, patchSettings, post, setAutoModeration } from './automod-calls.ts';
import { build, container, countRows, resultOf, signup, signupAs } from './helpers.ts';

const settingsOf = (response: Awaited<ReturnType<typeof getSettings>>) => resultOf<AutoModerationSettings>(response);

describe('automatic-moderation settings', () => {
  test('an admin reads the defaults: everything off, thresholds 0.7 and 0.95, time-outs hold', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const scorer = { enabled: false, endpoint: '', key_set: false, hold_at: 0.7, reject_at: 0.95, on_timeout: 'hold' };
    assert.deepEqual(settingsOf(await getSettings(app, admin.access_token)), {
      banned_words: [], suspect_words: [], links: 'off', link_allowlist: [], new_commenter_holds: 0, spam_scorer: scorer, toxicity_scorer: scorer,
    });
  });

  test('a guest gets 401, a reader, a moderator and another site\'s admin 403: nothing read or changed', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    await setAutoModeration(app, admin.access_token, { banned_words: ['secretword'] });
    const reader = await signup(app);
    const mod = await signupAs(app, 'mod');
    const stranger = await otherSiteAdmin(app);
    assert.equal((await getSettings(app, undefined)).statusCode, 401);
    assert.equal((await patchSettings(app, undefined, { banned_words: [] })).statusCode, 401);
    for (const token of [reader.access_token, mod.access_token, stranger]) {
      const read = await getSettings(app, token);
      assert.equal(read.statusCode, 403);
      assert.doesNotMatch(read.body, /secretword/);
      assert.equal((await patchSettings(app, token, { banned_words: [] })).statusCode, 403);
    }
    // Another site's admin names their own site: they get theirs, not this one's.
    assert.deepEqual(settingsOf(await getSettings(app, stranger, OTHER_SITE)).banned_words, []);
    assert.deepEqual(settingsOf(await getSettings(app, admin.access_token)).banned_words, ['secretword']);
  });

  test('each bad value is a 400 naming its field, and nothing is stored', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const tooMany = Array.from({ length: 5001 }, (_, i) => `word${i}`);
    const cases: [Record<string, unknown>, string][] = [
      [{ banned_words: 'rude' }, 'banned_words'],
      [{ banned_words: tooMany }, 'banned_words'],
      [{ banned_words: ['   '] }, 'banned_words'],
      [{ suspect_words: ['x'.repeat(65)] }, 'suspect_words'],
      [{ suspect_words: ['!!!'] }, 'suspect_words'],
      [{ links: 'some' }, 'links'],
      [{ link_allowlist: ['https://example.com/'] }, 'link_allowlist'],
      [{ link_allowlist: ['not a host'] }, 'link_allowlist'],
      [{ new_commenter_holds: 21 }, 'new_commenter_holds'],
      [{ new_commenter_holds: 1.5 }, 'new_commenter_holds'],
      [{ spam_scorer: { endpoint: 'ftp://spam.example/check' } }, 'spam_scorer.endpoint'],
      [{ spam_scorer: { enabled: true } }, 'spam_scorer.endpoint'],
      [{ spam_scorer: { hold_at: 1.2 } }, 'spam_scorer.hold_at'],
      [{ toxicity_scorer: { reject_at: -0.1 } }, 'toxicity_scorer.reject_at'],
      [{ toxicity_scorer: { hold_at: 0.9, reject_at: 0.8 } }, 'toxicity_scorer.hold_at'],
      [{ toxicity_scorer: { on_timeout: 'wait' } }, 'toxicity_scorer.on_timeout'],
      [{ toxicity_scorer: { colour: 'red' } }, 'toxicity_scorer.colour'],
      [{ retired: true }, 'retired'],
    ];
    for (const [change, field] of cases) {
      const response = await patchSettings(app, admin.access_token, change);
      assert.equal(response.statusCode, 400, `${JSON.stringify(change).slice(0, 80)} → ${response.body.slice(0, 200)}`);
      assert.equal((response.json() as { field?: string }).field, field, JSON.stringify(change).slice(0, 80));
    }
    assert.equal(await countRows(app, 'moderation_settings'), 0);
  });

  test('words are trimmed and deduplicated, host names kept in their ASCII form, the rest kept on a later change', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    await setAutoModeration(app, admin.access_token, { banned_words: ['  rude ', 'rude', 'very rude'], link_allowlist: ['Example.COM', 'bücher.de'], links: 'outside_allowlist' });
    const after = await setAutoModeration(app, admin.access_token, { new_commenter_holds: 3 });
    assert.deepEqual(after.banned_words, ['rude', 'very rude']);
    assert.deepEqual(after.link_allowlist, ['example.com', 'xn--bcher-kva.de']);
    assert.equal(after.links, 'outside_allowlist');
    assert.equal(after.new_commenter_holds, 3);
  });

  test('a scorer key is write-only: key_set says whether one is stored, an absent key keeps it, "" clears it', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const set = await patchSettings(app, admin.access_token, { spam_scorer: { endpoint: 'https://rest.akismet.test/1.1/comment-check', key: 'sekrit-key-123' } });
    assert.doesNotMatch(set.body, /sekrit-key-123/);
    assert.equal(resultOf<AutoModerationSettings>(set).spam_scorer.key_set, true);
    const kept = await patchSettings(app, admin.access_token, { spam_scorer: { hold_at: 0.5, key_set: true } });
    assert.equal(resultOf<AutoModerationSettings>(kept).spam_scorer.key_set, true);
    assert.equal(resultOf<AutoModerationSettings>(kept).spam_scorer.hold_at, 0.5);
    const read = await getSettings(app, admin.access_token);
    assert.doesNotMatch(read.body, /sekrit-key-123/);
    const stored = await app.db.selectFrom('moderation_settings').select('settings').executeTakeFirstOrThrow();
    assert.equal((JSON.parse(stored.settings) as AutoModerationSettings).spam_scorer.key, 'sekrit-key-123');
    const cleared = await patchSettings(app, admin.access_token, { spam_scorer: { key: '' } });
    assert.equal(resultOf<AutoModerationSettings>(cleared).spam_scorer.key_set, false);
  });

  test('a change takes effect for the next comment', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const reader = await signup(app);
    const c = await container(app);
    const first = resultOf<{ state: string }>(await post(app, reader.access_token, c.content_container_uuid, 'what a gadzooks'));
    assert.equal(first.state, 'visible');
    await setAutoModeration(app, admin.access_token, { suspect_words: ['gadzooks'] });
    const second = resultOf<{ state: string }>(await post(app, reader.access_token, c.content_container_uuid, 'another gadzooks'));
    assert.equal(second.state, 'awaiting_moderation');
    await setAutoModeration(app, admin.access_token, { suspect_words: [] });
    const third = resultOf<{ state: string }>(await post(app, reader.access_token, c.content_container_uuid, 'gadzooks again'));
    assert.equal(third.state, 'visible');
  });
});
