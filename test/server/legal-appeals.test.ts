/**
 * Appeals (DSA Art. 20, docs/law.md "Appeals"): who may appeal what, the six-month clock, one
 * open appeal at a time; the moderators' queue; the rule that another moderator decides (unless
 * the site has one); what a reversal restores (the item and its count, live; a ban) or removes (a
 * reporter's appeal of "not illegal"), and how the appellant is told.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Appeal, type AppealItem, appealDeadline } from '../../core/legal/types.ts';
import { readStoredMails } from '../../server/mail/mailer.ts';
import { APPEAL_TOO_LATE, createAppeal } from '../../server/legal/appeals.ts';
import type { LegalNoticesTable, StatementsOfReasonsTable } from '../../server/storage/schema.ts';
import { list } from './comment-calls.ts';
import { seed } from '../../server/demo/index.ts';
import { DEMO_TRUSTED_FLAGGER } from '../../server/demo/legal.ts';
import { bearer, build, buildWithDemoContent, countRows, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { decide, nextModeration, pageWithConversation, post } from './moderation-queue-calls.ts';
import { connect } from './realtime-client.ts';

const DAY = 24 * 60 * 60 * 1000;

function appealCall(app: FastifyInstance, token: string | undefined, payload: object): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v2/legal/appeals', headers: bearer(token), payload: { section: SITE, ...payload } });
}

function decideAppealCall(app: FastifyInstance, token: string | undefined, uuid: string, decision: string, explanation?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/v2/moderation/appeals/${uuid}/decision`, headers: bearer(token), payload: { section: SITE, decision, ...(explanation ? { explanation } : {}) } });
}

/** A statement of reasons written as of `date` (a decision taken then). */
async function statementRow(app: FastifyInstance, fields: Partial<StatementsOfReasonsTable> & { user_uuid: string; moderator_uuid: string | null }, date = Date.now()): Promise<StatementsOfReasonsTable> {
  const row: StatementsOfReasonsTable = {
    uuid: randomUUID(), site_uuid: SITE, content_uuid: null, notice_uuid: null, decision_uuid: null, restriction: 'rejection', ground_type: 'terms',
    ground: 'harassment', ground_label: 'Harassment or personal attacks', explanation: null, facts: 'A moderator rejected this comment.',
    automated: fields.moderator_uuid ? 0 : 1, automated_rule: null, state: 'in_force', appeal_until: appealDeadline(date), date_created: date, ...fields,
  };
  await app.db.insertInto('statements_of_reasons').values(row).execute();
  return row;
}

/** The statement of the latest restricting decision on an item (the queue writes one; a test without that path writes it here). */
async function statementOf(app: FastifyInstance, content: string, user: string, moderator: string): Promise<StatementsOfReasonsTable> {
  const written = await app.db.selectFrom('statements_of_reasons').selectAll().where('content_uuid', '=', content).orderBy('date_created', 'desc').executeTakeFirst();
  return written ?? statementRow(app, { user_uuid: user, content_uuid: content, moderator_uuid: moderator });
}

/** A notice decided as of `decidedAt`. */
async function noticeRow(app: FastifyInstance, fields: Partial<LegalNoticesTable>, decidedAt = Date.now()): Promise<LegalNoticesTable> {
  const row: LegalNoticesTable = {
    uuid: randomUUID(), site_uuid: SITE, reference: `N-${randomUUID().slice(0, 8).toUpperCase()}`, target_type: 'content', content_uuid: null, target_user_uuid: null,
    kind: 'defamation', explanation: 'It says false things about me.', reporter_name: 'Rita Reporter', reporter_email: 'Rita@Example.test', reporter_user_uuid: null,
    trusted: 0, state: 'not_illegal', decided_by: null, decided_at: decidedAt, statement_uuid: null, date_created: decidedAt - 60_000, ...fields,
  };
  await app.db.insertInto('legal_notices').values(row).execute();
  return row;
}

/** Everyone else with a moderator's or admin's rights loses them: `keep` is the site's single moderator. */
async function onlyModerator(app: FastifyInstance, keep: string): Promise<void> {
  await app.db.updateTable('users').set({ user_privilege: 'user' }).where('site_uuid', '=', SITE).where('user_privilege', 'in', ['mod', 'admin']).where('uuid', '!=', keep).execute();
}

