/**
 * Notices of illegal content (DSA Art. 16, docs/law.md "Notices of illegal content"): anyone sends
 * one and gets a receipt by mail; the contact may be left out for child sexual abuse material
 * only; input is checked and the sending limited per address; moderators list notices (trusted
 * flaggers' first) and decide them once: illegal removes the item with a statement of reasons
 * that its author is told of, and the reporter hears of the outcome.
 */
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { CSAM_KIND } from '../../core/legal/types.ts';
import type { ServerFrame } from '../../core/api/types.ts';
import type { ModerationEvent } from '../../core/moderation/types.ts';
import { addOtherSite, call, list, OTHER_SITE, seen } from './comment-calls.ts';
import { bearer, build, resultOf, signup, signupAs, SITE } from './helpers.ts';
import {
  decideNotice, decideNoticeCall, mailsTo, notice, noticeBody, noticeQueue, noticeQueueCall, notificationsOf, sendNotice, statementCall, statementRows, verifyEmail,
} from './legal-calls.ts';
import { counts, nextModeration, pageWithConversation, post } from './moderation-queue-calls.ts';
import { connect } from './realtime-client.ts';

/** A moderator, an author with a shown comment on a confirmed page, and that page. */
async function scene(t: TestContext) {
  const app = await build(t);
  const mod = await signupAs(app, 'mod');
  const author = await signup(app);
  const page = await pageWithConversation(app, mod.access_token, false, 'Notice page');
  const comment = await post(app, author.access_token, page, 'Some <b>hateful</b> words');
  return { app, mod, author, page, comment };
}

