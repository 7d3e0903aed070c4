/**
 * The queue's decisions (docs/moderation.md `POST /moderation/decisions` and undo): many items at
 * once, the race of two moderators on one item, who may decide, what is recorded, undo.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { liveClient, list, call } from './comment-calls.ts';
import { bearer, build, countRows, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { counts, decide, decideCall, pageWithConversation, post, queue, uuidsOf } from './moderation-queue-calls.ts';

const undoCall = (app: Parameters<typeof decide>[0], token: string, decisionUuid: string) =>
  app.inject({ method: 'POST', url: `/api/v2/moderation/decisions/${decisionUuid}/undo`, headers: bearer(token), payload: { section: SITE } });

describe('moderation queue: decisions', () => {
  test('approving many held items shows them, records each decision, sends each page its event', async (t) => {
    const app = await build(t);
    const [mod, ada] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, true);
    const live = await liveClient(t, app, c);
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await post(app, ada.access_token, c, `held ${i}`));
    for (let i = 0; i < 3; i++) assert.equal((await live.nextEvent()).event, 'created');

    const result = await decide(app, mod.access_token, 'approve', held.map((h) => ({ uuid: h.content_uuid, state: 'awaiting_moderation' })));
    assert.deepEqual(result.conflicts, []);
    assert.deepEqual(result.decided.map((d) => [d.uuid, d.state]).sort(), held.map((h) => [h.content_uuid, 'visible']).sort());
    const events = [await live.nextEvent(), await live.nextEvent(), await live.nextEvent()];
    assert.deepEqual(events.map((e) => e.event), ['visible', 'visible', 'visible'], 'one event per item');
    assert.deepEqual(events.map((e) => e.content?.content).sort(), ['held 0', 'held 1', 'held 2'], 'readers get the text');
    await live.expectNothingPending();
    assert.equal((await list(app, c)).total_visible_content, 3);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending')), []);
    assert.equal((await queue(app, mod.access_token, 'approved')).items.length, 3);
    const [item] = (await queue(app, mod.access_token, 'approved')).items;
    // Newest first: the moderator's approval, then the automatic hold of premoderation on posting.
    assert.deepEqual(item!.decisions.map((d) => [d.action, d.actor?.uuid, d.state_before, d.state_after]), [
      ['approve', mod.user.uuid, 'awaiting_moderation', 'visible'],
      ['hold', undefined, 'new', 'awaiting_moderation'],
    ]);
  });

  test('one decision across pages and threads moves every count and numbers each page\'s events in turn', async (t) => {
    const app = await build(t);
    const [mod, ada] = [await signupAs(app, 'mod'), await signup(app)];
    const [one, two] = [await pageWithConversation(app, mod.access_token, false), await pageWithConversation(app, mod.access_token, true)];
    const root = await post(app, ada.access_token, one, 'root');
    const reply = await post(app, ada.access_token, one, 'reply', root.content_uuid);
    const deep = [await post(app, ada.access_token, one, 'deep 1', reply.content_uuid), await post(app, ada.access_token, one, 'deep 2', reply.content_uuid)];
    const held = [await post(app, ada.access_token, two, 'held 1'), await post(app, ada.access_token, two, 'held 2')];
    const events = async (c: typeof one, after = 0) =>
      resultOf<{ events: { seq: number; event: string; content_uuid: string }[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c.content_container_uuid}/events`, query: { after: String(after) } })).events;
    const [seqOne, seqTwo] = [(await events(one)).at(-1)!.seq, (await events(two)).at(-1)!.seq];
    const shownBefore = (await list(app, one)).total_visible_content;

    // Rejecting both deep replies takes them off their parent and thread; approving page two's held items adds them.
    await decide(app, mod.access_token, 'reject', deep.map((d) => ({ uuid: d.content_uuid, state: 'visible' })));
    await decide(app, mod.access_token, 'approve', held.map((h) => ({ uuid: h.content_uuid, state: 'awaiting_moderation' })));
    const pageOne = await list(app, one);
    assert.equal(pageOne.total_visible_content, shownBefore - 2);
    const starter = pageOne.contents.find((c) => c.content_uuid === root.content_uuid);
    assert.deepEqual([starter?.total_replies, starter?.total_direct_replies], [1, 1], 'the thread starter counts only the reply left');
    const answer = starter?.replies?.find((c) => c.content_uuid === reply.content_uuid);
    assert.deepEqual([answer?.total_replies, answer?.total_direct_replies], [0, 0], 'its parent, neither');
    assert.equal((await list(app, two)).total_visible_content, 2);
    assert.deepEqual((await events(one, seqOne)).map((e) => [e.seq, e.event]), [[seqOne + 1, 'disabled'], [seqOne + 2, 'disabled']]);
    // One decision's items have no order among themselves: the numbers follow on, one per item.
    const approved = await events(two, seqTwo);
    assert.deepEqual(approved.map((e) => [e.seq, e.event]), [[seqTwo + 1, 'visible'], [seqTwo + 2, 'visible']]);
    assert.deepEqual(approved.map((e) => e.content_uuid).sort(), held.map((h) => h.content_uuid).sort());
  });

  test('reject, spam and pick; a reported item approved loses its reports', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, false);
    const [a, b, d, e] = [await post(app, ada.access_token, c, 'a'), await post(app, ada.access_token, c, 'b'), await post(app, ada.access_token, c, 'd'), await post(app, ada.access_token, c, 'e')];
    resultOf(await call(app, 'POST', c, `comments/${e.content_uuid}/flag`, bob.access_token, { reason: 'rude' }));
    assert.equal((await decide(app, mod.access_token, 'reject', [{ uuid: a.content_uuid, state: 'visible' }])).decided[0]!.state, 'disabled');
    assert.equal((await decide(app, mod.access_token, 'spam', [{ uuid: b.content_uuid, state: 'visible' }])).decided[0]!.state, 'spam');
    assert.equal((await decide(app, mod.access_token, 'pick', [{ uuid: d.content_uuid, state: 'visible' }])).decided[0]!.state, 'visible');
    assert.equal((await decide(app, mod.access_token, 'approve', [{ uuid: e.content_uuid, state: 'visible' }])).decided[0]!.state, 'visible');
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'rejected')).sort(), [a.content_uuid, b.content_uuid].sort());
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'reported')), [], 'approved: kept, its reports cleared');
    const approved = await queue(app, mod.access_token, 'approved');
    assert.deepEqual(uuidsOf(approved).sort(), [d.content_uuid, e.content_uuid].sort());
    assert.equal(approved.items.find((i) => i.uuid === d.content_uuid)!.is_picked, true);
    assert.deepEqual(await counts(app, mod.access_token), { pending: 0, reported: 0, unmoderated: 0, approved: 2, rejected: 2, profiles: 0, notices: 0, appeals: 0 });
  });

  test('two moderators, one item: the second gets 409 naming the first, and nothing changes', async (t) => {
    const app = await build(t);
    const [first, second, ada] = [await signupAs(app, 'mod'), await signupAs(app, 'mod'), await signup(app)];
    const c = await pageWithConversation(app, first.access_token, true);
    const held = await post(app, ada.access_token, c, 'which of you?');
    const seen = [{ uuid: held.content_uuid, state: 'awaiting_moderation' }];
    resultOf(await decideCall(app, first.access_token, 'approve', seen));
    const late = await decideCall(app, second.access_token, 'reject', seen);
    assert.equal(late.statusCode, 409);
    assert.deepEqual([late.json().message, late.json().decided_by], [`Already decided by ${first.user.name}`, first.user.name]);
    const [item] = (await queue(app, first.access_token, 'approved')).items;
    assert.equal(item!.state, 'visible', 'the first decision stands');
    assert.deepEqual(item!.decisions.map((d) => d.action), ['approve', 'hold'], 'the refused one is not recorded');

    // Among others, a conflict is listed and the rest is decided.
    const other = await post(app, ada.access_token, c, 'another');
    const mixed = await decide(app, second.access_token, 'reject', [...seen, { uuid: other.content_uuid, state: 'awaiting_moderation' }]);
    assert.deepEqual(mixed.conflicts, [{ uuid: held.content_uuid, decided_by: first.user.name }]);
    assert.deepEqual(mixed.decided.map((d) => [d.uuid, d.state]), [[other.content_uuid, 'disabled']]);
  });

  test('readers, guests and another site’s items: refused, nothing changed; bad input 400', async (t) => {
    const app = await build(t);
    const [mod, ada] = [await signupAs(app, 'mod'), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, true);
    const held = await post(app, ada.access_token, c, 'let me out');
    const seen = [{ uuid: held.content_uuid, state: 'awaiting_moderation' }];
    assert.equal((await decideCall(app, ada.access_token, 'approve', seen)).statusCode, 403);
    assert.equal((await decideCall(app, undefined, 'approve', seen)).statusCode, 401);
    assert.equal(await countRows(app, 'moderation_decisions'), 1, 'only the automatic hold on posting');
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending')), [held.content_uuid]);
    const tooMany = Array.from({ length: 501 }, () => ({ uuid: crypto.randomUUID(), state: 'visible' }));
    for (const [decision, items, field] of [['hide', seen, 'decision'], ['approve', [], 'items'], ['approve', tooMany, 'items'], ['approve', [...seen, ...seen], 'items']] as const) {
      const response = await decideCall(app, mod.access_token, decision, items);
      assert.equal(response.statusCode, 400, `${decision} ${items.length}`);
      assert.equal(response.json().field, field);
    }
    assert.equal((await decideCall(app, mod.access_token, 'approve', [{ uuid: crypto.randomUUID(), state: 'visible' }])).statusCode, 404);
  });

  test('undo: the same moderator within 10 s puts the item back; anyone else or later is refused', async (t) => {
    const app = await build(t);
    const [mod, other, ada] = [await signupAs(app, 'mod'), await signupAs(app, 'mod'), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, true);
    const live = await liveClient(t, app, c);
    const held = await post(app, ada.access_token, c, 'undo me');
    await live.nextEvent();
    const { decided: [approved] } = await decide(app, mod.access_token, 'approve', [{ uuid: held.content_uuid, state: 'awaiting_moderation' }]);
    assert.equal((await live.nextEvent()).event, 'visible');

    assert.equal((await undoCall(app, other.access_token, approved!.decision_uuid)).statusCode, 403, 'only who decided');
    const undone = resultOf<{ uuid: string; state: string }>(await undoCall(app, mod.access_token, approved!.decision_uuid));
    assert.equal(undone.state, 'awaiting_moderation');
    const back = await live.nextEvent();
    assert.deepEqual([back.event, back.content], ['updated', undefined], 'readers lose it from view');
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending')), [held.content_uuid]);
    assert.equal((await list(app, c)).total_visible_content, 0);
    assert.equal((await undoCall(app, mod.access_token, approved!.decision_uuid)).statusCode, 409, 'undone once');

    const { decided: [rejected] } = await decide(app, mod.access_token, 'reject', [{ uuid: held.content_uuid, state: 'awaiting_moderation' }]);
    // 10 s pass (every decision on it moves back, so their order stays).
    await app.db.updateTable('moderation_decisions').set((eb) => ({ date_created: eb('date_created', '-', 10_001) })).where('content_uuid', '=', held.content_uuid).execute();
    const late = await undoCall(app, mod.access_token, rejected!.decision_uuid);
    assert.equal(late.statusCode, 409);
    assert.match(late.json().message, /time to undo/);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'rejected')), [held.content_uuid]);
    const [item] = (await queue(app, mod.access_token, 'rejected')).items;
    assert.deepEqual(item!.decisions.map((d) => d.action), ['reject', 'undo', 'approve', 'hold']);
  });
});