async function setup(t: TestContext) {
  const app = await build(t);
  const [mod, other, ada, bob] = [await signupAs(app, 'mod'), await signupAs(app, 'mod'), await signup(app), await signup(app)];
  const page = await pageWithConversation(app, mod.access_token, false, 'Appeals page');
  return { app, mod, other, ada, bob, page };
}

describe('appeals: who may appeal what', () => {
  test('the author of a statement (signed in), one open appeal at a time; nobody else', async (t) => {
    const { app, mod, ada, bob, page } = await setup(t);
    const comment = await post(app, ada.access_token, page, 'A sharp but fair remark');
    await decide(app, mod.access_token, 'reject', [{ uuid: comment.content_uuid, state: 'visible' }]);
    const statement = await statementOf(app, comment.content_uuid, ada.user.uuid, mod.user.uuid);

    assert.equal((await appealCall(app, undefined, { statement_uuid: statement.uuid, text: 'Please look again' })).statusCode, 401);
    const notMine = await appealCall(app, bob.access_token, { statement_uuid: statement.uuid, text: 'Please look again' });
    assert.deepEqual([notMine.statusCode, notMine.json().message], [403, 'Only the reader this decision is about can appeal it']);
    assert.equal((await appealCall(app, ada.access_token, { statement_uuid: randomUUID(), text: 'Please look again' })).statusCode, 404);

    const created = await appealCall(app, ada.access_token, { statement_uuid: statement.uuid, text: '  It was fair criticism.  ' });
    assert.equal(created.statusCode, 201);
    const appeal = created.json().result as Appeal;
    assert.deepEqual([appeal.appellant_role, appeal.text, appeal.state, appeal.decided_at, appeal.single_moderator], ['author', 'It was fair criticism.', 'open', null, false]);
    const row = await app.db.selectFrom('appeals').selectAll().where('uuid', '=', appeal.uuid).executeTakeFirstOrThrow();
    assert.deepEqual([row.statement_uuid, row.appellant_uuid, row.first_decided_by], [statement.uuid, ada.user.uuid, mod.user.uuid]);

    const again = await appealCall(app, ada.access_token, { statement_uuid: statement.uuid, text: 'And again' });
    assert.deepEqual([again.statusCode, again.json().message], [409, 'An appeal of this decision is already open']);
  });

  test('the reporter of a notice judged not illegal, by reference and email (any case); a wrong pair is a 404 that says neither', async (t) => {
    const { app, mod, ada } = await setup(t);
    const notice = await noticeRow(app, { decided_by: mod.user.uuid, target_user_uuid: ada.user.uuid });
    const wrongEmail = await appealCall(app, undefined, { notice_reference: notice.reference, reporter_email: 'someone@example.test', text: 'It is illegal' });
    const wrongReference = await appealCall(app, undefined, { notice_reference: 'N-ZZZZZZZZ', reporter_email: 'rita@example.test', text: 'It is illegal' });
    assert.deepEqual([wrongEmail.statusCode, wrongReference.statusCode], [404, 404]);
    assert.equal(wrongEmail.json().message, wrongReference.json().message);

    const created = await appealCall(app, undefined, { notice_reference: notice.reference, reporter_email: ' RITA@example.TEST ', text: 'It is defamation.' });
    assert.equal(created.statusCode, 201);
    assert.equal((created.json().result as Appeal).appellant_role, 'reporter');
    const row = await app.db.selectFrom('appeals').selectAll().where('notice_uuid', '=', notice.uuid).executeTakeFirstOrThrow();
    assert.deepEqual([row.appellant_uuid, row.first_decided_by, row.statement_uuid], [null, mod.user.uuid, null]);

    for (const state of ['open', 'illegal']) {
      const other = await noticeRow(app, { state, decided_by: state === 'open' ? null : mod.user.uuid, decided_at: state === 'open' ? null : Date.now() });
      const refused = await appealCall(app, undefined, { notice_reference: other.reference, reporter_email: 'rita@example.test', text: 'Look again' });
      assert.deepEqual([refused.statusCode, refused.json().message], [409, 'Only a notice judged not illegal can be appealed by its reporter'], state);
    }
  });

  test('bad input is a 400 naming the field, and nothing is stored', async (t) => {
    const { app, ada } = await setup(t);
    const statement = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: null });
    const cases: [object, string][] = [
      [{ text: 'Both', statement_uuid: statement.uuid, notice_reference: 'N-ABCDEFGH', reporter_email: 'a@b.c' }, 'statement_uuid'],
      [{ text: 'Neither' }, 'statement_uuid'],
      [{ text: 'No email', notice_reference: 'N-ABCDEFGH' }, 'reporter_email'],
      [{ text: ' \u200B ', statement_uuid: statement.uuid }, 'text'],
      [{ text: 'x'.repeat(5001), statement_uuid: statement.uuid }, 'text'],
      [{ statement_uuid: statement.uuid }, 'text'],
      [{ text: 'Not a uuid', statement_uuid: 'abc' }, 'statement_uuid'],
    ];
    for (const [payload, field] of cases) {
      const response = await appealCall(app, ada.access_token, payload);
      assert.deepEqual([response.statusCode, response.json().field], [400, field], JSON.stringify(payload).slice(0, 80));
    }
    assert.equal((await app.db.selectFrom('appeals').selectAll().execute()).length, 0);
  });
});

