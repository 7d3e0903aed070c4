/**
 * The rules of automatic moderation (docs/moderation.md "Automatic moderation"), each with the
 * reason stored on the item and in moderation_decisions, what its author sees and what another
 * reader sees; who skips them (staff, trusted users); and a reader's edit judged again.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, Container } from '../../core/api/types.ts';
import { AUTOMATIC_MODERATOR_UUID, type HoldReason } from '../../core/moderation/types.ts';
import { call, list, seen, setSiteSettings } from './comment-calls.ts';
import { post, setAutoModeration } from './automod-calls.ts';
import { bearer, build, container, resultOf, signup, signupAs, SITE } from './helpers.ts';

interface World {
  app: FastifyInstance;
  admin: string;
  author: string;
  authorUuid: string;
  other: string;
  c: Container;
}

async function world(t: Parameters<typeof build>[0], settings: Record<string, unknown>): Promise<World> {
  const app = await build(t);
  const admin = (await signupAs(app, 'admin')).access_token;
  if (Object.keys(settings).length > 0) await setAutoModeration(app, admin, settings);
  const author = await signup(app);
  const other = await signup(app);
  return { app, admin, author: author.access_token, authorUuid: author.user.uuid, other: other.access_token, c: await container(app) };
}

const posted = async (w: World, text: string, token = w.author) => resultOf<Comment>(await post(w.app, token, w.c.content_container_uuid, text));

async function stored(app: FastifyInstance, uuid: string): Promise<{ state: string; reason: HoldReason | null; decisions: { actor_uuid: string; action: string; state_after: string }[] }> {
  const row = await app.db.selectFrom('contents').select(['state', 'hold_reason']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const decisions = await app.db.selectFrom('moderation_decisions').select(['actor_uuid', 'action', 'state_after']).where('content_uuid', '=', uuid).execute();
  return { state: row.state, reason: row.hold_reason ? (JSON.parse(row.hold_reason) as HoldReason) : null, decisions };
}

describe('automatic moderation: the rules', () => {
  test('a banned word rejects at once: its author sees it with the reason, another reader and guests do not', async (t) => {
    const w = await world(t, { banned_words: ['wretch'] });
    const answer = await posted(w, 'You utter wretch.');
    assert.equal(answer.state, 'disabled');
    assert.deepEqual(answer.moderation_reason, { rule: 'banned_word', word: 'wretch', match: [10, 16] });
    const kept = await stored(w.app, answer.content_uuid);
    assert.equal(kept.state, 'disabled');
    assert.deepEqual(kept.reason, answer.moderation_reason);
    assert.deepEqual(kept.decisions, [{ actor_uuid: AUTOMATIC_MODERATOR_UUID, action: 'auto_reject', state_after: 'disabled' }]);
    assert.equal((await seen(w.app, w.c, answer.content_uuid, w.author))?.moderation_reason?.rule, 'banned_word');
    assert.equal(await seen(w.app, w.c, answer.content_uuid, w.other), null);
    assert.equal(await seen(w.app, w.c, answer.content_uuid), null);
    assert.deepEqual((await list(w.app, w.c, w.other)).contents, []);
    assert.equal((await list(w.app, w.c, w.author)).contents[0]?.moderation_reason?.word, 'wretch');
    assert.equal((await list(w.app, w.c)).total_visible_content ?? 0, 0);
  });

  test('a banned word is caught through spacing, case, leetspeak and look-alike letters; a longer harmless word is not', async (t) => {
    const w = await world(t, { banned_words: ['wretch', 'ass'] });
    for (const evasion of ['W R E T C H!', 'w.r.e.t.c.h', 'WrEtCh', 'wr3tch', 'wrеtсh' /* Cyrillic е and с */, 'ｗｒｅｔｃｈ', 'what an ass!']) {
      const answer = await posted(w, `Well, ${evasion}`);
      assert.equal(answer.state, 'disabled', evasion);
      assert.equal(answer.moderation_reason?.rule, 'banned_word', evasion);
    }
    for (const harmless of ['A classic passage about grass.', 'The wretchedness of it all.']) {
      const answer = await posted(w, harmless);
      assert.equal(answer.state, 'visible', harmless);
      assert.equal(answer.moderation_reason, undefined);
    }
  });

  test('a suspect word holds for review, the word and where it is recorded', async (t) => {
    const w = await world(t, { suspect_words: ['miracle cure'] });
    const answer = await posted(w, 'Try this Miracle  Cure today');
    assert.equal(answer.state, 'awaiting_moderation');
    assert.deepEqual(answer.moderation_reason, { rule: 'suspect_word', word: 'miracle cure', match: [9, 22] });
    assert.deepEqual((await stored(w.app, answer.content_uuid)).decisions, [{ actor_uuid: AUTOMATIC_MODERATOR_UUID, action: 'hold', state_after: 'awaiting_moderation' }]);
    assert.equal(await seen(w.app, w.c, answer.content_uuid, w.other), null);
    assert.equal((await seen(w.app, w.c, answer.content_uuid, w.author))?.state, 'awaiting_moderation');
  });

  test('links: "all" holds any link; "outside_allowlist" holds only links to hosts not listed (subdomains count as listed)', async (t) => {
    const w = await world(t, { links: 'all' });
    const any = await posted(w, 'See https://news.example/story.');
    assert.deepEqual(any.moderation_reason, { rule: 'link', link: 'https://news.example/story' });
    assert.equal((await posted(w, 'No link here, just news.example as words')).state, 'visible');
    await setAutoModeration(w.app, w.admin, { links: 'outside_allowlist', link_allowlist: ['news.example'] });
    assert.equal((await posted(w, 'See https://www.news.example/a and https://news.example/b')).state, 'visible');
    const outside = await posted(w, 'See https://news.example/a and http://spam.example/buy');
    assert.equal(outside.state, 'awaiting_moderation');
    assert.deepEqual(outside.moderation_reason, { rule: 'link', link: 'http://spam.example/buy' });
  });

  test('new commenters: a reader\'s first N items wait until one is approved', async (t) => {
    const w = await world(t, { new_commenter_holds: 2 });
    const mod = (await signupAs(w.app, 'mod')).access_token;
    const first = await posted(w, 'Hello, first time here');
    assert.equal(first.state, 'awaiting_moderation');
    assert.deepEqual(first.moderation_reason, { rule: 'new_commenter', limit: 2 });
    assert.equal((await posted(w, 'Second try')).moderation_reason?.rule, 'new_commenter');
    resultOf(await call(w.app, 'POST', w.c, `moderation/${first.content_uuid}/enable`, mod));
    const third = await posted(w, 'Now I am known');
    assert.equal(third.state, 'visible');
    // Another newcomer is still held.
    assert.equal((await posted(w, 'Newcomer', w.other)).state, 'awaiting_moderation');
  });

  test('premoderation (site or page) is reason "premoderation"; a user\'s "always premoderate" switch is "user_premoderated"', async (t) => {
    const w = await world(t, {});
    await setSiteSettings(w.app, { enable_premoderation: true });
    assert.deepEqual((await posted(w, 'Held by the site')).moderation_reason, { rule: 'premoderation' });
    await setSiteSettings(w.app, { enable_premoderation: false });
    await w.app.db.updateTable('users').set({ always_premoderate: 1 }).where('uuid', '=', w.authorUuid).execute();
    const held = await posted(w, 'Held by my switch');
    assert.equal(held.state, 'awaiting_moderation');
    assert.deepEqual(held.moderation_reason, { rule: 'user_premoderated' });
    assert.equal((await posted(w, 'Not held', w.other)).state, 'visible');
  });

  test('trusted users skip the holds but not banned words; moderators and admins skip everything', async (t) => {
    const w = await world(t, { banned_words: ['wretch'], suspect_words: ['scam'], links: 'all', new_commenter_holds: 5 });
    await setSiteSettings(w.app, { enable_premoderation: true });
    await w.app.db.updateTable('users').set({ badge_trusted: 1, always_premoderate: 1 }).where('uuid', '=', w.authorUuid).execute();
    assert.equal((await posted(w, 'A scam, see https://x.example')).state, 'visible');
    assert.equal((await posted(w, 'You wretch')).state, 'disabled');
    const mod = (await signupAs(w.app, 'mod')).access_token;
    const byMod = await posted(w, 'You wretch, a scam: https://x.example', mod);
    assert.equal(byMod.state, 'visible');
    assert.equal((await stored(w.app, byMod.content_uuid)).reason, null);
  });

  test('a reader\'s edit is judged again: a suspect word holds it, a banned word rejects it; a moderator\'s edit is not judged', async (t) => {
    const w = await world(t, { banned_words: ['wretch'], suspect_words: ['scam'] });
    const mod = (await signupAs(w.app, 'mod')).access_token;
    const edit = (uuid: string, content: string, token = w.author) => call(w.app, 'POST', w.c, `content/${uuid}/edit`, token, { content });
    const one = await posted(w, 'A fine comment');
    const held = resultOf<Comment>(await edit(one.content_uuid, 'A fine scam'));
    assert.equal(held.state, 'awaiting_moderation');
    assert.equal(held.moderation_reason?.rule, 'suspect_word');
    assert.equal(await seen(w.app, w.c, one.content_uuid, w.other), null);
    const two = await posted(w, 'Another fine comment');
    const rejected = resultOf<Comment>(await edit(two.content_uuid, 'You wretch'));
    assert.equal(rejected.state, 'disabled');
    assert.deepEqual((await stored(w.app, two.content_uuid)).decisions.map((d) => d.action), ['auto_reject']);
    const three = await posted(w, 'A third fine comment');
    assert.equal(resultOf<Comment>(await edit(three.content_uuid, 'Edited into a scam by staff', mod)).state, 'visible');
  });

  test('every kind is judged: a chat message, a live-blog reply and a review with a banned word are rejected', async (t) => {
    const w = await world(t, { banned_words: ['wretch'] });
    const chat = resultOf<Container>(await w.app.inject({ method: 'POST', url: `/api/chat/${SITE}`, payload: { container_id: 'chat-automod' } }));
    const message = resultOf<Comment>(await w.app.inject({ method: 'POST', url: `/api/chat/${SITE}/${chat.content_container_uuid}/messages`, headers: bearer(w.author), payload: { content: 'wretch' } }));
    assert.deepEqual([message.state, message.moderation_reason?.rule], ['disabled', 'banned_word']);

    const blog = resultOf<Container>(await w.app.inject({ method: 'POST', url: `/api/liveblog/${SITE}`, payload: { container_id: 'blog-automod' } }));
    const editor = (await signupAs(w.app, 'admin')).access_token;
    const live = resultOf<Comment>(await w.app.inject({ method: 'POST', url: `/api/liveblog/${SITE}/${blog.content_container_uuid}/posts`, headers: bearer(editor), payload: { content: 'The editor may say wretch' } }));
    assert.equal(live.state, 'visible');
    const reply = resultOf<Comment>(await w.app.inject({ method: 'POST', url: `/api/liveblog/${SITE}/${blog.content_container_uuid}/replies/${live.content_uuid}`, headers: bearer(w.author), payload: { content: 'Reply: wretch' } }));
    assert.deepEqual([reply.state, reply.moderation_reason?.rule], ['disabled', 'banned_word']);

    const page = resultOf<Container>(await w.app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}`, payload: { container_id: 'reviews-automod' } }));
    const review = await w.app.inject({ method: 'POST', url: `/api/v2/reviews/${SITE}/${page.content_container_uuid}/reviews`, headers: bearer(w.author), payload: { rating: 1, title: 'Awful', content: 'The cook is a wretch' } });
    const written = resultOf<{ content_uuid: string; state: string; moderation_reason?: HoldReason }>(review);
    assert.deepEqual([written.state, written.moderation_reason?.rule], ['disabled', 'banned_word']);
    assert.deepEqual((await stored(w.app, written.content_uuid)).decisions.map((d) => d.action), ['auto_reject']);
  });

  test('the webhooks of new content carry the reason', async (t) => {
    const w = await world(t, { suspect_words: ['scam'] });
    resultOf(await w.app.inject({ method: 'POST', url: `/api/v2/sites/${SITE}/webhooks`, headers: bearer(w.admin), payload: { url: 'https://hooks.example.com/vf', events: ['comment.created'] } }));
    const held = await posted(w, 'Such a scam');
    const delivery = await w.app.db.selectFrom('webhook_deliveries').select('body').executeTakeFirstOrThrow();
    const body = JSON.parse(delivery.body) as { data: { comment: { content_uuid: string; moderation_reason?: HoldReason } } };
    assert.equal(body.data.comment.content_uuid, held.content_uuid);
    assert.deepEqual(body.data.comment.moderation_reason, { rule: 'suspect_word', word: 'scam', match: [7, 11] });
  });
});
