/**
 * Statements of reasons (DSA Art. 17, docs/law.md "Statements of reasons"): every path that
 * restricts a reader writes one (the queue's reject and spam, the page's own menu, a ban, a hold or
 * rejection by automatic moderation, a name rejected), citing the rule the moderator named or the
 * documented default; an approval, an undo or a lifted ban reverses it; the reader is told in the
 * tray and, where their email is verified, by mail; only they and the site's moderators read it.
 */
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { Statement } from '../../core/legal/types.ts';
import { AUTOMATIC_MODERATOR_UUID } from '../../core/moderation/types.ts';
import { post as postRaw, otherSiteAdmin, setAutoModeration } from './automod-calls.ts';
import { call, setSiteSettings } from './comment-calls.ts';
import { bearer, build, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { eventually, mailsTo, myStatements, notificationsOf, statementCall, statementRows, verifyEmail } from './legal-calls.ts';
import { decide, pageWithConversation, post } from './moderation-queue-calls.ts';

async function scene(t: TestContext, held = false) {
  const app = await build(t);
  const mod = await signupAs(app, 'mod');
  const author = await signup(app);
  const page = await pageWithConversation(app, mod.access_token, held, 'Statement page');
  return { app, mod, author, page };
}

const read = async (app: Awaited<ReturnType<typeof build>>, token: string, uuid: string) => resultOf<Statement>(await statementCall(app, token, uuid));

describe('legal: every restricting decision writes a statement of reasons', () => {
  test('the queue’s reject cites the rule named (or “other_terms”), spam cites “spam”; the author is told in the tray and, verified, by mail', async (t) => {
    const { app, mod, author, page } = await scene(t);
    await verifyEmail(app, author.user.uuid);
    const [one, two] = [await post(app, author.access_token, page, 'first words'), await post(app, author.access_token, page, 'second words')];
    const decisions = (payload: object) => app.inject({ method: 'POST', url: '/api/v2/moderation/decisions', headers: bearer(mod.access_token), payload: { section: SITE, ...payload } });
    const unknownRule = await decisions({ decision: 'reject', items: [{ uuid: one.content_uuid, state: 'visible' }], terms_rule: 'nope' });
    assert.deepEqual([unknownRule.statusCode, unknownRule.json().field], [400, 'terms_rule']);
    const approveWithRule = await decisions({ decision: 'approve', items: [{ uuid: one.content_uuid, state: 'visible' }], terms_rule: 'spam' });
    assert.deepEqual([approveWithRule.statusCode, approveWithRule.json().field], [400, 'terms_rule']);
    resultOf(await decisions({ decision: 'reject', items: [{ uuid: one.content_uuid, state: 'visible' }], terms_rule: 'harassment', explanation: 'Personal attack.' }));
    await decide(app, mod.access_token, 'spam', [{ uuid: two.content_uuid, state: 'visible' }]);

    const rows = await statementRows(app, author.user.uuid);
    assert.deepEqual(rows.map((r) => [r.content_uuid, r.restriction, r.ground_type, r.ground, r.explanation, r.moderator_uuid, r.automated]), [
      [one.content_uuid, 'rejection', 'terms', 'harassment', 'Personal attack.', mod.user.uuid, 0],
      [two.content_uuid, 'spam', 'terms', 'spam', null, mod.user.uuid, 0],
    ]);
    const told = await notificationsOf(app, author.user.uuid, 'moderation_decision');
    assert.deepEqual(told.map((n) => n.target_uuid).sort(), rows.map((r) => r.uuid).sort());
    const mails = await mailsTo(app, author.user.email!);
    assert.equal(mails.length, 2);
    assert.ok(mails.some((mail) => /Harassment or personal attacks/.test(mail.text) && /Personal attack\./.test(mail.text) && /first words/.test(mail.text)));

    const statement = await read(app, author.access_token, rows[0]!.uuid);
    assert.deepEqual([statement.state, statement.item.state, statement.item.page_title, statement.appeal, statement.automated], ['in_force', 'disabled', 'Statement page', null, false]);
    assert.ok(statement.appeal_until > statement.date_created + 180 * 24 * 3600 * 1000);
  });

  test('an unverified email gets no mail (the tray still tells); a guest’s item gets a statement without a reader, and no one is notified', async (t) => {
    const { app, mod, author, page } = await scene(t);
    const item = await post(app, author.access_token, page, 'unverified');
    await decide(app, mod.access_token, 'reject', [{ uuid: item.content_uuid, state: 'visible' }]);
    assert.equal((await notificationsOf(app, author.user.uuid, 'moderation_decision')).length, 1);
    assert.equal((await mailsTo(app, author.user.email!)).length, 0);

    await setSiteSettings(app, { enable_anonymous_comments: true });
    const guest = resultOf<{ content_uuid: string }>(await call(app, 'POST', page, 'comments', undefined, { content: 'a guest speaks', anonymous_name: 'Kim' }));
    await decide(app, mod.access_token, 'reject', [{ uuid: guest.content_uuid, state: 'visible' }]);
    const row = await app.db.selectFrom('statements_of_reasons').selectAll().where('content_uuid', '=', guest.content_uuid).executeTakeFirstOrThrow();
    assert.equal(row.user_uuid, null);
    assert.equal(Number((await app.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'moderation_decision').executeTakeFirstOrThrow()).n), 1);
  });

  test('the page’s own menu: reject writes a statement; approving the item again reverses it', async (t) => {
    const { app, mod, author, page } = await scene(t);
    const item = await post(app, author.access_token, page, 'on the page');
    assert.equal((await call(app, 'POST', page, `moderation/${item.content_uuid}/disable`, mod.access_token)).statusCode, 200);
    const [row] = await statementRows(app, author.user.uuid);
    assert.deepEqual([row?.restriction, row?.ground, row?.state], ['rejection', 'other_terms', 'in_force']);
    assert.match(row?.facts ?? '', /on the page/);
    assert.equal((await call(app, 'POST', page, `moderation/${item.content_uuid}/enable`, mod.access_token)).statusCode, 200);
    assert.equal((await statementRows(app, author.user.uuid))[0]?.state, 'reversed');
  });

  test('undoing a queue reject reverses its statement', async (t) => {
    const { app, mod, author, page } = await scene(t);
    const item = await post(app, author.access_token, page, 'undo me');
    const [decided] = (await decide(app, mod.access_token, 'reject', [{ uuid: item.content_uuid, state: 'visible' }])).decided;
    const undo = await app.inject({ method: 'POST', url: `/api/v2/moderation/decisions/${decided!.decision_uuid}/undo`, headers: bearer(mod.access_token), payload: { section: SITE } });
    assert.equal(undo.statusCode, 200, undo.body);
    assert.equal((await statementRows(app, author.user.uuid))[0]?.state, 'reversed');
  });

  test('a ban: the reason is the explanation, the rule named is cited; lifting the ban reverses it', async (t) => {
    const { app, mod, author } = await scene(t);
    const ban = (payload: object) => app.inject({ method: 'POST', url: `/api/v2/users/${author.user.uuid}/ban`, headers: bearer(mod.access_token), payload });
    assert.equal((await ban({ ban_level: 'posting', reason: 'Repeated abuse', duration_days: 7, terms_rule: 'nope' })).statusCode, 400);
    assert.equal((await ban({ ban_level: 'posting', reason: 'Repeated abuse', duration_days: 7, terms_rule: 'harassment' })).statusCode, 200);
    const [row] = await statementRows(app, author.user.uuid);
    assert.deepEqual([row?.restriction, row?.ground, row?.explanation, row?.content_uuid], ['ban', 'harassment', 'Repeated abuse', null]);
    assert.match(row?.facts ?? '', /may no longer post/);
    const statement = await read(app, author.access_token, row!.uuid);
    assert.deepEqual([statement.item.kind, statement.item.author_uuid], ['profile', author.user.uuid]);
    assert.equal((await app.inject({ method: 'DELETE', url: `/api/v2/users/${author.user.uuid}/ban`, headers: bearer(mod.access_token) })).statusCode, 200);
    assert.equal((await statementRows(app, author.user.uuid))[0]?.state, 'reversed');
  });

  test('automatic moderation: a suspect word’s hold and a banned word’s rejection are automated statements naming the rule; premoderation writes none; approval reverses the hold', async (t) => {
    const { app, mod, author, page } = await scene(t);
    const admin = await signupAs(app, 'admin');
    await setAutoModeration(app, admin.access_token, { suspect_words: ['scam'], banned_words: ['wretch'] });
    const held = resultOf<{ content_uuid: string; state: string }>(await postRaw(app, author.access_token, page.content_container_uuid, 'what a scam'));
    const rejected = resultOf<{ content_uuid: string; state: string }>(await postRaw(app, author.access_token, page.content_container_uuid, 'you wretch'));
    assert.deepEqual([held.state, rejected.state], ['awaiting_moderation', 'disabled']);
    const rows = await eventually(async () => {
      const found = await statementRows(app, author.user.uuid);
      return found.length === 2 && found;
    }, 'two statements');
    const byItem = new Map(rows.map((r) => [r.content_uuid, r]));
    const hold = byItem.get(held.content_uuid)!;
    const reject = byItem.get(rejected.content_uuid)!;
    assert.deepEqual([hold.restriction, hold.automated, hold.automated_rule, hold.ground, hold.moderator_uuid], ['hold', 1, 'suspect_word', 'hateful', null]);
    assert.deepEqual([reject.restriction, reject.automated, reject.automated_rule, reject.ground], ['rejection', 1, 'banned_word', 'hateful']);
    const told = await eventually(async () => {
      const found = await notificationsOf(app, author.user.uuid, 'moderation_decision');
      return found.length === 2 && found;
    }, 'the author told of both');
    assert.ok(told.every((n) => n.actor_uuid === AUTOMATIC_MODERATOR_UUID));
    const statement = await read(app, author.access_token, hold.uuid);
    assert.equal(statement.automated, true);
    assert.match(statement.facts, /scam/);

    await decide(app, mod.access_token, 'approve', [{ uuid: held.content_uuid, state: 'awaiting_moderation' }]);
    assert.equal((await statementRows(app, author.user.uuid)).find((r) => r.uuid === hold.uuid)?.state, 'reversed');

    // Premoderation holds every item: not a decision about the reader.
    const premoderated = await pageWithConversation(app, mod.access_token, true, 'Held page');
    await post(app, author.access_token, premoderated, 'waiting like all');
    assert.equal((await statementRows(app, author.user.uuid)).length, 2);
  });

  test('a new name rejected: a statement about the profile, naming the name rejected', async (t) => {
    const { app, mod, author } = await scene(t);
    await setSiteSettings(app, { enable_username_premoderation: true });
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${author.user.uuid}`, headers: bearer(author.access_token), payload: { name: 'The Real Mayor' } }));
    const approveWithRule = await app.inject({ method: 'POST', url: `/api/v2/users/${author.user.uuid}/moderation/username/approve`, headers: bearer(mod.access_token), payload: { terms_rule: 'impersonation' } });
    assert.equal(approveWithRule.statusCode, 400);
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${author.user.uuid}/moderation/username/reject`, headers: bearer(mod.access_token), payload: { terms_rule: 'impersonation', explanation: 'Not the mayor.' } }));
    const [row] = await statementRows(app, author.user.uuid);
    assert.deepEqual([row?.restriction, row?.ground, row?.explanation], ['profile_name', 'impersonation', 'Not the mayor.']);
    const statement = await read(app, author.access_token, row!.uuid);
    assert.deepEqual([statement.item.kind, statement.item.excerpt], ['profile', 'The Real Mayor']);
  });
});