describe('appeals: the six-month clock', () => {
  test('on the deadline an appeal is accepted, the day after it is refused (a statement and a notice)', async (t) => {
    const { app, mod, ada } = await setup(t);
    const decidedAt = Date.UTC(2026, 7, 31, 9, 30); // 31 August: the deadline is 28 February
    const deadline = appealDeadline(decidedAt);
    assert.equal(new Date(deadline).toISOString(), '2027-02-28T09:30:00.000Z');
    const [onTime, late] = [await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid }, decidedAt), await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid }, decidedAt)];
    const user = (await app.db.selectFrom('users').selectAll().where('uuid', '=', ada.user.uuid).executeTakeFirstOrThrow());
    const byAuthor = (statement: string) => ({ role: 'author' as const, site: SITE, user, statement, text: 'Please look again' });
    assert.equal((await createAppeal(app.db, byAuthor(onTime.uuid), deadline)).state, 'open');
    await assert.rejects(createAppeal(app.db, byAuthor(late.uuid), deadline + DAY), { statusCode: 409, message: APPEAL_TOO_LATE });

    const [noticeOnTime, noticeLate] = [await noticeRow(app, { decided_by: mod.user.uuid }, decidedAt), await noticeRow(app, { decided_by: mod.user.uuid }, decidedAt)];
    const byReporter = (reference: string) => ({ role: 'reporter' as const, site: SITE, user: null, reference, email: 'rita@example.test', text: 'It is illegal' });
    assert.equal((await createAppeal(app.db, byReporter(noticeOnTime.reference), deadline)).state, 'open');
    await assert.rejects(createAppeal(app.db, byReporter(noticeLate.reference), deadline + DAY), { statusCode: 409, message: APPEAL_TOO_LATE });
  });

  test('through the API: a decision of seven months ago is past appeal, one of five months ago is not', async (t) => {
    const { app, mod, ada } = await setup(t);
    const old = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid }, Date.now() - 213 * DAY);
    const recent = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid }, Date.now() - 152 * DAY);
    const refused = await appealCall(app, ada.access_token, { statement_uuid: old.uuid, text: 'Please' });
    assert.deepEqual([refused.statusCode, refused.json().message], [409, 'The time to appeal this decision has passed']);
    assert.equal((await appealCall(app, ada.access_token, { statement_uuid: recent.uuid, text: 'Please' })).statusCode, 201);
    const oldNotice = await noticeRow(app, { decided_by: mod.user.uuid }, Date.now() - 213 * DAY);
    const late = await appealCall(app, undefined, { notice_reference: oldNotice.reference, reporter_email: 'rita@example.test', text: 'Please' });
    assert.deepEqual([late.statusCode, late.json().message], [409, 'The time to appeal this decision has passed']);
  });
});