describe('legal: sending a notice', () => {
  test('a guest reports a comment: 201 with a reference, a receipt by mail, and the notice waits in the moderators’ queue with the item in place', async (t) => {
    const { app, mod, author, comment } = await scene(t);
    const sent = await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }));
    assert.match(sent.reference, /^N-[2-9A-HJKMNP-Z]{8}$/);

    const [receipt] = await mailsTo(app, 'rita@example.test');
    assert.ok(receipt, 'a receipt was mailed');
    assert.match(receipt.subject, new RegExp(sent.reference));
    assert.match(receipt.text, /Illegal hate speech or incitement/);
    assert.match(receipt.text, /Some hateful words/);
    assert.match(receipt.text, /What happens next/);

    const page = await noticeQueue(app, mod.access_token);
    assert.equal(page.items.length, 1);
    const item = page.items[0]!;
    assert.deepEqual([item.uuid, item.reference, item.state, item.trusted, item.kind, item.kind_label, item.reporter_email], [sent.uuid, sent.reference, 'open', false, 'hate_speech', 'Illegal hate speech or incitement', 'rita@example.test']);
    assert.deepEqual(item.item, {
      content_uuid: comment.content_uuid, kind: 'comment', excerpt: 'Some hateful words', state: 'visible',
      page_url: item.item.page_url, page_title: 'Notice page', author_uuid: author.user.uuid, author_name: author.user.name,
    });
    assert.match(item.item.page_url ?? '', /^http:\/\/127\.0\.0\.1\//);
    assert.equal((await counts(app, mod.access_token) as unknown as { notices: number }).notices, 1);
  });

  test('child sexual abuse material may be reported without a name or email; any other kind needs both', async (t) => {
    const { app, comment } = await scene(t);
    const target = { type: 'content' as const, uuid: comment.content_uuid };
    const anonymous = { reporter_name: undefined, reporter_email: undefined };
    await notice(app, noticeBody(target, { ...anonymous, kind: CSAM_KIND }));
    assert.equal((await mailsTo(app)).length, 0, 'no one to send a receipt to');
    const noName = await sendNotice(app, noticeBody(target, { reporter_name: undefined }));
    assert.deepEqual([noName.statusCode, noName.json().field], [400, 'reporter_name']);
    const noEmail = await sendNotice(app, noticeBody(target, { reporter_email: undefined }));
    assert.deepEqual([noEmail.statusCode, noEmail.json().field], [400, 'reporter_email']);
  });

  test('a signed-in reader’s own name and email stand in for those not given, and a trusted flagger’s notice says so', async (t) => {
    const { app, mod, comment } = await scene(t);
    const reader = await signup(app);
    await app.db.updateTable('users').set({ trusted_flagger: 1 }).where('uuid', '=', reader.user.uuid).execute();
    await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }, { reporter_name: undefined, reporter_email: undefined }), reader.access_token);
    const [item] = (await noticeQueue(app, mod.access_token)).items;
    assert.deepEqual([item?.reporter_name, item?.reporter_email, item?.trusted], [reader.user.name, reader.user.email, true]);
    assert.equal((await mailsTo(app, reader.user.email!)).length, 1, 'the receipt went to the account’s email');
  });

  test('bad input is refused with 400 naming the field, an item or reader not on the site with 404, and nothing is stored', async (t) => {
    const { app, author, page, comment } = await scene(t);
    const target = { type: 'content' as const, uuid: comment.content_uuid };
    const refused = async (body: Record<string, unknown>, status: number, field?: string) => {
      const response = await sendNotice(app, body);
      assert.equal(response.statusCode, status, JSON.stringify(body));
      if (field) assert.equal(response.json().field, field, JSON.stringify(body));
    };
    await refused(noticeBody(target, { kind: 'jaywalking' }), 400, 'kind');
    await refused(noticeBody(target, { good_faith: false }), 400, 'good_faith');
    await refused(noticeBody(target, { explanation: '   ' }), 400, 'explanation');
    await refused(noticeBody(target, { reporter_email: 'not an email' }), 400, 'reporter_email');
    await refused(noticeBody({ type: 'content', user_uuid: author.user.uuid } as never), 400, 'target');
    await refused(noticeBody({ type: 'content', uuid: '00000000-0000-4000-8000-000000000001' }), 404);
    await refused(noticeBody({ type: 'profile_picture', user_uuid: author.user.uuid }), 404); // no picture to report

    // Another site's item is not this site's to judge.
    await addOtherSite(app);
    await refused(noticeBody(target, { section: OTHER_SITE }), 404);
    // A deleted item is gone.
    assert.equal((await call(app, 'DELETE', page, `comments/${comment.content_uuid}`, author.access_token)).statusCode, 200);
    await refused(noticeBody(target), 404);
    assert.equal(Number((await app.db.selectFrom('legal_notices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n), 0);
    // A reader's name can be reported.
    await notice(app, noticeBody({ type: 'profile_name', user_uuid: author.user.uuid }));
  });

  test('five notices per address in ten minutes, then 429 with Retry-After; another address is counted apart, and refused input is not counted', async (t) => {
    const { app, comment } = await scene(t);
    const body = noticeBody({ type: 'content', uuid: comment.content_uuid });
    assert.equal((await sendNotice(app, { ...body, kind: 'jaywalking' })).statusCode, 400);
    for (let i = 0; i < 5; i++) assert.equal((await sendNotice(app, body)).statusCode, 201);
    const limited = await sendNotice(app, body);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.equal((await sendNotice(app, body, undefined, '198.51.100.7')).statusCode, 201);
  });

  test('every open queue hears of a new notice live', async (t) => {
    const { app, mod, comment } = await scene(t);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
    client.send({ type: 'subscribe', subscription_id: 'queue', filter: { one_of: [{ key: 'moderation_section_uuid', values: [SITE] }] }, access_token: mod.access_token });
    assert.equal(((await client.next()) as ServerFrame).type, 'subscribe_success');
    const sent = await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }));
    const heard = (await nextModeration(client, 'notice')) as Extract<ModerationEvent, { event: 'notice' }>;
    assert.deepEqual([heard.notice_uuid, heard.notice.reference, heard.notice.state], [sent.uuid, sent.reference, 'open']);
    const counted = await nextModeration(client, 'counts');
    assert.equal(counted.event === 'counts' && (counted.counts as unknown as { notices: number }).notices, 1);
  });
});

describe('legal: the notices queue', () => {
  test('only the site’s moderators list and decide notices', async (t) => {
    const { app, comment } = await scene(t);
    const sent = await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }));
    const reader = await signup(app);
    assert.equal((await noticeQueueCall(app, undefined)).statusCode, 401);
    assert.equal((await noticeQueueCall(app, reader.access_token)).statusCode, 403);
    assert.equal((await decideNoticeCall(app, undefined, sent.uuid, { decision: 'not_illegal' })).statusCode, 401);
    assert.equal((await decideNoticeCall(app, reader.access_token, sent.uuid, { decision: 'illegal', ground: 'hate_speech' })).statusCode, 403);
    const row = await app.db.selectFrom('legal_notices').select('state').where('uuid', '=', sent.uuid).executeTakeFirstOrThrow();
    assert.equal(row.state, 'open');
  });

  test('trusted flaggers’ notices come first, then the oldest; the cursor pages through them', async (t) => {
    const { app, mod, comment } = await scene(t);
    const target = { type: 'content' as const, uuid: comment.content_uuid };
    const first = await notice(app, noticeBody(target));
    const second = await notice(app, noticeBody(target, { kind: 'defamation' }));
    const flagger = await signup(app);
    await app.db.updateTable('users').set({ trusted_flagger: 1 }).where('uuid', '=', flagger.user.uuid).execute();
    const trusted = await notice(app, noticeBody(target), flagger.access_token);
    const all = await noticeQueue(app, mod.access_token);
    assert.deepEqual(all.items.map((item) => item.uuid), [trusted.uuid, first.uuid, second.uuid]);
    assert.equal(all.next_cursor, null);
    // The other notices on the same item are its history.
    assert.deepEqual(all.items[0]!.history.map((h) => h.what), ['notice:open:hate_speech', 'notice:open:defamation']);

    const seenUuids: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await noticeQueue(app, mod.access_token, { limit: '1', ...(cursor ? { cursor } : {}) });
      seenUuids.push(...page.items.map((item) => item.uuid));
      cursor = page.next_cursor;
    } while (cursor);
    assert.deepEqual(seenUuids, [trusted.uuid, first.uuid, second.uuid]);
  });
});

