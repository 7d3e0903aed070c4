/**
 * Demo mode's automatic moderation (docs/moderation.md "Stand-ins"): the demo site's settings
 * point both scorers at the stand-ins the demo server itself serves, and posting shows each rule
 * at work; an admin's later change survives the next start's seed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment } from '../../core/api/types.ts';
import type { AutoModerationSettings } from '../../core/moderation/types.ts';
import { DEMO_BANNED_WORDS, seedDemoAutoModeration } from '../../server/demo/autoModeration.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { getSettings, post, setAutoModeration } from './automod-calls.ts';
import { build, container, resultOf, signup, signupAs, SITE } from './helpers.ts';

describe('demo mode: automatic moderation with the stand-in scorers', () => {
  test('the demo site holds links elsewhere, rejects banned words, and scores through the stand-ins it serves', async (t) => {
    const app = await build(t, { VF_DEMO: '1' });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    await seedDemoAutoModeration(app, SITE, origin, DEMO_SITE.domains);
    const admin = (await signupAs(app, 'admin')).access_token;
    const settings = resultOf<AutoModerationSettings>(await getSettings(app, admin));
    assert.deepEqual(settings.banned_words, DEMO_BANNED_WORDS);
    assert.equal(settings.spam_scorer.endpoint, `${origin}/demo/standin/akismet/1.1/comment-check`);
    assert.equal(settings.toxicity_scorer.key_set, true);

    const reader = (await signup(app)).access_token;
    const c = await container(app);
    const posted = async (text: string) => resultOf<Comment>(await post(app, reader, c.content_container_uuid, text));
    assert.equal((await posted('A fine article, see http://localhost/more')).state, 'visible');
    assert.equal((await posted(`You ${DEMO_BANNED_WORDS[0]}`)).moderation_reason?.rule, 'banned_word');
    assert.deepEqual((await posted('See https://elsewhere.example/x')).moderation_reason, { rule: 'link', link: 'https://elsewhere.example/x' });
    assert.equal((await posted('Cheap pills at my shop')).moderation_reason?.rule, 'spam_score');
    const rude = await posted('What a moron and a nitwit');
    assert.deepEqual([rude.state, rude.moderation_reason?.rule], ['disabled', 'toxicity_score']);

    await setAutoModeration(app, admin, { banned_words: [] });
    await seedDemoAutoModeration(app, SITE, origin, DEMO_SITE.domains);
    assert.deepEqual(resultOf<AutoModerationSettings>(await getSettings(app, admin)).banned_words, [], 'a restart keeps the admin\'s change');
  });
});