describe('appeals: moderators decide', () => {
  test('the queue: open ones oldest first with a cursor, decided ones apart; moderators only', async (t) => {
    const { app, mod, ada, bob } = await setup(t);
    const uuids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const statement = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: null, ground_label: `Rule ${i}` }, Date.now() - (10 - i) * DAY);
      const appeal = await createAppeal(app.db, { role: 'author', site: SITE, user: (await app.db.selectFrom('users').selectAll().where('uuid', '=', ada.user.uuid).executeTakeFirstOrThrow()), statement: statement.uuid, text: `appeal ${i}` }, Date.now() - (3 - i) * DAY);
      uuids.push(appeal.uuid);
    }
    const page = async (query: Record<string, string>) =>
      resultOf<{ items: AppealItem[]; next_cursor: string | null }>(await app.inject({ method: 'GET', url: '/api/v2/moderation/appeals', headers: bearer(mod.access_token), query: { section: SITE, ...query } }));
    const first = await page({ limit: '2' });
    assert.deepEqual(first.items.map((i) => i.uuid), uuids.slice(0, 2));
    assert.equal(first.items[0]!.statement?.ground_label, 'Rule 0');
    assert.deepEqual([first.items[0]!.first_decided_by, first.items[0]!.decided_by, first.items[0]!.notice], [null, null, null]);
    const second = await page({ limit: '2', cursor: first.next_cursor! });
    assert.deepEqual([second.items.map((i) => i.uuid), second.next_cursor], [uuids.slice(2), null]);

    resultOf(await decideAppealCall(app, mod.access_token, uuids[1]!, 'uphold', 'The rule applies.'));
    assert.deepEqual((await page({})).items.map((i) => i.uuid), [uuids[0], uuids[2]]);
    const decided = await page({ state: 'decided' });
    assert.deepEqual(decided.items.map((i) => [i.uuid, i.state, i.explanation, i.decided_by?.uuid]), [[uuids[1], 'upheld', 'The rule applies.', mod.user.uuid]]);

    for (const [token, status] of [[bob.access_token, 403], [ada.access_token, 403], [undefined, 401]] as const) {
      assert.equal((await app.inject({ method: 'GET', url: '/api/v2/moderation/appeals', headers: bearer(token), query: { section: SITE } })).statusCode, status);
      assert.equal((await decideAppealCall(app, token, uuids[0]!, 'reverse')).statusCode, status);
    }
    assert.equal((await page({})).items.length, 2);
  });

  test('another moderator must decide; a site with a single moderator lets them, and says so; 409 once decided', async (t) => {
    const { app, mod, other, ada } = await setup(t);
    const statement = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid });
    const appeal = resultOf<Appeal>(await appealCall(app, ada.access_token, { statement_uuid: statement.uuid, text: 'Please' }), 201);
    const refused = await decideAppealCall(app, mod.access_token, appeal.uuid, 'uphold');
    assert.deepEqual([refused.statusCode, refused.json().message], [403, 'Another moderator must decide this appeal']);
    const decided = resultOf<AppealItem>(await decideAppealCall(app, other.access_token, appeal.uuid, 'uphold'));
    assert.deepEqual([decided.state, decided.single_moderator, decided.decided_by?.uuid, decided.first_decided_by?.uuid], ['upheld', false, other.user.uuid, mod.user.uuid]);
    const late = await decideAppealCall(app, mod.access_token, appeal.uuid, 'reverse');
    assert.deepEqual([late.statusCode, late.json().decided_by, late.json().appeal.state], [409, other.user.name, 'upheld']);

    // The site's only moderator decides the appeal of their own decision; the answer says so.
    const second = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid });
    const appeal2 = resultOf<Appeal>(await appealCall(app, ada.access_token, { statement_uuid: second.uuid, text: 'Please' }), 201);
    await onlyModerator(app, mod.user.uuid);
    const alone = resultOf<AppealItem>(await decideAppealCall(app, mod.access_token, appeal2.uuid, 'uphold'));
    assert.deepEqual([alone.state, alone.single_moderator], ['upheld', true]);
    const stored = await app.db.selectFrom('appeals').select('single_moderator').where('uuid', '=', appeal2.uuid).executeTakeFirstOrThrow();
    assert.equal(Number(stored.single_moderator), 1);
  });

  test('reversing a rejection shows the item again: its count moves, its page and the open queues hear of it; the author is told', async (t) => {
    const { app, mod, other, ada, page } = await setup(t);
    await app.db.updateTable('users').set({ email_verification_status: 'approved' }).where('uuid', '=', ada.user.uuid).execute();
    const comment = await post(app, ada.access_token, page, 'Restore me please');
    const shownBefore = (await list(app, page)).total_visible_content;
    await decide(app, mod.access_token, 'reject', [{ uuid: comment.content_uuid, state: 'visible' }]);
    assert.equal((await list(app, page)).total_visible_content, shownBefore - 1);
    const statement = await statementOf(app, comment.content_uuid, ada.user.uuid, mod.user.uuid);
    const appeal = resultOf<Appeal>(await appealCall(app, ada.access_token, { statement_uuid: statement.uuid, text: 'It broke no rule' }), 201);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
    client.send({ type: 'subscribe', subscription_id: 'queue', filter: { one_of: [{ key: 'moderation_section_uuid', values: [SITE] }] }, access_token: other.access_token });
    await client.next();

    const decided = resultOf<AppealItem>(await decideAppealCall(app, other.access_token, appeal.uuid, 'reverse', 'On reflection it is fair comment.'));
    assert.deepEqual([decided.state, decided.explanation, decided.statement?.state, decided.statement?.item.state], ['reversed', 'On reflection it is fair comment.', 'reversed', 'visible']);
    const shown = await list(app, page);
    assert.equal(shown.total_visible_content, shownBefore);
    assert.ok(shown.contents.some((c) => c.content_uuid === comment.content_uuid));
    const events = resultOf<{ events: { event: string; content_uuid: string }[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${page.content_container_uuid}/events`, query: { after: '0' } })).events;
    assert.deepEqual(events.at(-1), { ...events.at(-1), event: 'visible', content_uuid: comment.content_uuid });
    const live = await nextModeration(client, 'decided');
    assert.deepEqual(live.event === 'decided' && [live.content_uuid, live.decision, live.state], [comment.content_uuid, 'approve', 'visible']);
    const told = await nextModeration(client, 'appeal');
    assert.deepEqual(told.event === 'appeal' && [told.appeal_uuid, told.appeal.state], [appeal.uuid, 'reversed']);

    const notification = await app.db.selectFrom('notifications').selectAll().where('type', '=', 'appeal_decided').executeTakeFirstOrThrow();
    assert.deepEqual([notification.user_uuid, notification.target_uuid, notification.actor_uuid], [ada.user.uuid, appeal.uuid, other.user.uuid]);
    await app.mail.idle();
    const mails = readStoredMails((app.mail.target as { folder: string }).folder).filter((m) => m.subject.includes('appeal'));
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.to, `${ada.user.name}@example.test`);
    assert.match(mails[0]!.text, /reverse the decision\. Your item is shown again\./);
    assert.match(mails[0]!.text, /On reflection it is fair comment\./);
  });

  test('reversing a ban lifts it; an automated decision may be decided by any moderator', async (t) => {
    const { app, mod, ada } = await setup(t);
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${ada.user.uuid}/ban`, headers: bearer(mod.access_token), payload: { ban_level: 'posting', reason: 'Cool off', duration_days: 7 } }));
    const banned = await app.db.selectFrom('statements_of_reasons').selectAll().where('user_uuid', '=', ada.user.uuid).where('restriction', '=', 'ban').executeTakeFirst()
      ?? await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid, restriction: 'ban', facts: 'A moderator banned this account.' });
    const appeal = resultOf<Appeal>(await appealCall(app, ada.access_token, { statement_uuid: banned.uuid, text: 'I meant no harm' }), 201);
    const [admin] = [await signupAs(app, 'admin')];
    resultOf(await decideAppealCall(app, admin.access_token, appeal.uuid, 'reverse'));
    const ban = await app.db.selectFrom('bans').selectAll().where('user_uuid', '=', ada.user.uuid).executeTakeFirstOrThrow();
    assert.notEqual(ban.date_revoked, null);

    const automated = await statementRow(app, { user_uuid: ada.user.uuid, moderator_uuid: null, restriction: 'hold', automated_rule: 'link' });
    const appeal2 = resultOf<Appeal>(await appealCall(app, ada.access_token, { statement_uuid: automated.uuid, text: 'Just a link' }), 201);
    await onlyModerator(app, mod.user.uuid);
    const decided = resultOf<AppealItem>(await decideAppealCall(app, mod.access_token, appeal2.uuid, 'uphold'));
    assert.deepEqual([decided.state, decided.single_moderator, decided.first_decided_by], ['upheld', false, null]);
  });

  test('reversing a reporter’s appeal of "not illegal" removes the item on the notice’s kind, writes the author a statement and mails the reporter', async (t) => {
    const { app, mod, other, ada, page } = await setup(t);
    const comment = await post(app, ada.access_token, page, 'Something untrue about Rita');
    const shownBefore = (await list(app, page)).total_visible_content;
    const notice = await noticeRow(app, { content_uuid: comment.content_uuid, target_user_uuid: ada.user.uuid, decided_by: mod.user.uuid });
    const appeal = resultOf<Appeal>(await appealCall(app, undefined, { notice_reference: notice.reference, reporter_email: 'rita@example.test', text: 'It is defamation' }), 201);
    const refused = await decideAppealCall(app, mod.access_token, appeal.uuid, 'reverse');
    assert.equal(refused.statusCode, 403);
    const decided = resultOf<AppealItem>(await decideAppealCall(app, other.access_token, appeal.uuid, 'reverse', 'It is defamatory.'));
    assert.deepEqual([decided.state, decided.notice?.state, decided.notice?.item.state], ['reversed', 'illegal', 'disabled']);
    assert.equal((await list(app, page)).total_visible_content, shownBefore - 1);

    const stored = await app.db.selectFrom('legal_notices').selectAll().where('uuid', '=', notice.uuid).executeTakeFirstOrThrow();
    const statement = await app.db.selectFrom('statements_of_reasons').selectAll().where('notice_uuid', '=', notice.uuid).executeTakeFirstOrThrow();
    assert.equal(stored.statement_uuid, statement.uuid);
    assert.deepEqual(
      [statement.user_uuid, statement.content_uuid, statement.restriction, statement.ground_type, statement.ground, statement.ground_label, statement.explanation, statement.moderator_uuid],
      [ada.user.uuid, comment.content_uuid, 'removal', 'illegal', 'defamation', 'Defamation', 'It is defamatory.', other.user.uuid],
    );
    const authorTold = await app.db.selectFrom('notifications').select('target_uuid').where('type', '=', 'moderation_decision').where('user_uuid', '=', ada.user.uuid).execute();
    assert.deepEqual(authorTold.map((n) => n.target_uuid), [statement.uuid]);
    await app.mail.idle();
    const mails = readStoredMails((app.mail.target as { folder: string }).folder).filter((m) => m.to === 'Rita@Example.test');
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.text, /The item was removed as illegal content\./);
  });
});

