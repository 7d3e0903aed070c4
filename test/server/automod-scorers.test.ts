/**
 * The spam and toxicity scorers (docs/moderation.md "Automatic moderation"), against the Akismet
 * and Perspective stand-ins on ports of their own: what each answer does with the site's
 * thresholds, and a scorer that is slow, down, failing or refusing the key, which never keeps
 * posting waiting past the time-out and is held or passed as the site chose.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, Container } from '../../core/api/types.ts';
import type { HoldReason } from '../../core/moderation/types.ts';
import { AKISMET_TEST_SPAMMER } from '../../server/standins/akismet.ts';
import { AKISMET_KEY, PERSPECTIVE_KEY, post, type Scorers, setAutoModeration, startScorers } from './automod-calls.ts';
import { build, container, resultOf, signup, signupAs } from './helpers.ts';

interface World {
  app: FastifyInstance;
  admin: string;
  reader: string;
  c: Container;
  scorers: Scorers;
}

async function world(t: Parameters<typeof build>[0], onTimeout: 'hold' | 'pass' = 'hold'): Promise<World> {
  const app = await build(t);
  const scorers = await startScorers();
  t.after(() => scorers.close());
  const admin = (await signupAs(app, 'admin')).access_token;
  await setAutoModeration(app, admin, {
    spam_scorer: { enabled: true, endpoint: scorers.akismet.endpoint, key: AKISMET_KEY, on_timeout: onTimeout },
    toxicity_scorer: { enabled: true, endpoint: scorers.perspective.endpoint, key: PERSPECTIVE_KEY, on_timeout: onTimeout },
  });
  return { app, admin, reader: (await signup(app)).access_token, c: await container(app), scorers };
}

const posted = async (w: World, text: string, token = w.reader) => resultOf<Comment>(await post(w.app, token, w.c.content_container_uuid, text));
const storedReason = async (app: FastifyInstance, uuid: string) => {
  const row = await app.db.selectFrom('contents').select(['state', 'hold_reason']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return { state: row.state, reason: row.hold_reason ? (JSON.parse(row.hold_reason) as HoldReason) : null };
};

describe('automatic moderation: scorers', () => {
  test('up: a clean comment passes; spam is held, blatant spam (Akismet\'s test author) rejected; toxicity held or rejected by its score', async (t) => {
    const w = await world(t);
    const clean = await posted(w, 'A thoughtful remark about the article.');
    assert.equal(clean.state, 'visible');
    assert.equal((await storedReason(w.app, clean.content_uuid)).reason, null);

    const spam = await posted(w, 'Get cheap pills at my shop');
    assert.equal(spam.state, 'awaiting_moderation');
    assert.deepEqual(spam.moderation_reason, { rule: 'spam_score', scorer: 'akismet', score: 0.9 });

    const spammer = await signup(w.app, AKISMET_TEST_SPAMMER);
    const blatant = await posted(w, 'An innocent-looking comment', spammer.access_token);
    assert.equal(blatant.state, 'disabled');
    assert.deepEqual(blatant.moderation_reason, { rule: 'spam_score', scorer: 'akismet', score: 1 });

    const rude = await posted(w, 'What an idiot wrote this');
    assert.equal(rude.state, 'awaiting_moderation');
    assert.deepEqual(rude.moderation_reason, { rule: 'toxicity_score', scorer: 'perspective', score: 0.8 });
    const ruder = await posted(w, 'Shut up, you stupid idiot');
    assert.equal(ruder.state, 'disabled');
    assert.deepEqual(ruder.moderation_reason, { rule: 'toxicity_score', scorer: 'perspective', score: 0.97 });
  });

  test('the site\'s thresholds decide: with hold_at 0.85 a score of 0.8 passes', async (t) => {
    const w = await world(t);
    await setAutoModeration(w.app, w.admin, { toxicity_scorer: { hold_at: 0.85 } });
    assert.equal((await posted(w, 'What an idiot wrote this')).state, 'visible');
  });

  test('slow: the post answers without waiting for the scorer, held with reason scorer_timeout', async (t) => {
    const w = await world(t);
    w.scorers.perspective.behaviour.delayMs = 5000;
    const started = Date.now();
    const answer = await posted(w, 'A calm comment');
    const took = Date.now() - started;
    assert.ok(took < 2500, `the post took ${took} ms while the scorer took 5 s`);
    assert.equal(answer.state, 'awaiting_moderation');
    assert.deepEqual(answer.moderation_reason, { rule: 'scorer_timeout', scorer: 'perspective' });
  });

  test('slow, with on_timeout "pass": shown, the reason kept for moderators', async (t) => {
    const w = await world(t, 'pass');
    w.scorers.akismet.behaviour.delayMs = 5000;
    const answer = await posted(w, 'A calm comment');
    assert.equal(answer.state, 'visible');
    assert.deepEqual(await storedReason(w.app, answer.content_uuid), { state: 'visible', reason: { rule: 'scorer_timeout', scorer: 'akismet' } });
  });

  test('down (its port closed), failing (500) or refusing the key: on_timeout applies', async (t) => {
    const w = await world(t);
    w.scorers.akismet.behaviour.failWith = 500;
    assert.deepEqual((await posted(w, 'First calm comment')).moderation_reason, { rule: 'scorer_timeout', scorer: 'akismet' });
    w.scorers.akismet.behaviour.failWith = null;
    await setAutoModeration(w.app, w.admin, { toxicity_scorer: { key: 'not-the-key' } });
    assert.deepEqual((await posted(w, 'Second calm comment')).moderation_reason, { rule: 'scorer_timeout', scorer: 'perspective' });
    await setAutoModeration(w.app, w.admin, { toxicity_scorer: { key: PERSPECTIVE_KEY } });
    await w.scorers.close();
    const down = await posted(w, 'Third calm comment');
    assert.equal(down.state, 'awaiting_moderation');
    assert.equal(down.moderation_reason?.rule, 'scorer_timeout');
    await setAutoModeration(w.app, w.admin, { spam_scorer: { on_timeout: 'pass' }, toxicity_scorer: { on_timeout: 'pass' } });
    assert.equal((await posted(w, 'Fourth calm comment')).state, 'visible');
  });

  test('a moderator\'s comment is not sent to the scorers', async (t) => {
    const w = await world(t);
    w.scorers.akismet.behaviour.failWith = 500;
    const mod = (await signupAs(w.app, 'mod')).access_token;
    const answer = await posted(w, 'Shut up, you stupid idiot', mod);
    assert.equal(answer.state, 'visible');
  });
});