describe('legal: reading statements', () => {
  test('its reader and the site’s moderators read a statement; another reader, another site’s admin and a guest do not learn it exists', async (t) => {
    const { app, mod, author, page } = await scene(t);
    const [a, b] = [await post(app, author.access_token, page, 'older'), await post(app, author.access_token, page, 'newer')];
    await decide(app, mod.access_token, 'reject', [{ uuid: a.content_uuid, state: 'visible' }]);
    await decide(app, mod.access_token, 'spam', [{ uuid: b.content_uuid, state: 'visible' }]);
    const rows = await statementRows(app, author.user.uuid);
    const uuid = rows[0]!.uuid;
    assert.equal((await read(app, author.access_token, uuid)).uuid, uuid);
    assert.equal((await read(app, mod.access_token, uuid)).uuid, uuid);
    const other = await signup(app);
    assert.equal((await statementCall(app, other.access_token, uuid)).statusCode, 404);
    assert.equal((await statementCall(app, await otherSiteAdmin(app), uuid)).statusCode, 404);
    assert.equal((await statementCall(app, undefined, uuid)).statusCode, 401);
    assert.equal((await statementCall(app, author.access_token, '00000000-0000-4000-8000-000000000009')).statusCode, 404);

    const mine = await myStatements(app, author.access_token);
    assert.deepEqual(mine.map((s) => s.item.content_uuid), [b.content_uuid, a.content_uuid]);
    assert.deepEqual(await myStatements(app, other.access_token), []);
  });
});