describe('appeals: the whole way, through the API', () => {
  test('a guest’s notice removes a comment; its author appeals; another moderator reinstates it; the reporter hears of both outcomes', async (t) => {
    const { app, mod, other, ada, page } = await setup(t);
    const comment = await post(app, ada.access_token, page, 'The mayor took a bribe');
    const sent = resultOf<{ uuid: string }>(await app.inject({
      method: 'POST', url: '/api/v2/legal/notices',
      payload: { section: SITE, target: { type: 'content', uuid: comment.content_uuid }, kind: 'defamation', explanation: 'False claim.', reporter_name: 'Sam', reporter_email: 'sam@example.test', good_faith: true },
    }), 201);
    const judged = resultOf<{ statement_uuid: string }>(await app.inject({
      method: 'POST', url: `/api/v2/moderation/notices/${sent.uuid}/decision`, headers: bearer(mod.access_token), payload: { section: SITE, decision: 'illegal', ground: 'defamation' },
    }));
    const appeal = resultOf<Appeal>(await appealCall(app, ada.access_token, { statement_uuid: judged.statement_uuid, text: 'It is true' }), 201);
    const decided = resultOf<AppealItem>(await decideAppealCall(app, other.access_token, appeal.uuid, 'reverse', 'The claim is reported by the press.'));
    assert.deepEqual([decided.statement?.state, decided.statement?.item.state], ['reversed', 'visible']);
    await app.mail.idle();
    const toReporter = readStoredMails((app.mail.target as { folder: string }).folder).filter((m) => m.to === 'sam@example.test').map((m) => m.subject);
    assert.ok(toReporter.some((subject) => subject.endsWith('the item is shown again')), toReporter.join(' | '));
    assert.ok(toReporter.length >= 2, 'the notice\'s outcome, then the reversal');
  });
});