describe('legal: deciding a notice', () => {
  test('illegal: the item is removed from its page, a statement of reasons cites the law, the author is told in the tray and by mail, the reporter by mail and notification; a second decision is 409', async (t) => {
    const { app, mod, author, page, comment } = await scene(t);
    await verifyEmail(app, author.user.uuid);
    const reporter = await signup(app);
    const sent = await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }, { reporter_email: 'reporter@example.test' }), reporter.access_token);
    const decided = await decideNotice(app, mod.access_token, sent.uuid, { decision: 'illegal', ground: 'hate_speech', explanation: 'Incites hatred.' });
    assert.deepEqual([decided.notice.state, decided.notice.decided_by, decided.notice.item.state], ['illegal', { uuid: mod.user.uuid, name: mod.user.name }, 'disabled']);
    assert.ok(decided.statement_uuid);

    // Gone from the page, and the page's count moved.
    assert.equal(await seen(app, page, comment.content_uuid), null);
    assert.equal((await list(app, page)).contents.length, 0);
    assert.equal(Number((await app.db.selectFrom('containers').select('total_visible_content').where('uuid', '=', page.content_container_uuid).executeTakeFirstOrThrow()).total_visible_content), 0);

    const [statement] = await statementRows(app, author.user.uuid);
    assert.deepEqual(
      [statement?.uuid, statement?.restriction, statement?.ground_type, statement?.ground, statement?.ground_label, statement?.explanation, statement?.automated, statement?.notice_uuid],
      [decided.statement_uuid, 'removal', 'illegal', 'hate_speech', 'Illegal hate speech or incitement', 'Incites hatred.', 0, sent.uuid],
    );
    const [told] = await notificationsOf(app, author.user.uuid, 'moderation_decision');
    assert.equal(told?.target_uuid, decided.statement_uuid);
    const [authorMail] = await mailsTo(app, author.user.email!);
    assert.match(authorMail?.text ?? '', /Illegal hate speech or incitement/);
    assert.match(authorMail?.text ?? '', /Incites hatred\./);
    assert.match(authorMail?.text ?? '', /You can appeal until/);
    assert.doesNotMatch(authorMail?.text ?? '', /reporter@example\.test|Rita/);

    const [outcome] = (await mailsTo(app, 'reporter@example.test')).filter((mail) => /Decision on your notice/.test(mail.subject));
    assert.match(outcome?.text ?? '', /illegal \(Illegal hate speech or incitement\) and removed it/);
    assert.equal((await notificationsOf(app, reporter.user.uuid, 'notice_decided'))[0]?.target_uuid, sent.uuid);

    const other = await signupAs(app, 'mod');
    const again = await decideNoticeCall(app, other.access_token, sent.uuid, { decision: 'not_illegal' });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().decided_by, mod.user.name);
    assert.deepEqual((await noticeQueue(app, mod.access_token)).items, []);
    assert.deepEqual((await noticeQueue(app, mod.access_token, { state: 'decided' })).items.map((item) => item.uuid), [sent.uuid]);
  });

  test('two moderators deciding at once: one decides, the other gets 409 naming them, and one statement is written', async (t) => {
    const { app, mod, author, comment } = await scene(t);
    const other = await signupAs(app, 'mod');
    const sent = await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }));
    const answers = await Promise.all([
      decideNoticeCall(app, mod.access_token, sent.uuid, { decision: 'illegal', ground: 'hate_speech' }),
      decideNoticeCall(app, other.access_token, sent.uuid, { decision: 'illegal', ground: 'threats' }),
    ]);
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().result.notice.decided_by.name;
    assert.equal(answers.find((a) => a.statusCode === 409)!.json().decided_by, winner);
    assert.equal((await statementRows(app, author.user.uuid)).length, 1);
  });

  test('not illegal: the item stays and the reporter may appeal with the reference; with a rule of the terms it is rejected under that rule instead', async (t) => {
    const { app, mod, author, page, comment } = await scene(t);
    const sent = await notice(app, noticeBody({ type: 'content', uuid: comment.content_uuid }));
    const kept = await decideNotice(app, mod.access_token, sent.uuid, { decision: 'not_illegal' });
    assert.deepEqual([kept.notice.state, kept.statement_uuid, kept.notice.item.state], ['not_illegal', null, 'visible']);
    assert.ok(await seen(app, page, comment.content_uuid));
    const [outcome] = (await mailsTo(app, 'rita@example.test')).filter((mail) => /Decision on your notice/.test(mail.subject));
    assert.match(outcome?.text ?? '', /not illegal: it stays/);
    assert.match(outcome?.text ?? '', new RegExp(`appeal until .*${sent.reference}`));

    const second = await post(app, author.access_token, page, 'Buy cheap pills');
    const again = await notice(app, noticeBody({ type: 'content', uuid: second.content_uuid }, { kind: 'fraud' }));
    const badRule = await decideNoticeCall(app, mod.access_token, again.uuid, { decision: 'not_illegal', terms_rule: 'no_such_rule' });
    assert.deepEqual([badRule.statusCode, badRule.json().field], [400, 'terms_rule']);
    const groundless = await decideNoticeCall(app, mod.access_token, again.uuid, { decision: 'illegal' });
    assert.deepEqual([groundless.statusCode, groundless.json().field], [400, 'ground']);
    const rejected = await decideNotice(app, mod.access_token, again.uuid, { decision: 'not_illegal', terms_rule: 'spam' });
    assert.equal(rejected.notice.item.state, 'disabled');
    const statement = resultOf<{ restriction: string; ground_type: string; ground: string }>(await statementCall(app, author.access_token, rejected.statement_uuid!));
    assert.deepEqual([statement.restriction, statement.ground_type, statement.ground], ['rejection', 'terms', 'spam']);
  });

  test('illegal on a profile name: the name is taken away (a placeholder shows) with a statement about the profile', async (t) => {
    const { app, mod, author } = await scene(t);
    const sent = await notice(app, noticeBody({ type: 'profile_name', user_uuid: author.user.uuid }, { kind: 'defamation' }));
    const decided = await decideNotice(app, mod.access_token, sent.uuid, { decision: 'illegal', ground: 'defamation' });
    const user = await app.db.selectFrom('users').select(['name', 'username_moderation_status']).where('uuid', '=', author.user.uuid).executeTakeFirstOrThrow();
    assert.notEqual(user.name, author.user.name);
    assert.equal(user.username_moderation_status, 'rejected');
    const statement = resultOf<{ restriction: string; item: { kind: string; excerpt: string } }>(await statementCall(app, author.access_token, decided.statement_uuid!));
    assert.deepEqual([statement.restriction, statement.item.kind, statement.item.excerpt], ['profile_name', 'profile', author.user.name]);
    assert.equal(decided.notice.item.excerpt, author.user.name, 'the notice still shows the name reported');
    // The author's session still works (a name change is no logout).
    resultOf(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(author.access_token) }));
  });

  test('illegal on a profile picture: the picture goes, with a statement about it', async (t) => {
    const { app, mod, author } = await scene(t);
    await app.db.updateTable('users').set({ pic_small: '/avatars/0123456789abcdef0123456789abcdef.png', pic_large: '/avatars/0123456789abcdef0123456789abcdef.png' }).where('uuid', '=', author.user.uuid).execute();
    const sent = await notice(app, noticeBody({ type: 'profile_picture', user_uuid: author.user.uuid }, { kind: 'non_consensual_imagery' }));
    const decided = await decideNotice(app, mod.access_token, sent.uuid, { decision: 'illegal', ground: 'non_consensual_imagery' });
    const user = await app.db.selectFrom('users').select(['pic_small', 'pic_large', 'avatar_moderation_status']).where('uuid', '=', author.user.uuid).executeTakeFirstOrThrow();
    assert.deepEqual(user, { pic_small: null, pic_large: null, avatar_moderation_status: 'rejected' });
    const [row] = await statementRows(app, author.user.uuid);
    assert.deepEqual([row?.uuid, row?.restriction, row?.ground_type], [decided.statement_uuid, 'profile_picture', 'illegal']);
  });
});