describe('appeals: a reporter’s appeal about a profile', () => {
  test('reversed: the name judged illegal gives way to a placeholder, with a statement for its owner', async (t) => {
    const { app, mod, other, bob } = await setup(t);
    const notice = await noticeRow(app, { target_type: 'profile_name', target_user_uuid: bob.user.uuid, kind: 'privacy', decided_by: mod.user.uuid });
    const appeal = resultOf<Appeal>(await appealCall(app, undefined, { notice_reference: notice.reference, reporter_email: 'rita@example.test', text: 'That is my full name and address' }), 201);
    const decided = resultOf<AppealItem>(await decideAppealCall(app, other.access_token, appeal.uuid, 'reverse'));
    assert.deepEqual([decided.state, decided.notice?.state], ['reversed', 'illegal']);
    const owner = await app.db.selectFrom('users').select(['name', 'username_pending', 'username_moderation_status']).where('uuid', '=', bob.user.uuid).executeTakeFirstOrThrow();
    assert.deepEqual(owner, { name: `Reader ${bob.user.uuid.slice(0, 6)}`, username_pending: bob.user.name, username_moderation_status: 'rejected' });
    const statement = await app.db.selectFrom('statements_of_reasons').selectAll().where('notice_uuid', '=', notice.uuid).executeTakeFirstOrThrow();
    assert.deepEqual([statement.user_uuid, statement.restriction, statement.ground, statement.content_uuid], [bob.user.uuid, 'profile_name', 'privacy', null]);
  });
});

describe('appeals: the demo', () => {
  test('demo mode seeds an open notice from a trusted flagger, a decided one with its statement, and an open appeal of it; once', async (t) => {
    const { app, dataDir } = await buildWithDemoContent(t);
    const login = async (email: string, password: string) =>
      resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password, section: SITE } })).access_token;
    const [moderator, admin] = [await login('moderator@vf.local', 'moderator-demo-1'), await login('admin@vf.local', 'admin-demo-1')];
    const notices = await app.db.selectFrom('legal_notices').selectAll().where('site_uuid', '=', SITE).orderBy('date_created').execute();
    assert.deepEqual(notices.map((n) => [n.kind, n.state, Number(n.trusted), n.statement_uuid !== null]).sort(), [['defamation', 'open', 1, false], ['threats', 'illegal', 0, true]]);
    const lena = await app.db.selectFrom('users').select(['uuid', 'trusted_flagger']).where('email', '=', DEMO_TRUSTED_FLAGGER.email).executeTakeFirstOrThrow();
    assert.equal(Number(lena.trusted_flagger), 1);

    const open = resultOf<{ items: AppealItem[] }>(await app.inject({ method: 'GET', url: '/api/v2/moderation/appeals', headers: bearer(admin), query: { section: SITE } }));
    assert.equal(open.items.length, 1);
    const [appeal] = open.items;
    assert.deepEqual([appeal!.appellant_role, appeal!.statement?.ground, appeal!.statement?.item.state, appeal!.first_decided_by?.name], ['author', 'threats', 'disabled', 'Demo Moderator']);
    // The moderator who removed it may not decide; the admin may.
    assert.equal((await decideAppealCall(app, moderator, appeal!.uuid, 'reverse')).statusCode, 403);

    const tables = ['legal_notices', 'statements_of_reasons', 'appeals', 'contents'] as const;
    const before = await Promise.all(tables.map((table) => countRows(app, table)));
    await seed(app, { demoContent: { dataDir } });
    assert.deepEqual(await Promise.all(tables.map((table) => countRows(app, table))), before, 'seeding again adds nothing');
  });
});
