/**
 * A reader's data rights (GDPR Art. 15, 17, 20; docs/law.md "A reader's data"): the data file
 * holds each kind of their data and nothing of another reader's; a deletion is confirmed with
 * the password, or a fresh login for an account without one; the 14-day clock; a login during
 * the grace period cancels it. Erasure itself: data-rights-erasure.test.ts. SQLite by default,
 * PostgreSQL with VF_TEST_STORE=postgres and DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult } from '../../core/api/types.ts';
import { DELETION_GRACE_MS, FRESH_LOGIN_MS } from '../../core/legal/types.ts';
import { sweepDeletions } from '../../server/accounts/deletionSweep.ts';
import { storeDigestItems } from '../../server/mail/digests.ts';
import { readStoredMails } from '../../server/mail/mailer.ts';
import { bearer, build, resultOf, SITE } from './helpers.ts';
import { everything, exportOf, reader, type Reader } from './data-rights-calls.ts';

const DAY = 24 * 60 * 60 * 1000;

const deletion = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', token: string | undefined, body: object = {}) =>
  app.inject({ method, url: '/api/v2/users/me/deletion', headers: bearer(token), ...(method === 'GET' ? { query: { section: SITE } } : { payload: { section: SITE, ...body } }) });

const login = async (app: FastifyInstance, who: Reader) =>
  resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: who.email, password: who.password, section: SITE } }));

const requestedAt = async (app: FastifyInstance, uuid: string) =>
  (await app.db.selectFrom('users').select(['deletion_requested_at', 'erased_at']).where('uuid', '=', uuid).executeTakeFirstOrThrow());

describe('Download my data', () => {
  test('the file holds each kind of the reader\'s data, and nothing of another reader', async (t) => {
    const app = await build(t);
    const ada = await reader(app, 'Ada Quillfeather', 'ada.quill@example.test');
    const bob = await reader(app, 'Bob Otherly', 'bob.otherly@example.test');
    const made = await everything(app, ada, bob, 'ada');
    await everything(app, bob, ada, 'bob'); // bob's own data, all of it, beside hers

    const { text, data, disposition } = await exportOf(app, ada.access_token);
    assert.match(disposition, /^attachment; filename="vf-data-\d{4}-\d{2}-\d{2}\.json"$/);
    assert.equal(data.format, 'vf-user-data');
    assert.deepEqual([data.profile.uuid, data.profile.name, data.profile.email, data.profile.has_password], [ada.user.uuid, 'Ada Quillfeather', 'ada.quill@example.test', true]);
    assert.equal(data.profile.delete_after, null);

    const byUuid = new Map<string, any>(data.contents.map((item: any) => [item.uuid, item]));
    assert.deepEqual(
      [made.comment, made.reply, made.liveblogReply, made.chatMessage].map((item) => [byUuid.get(item.content_uuid)?.type, byUuid.get(item.content_uuid)?.text]),
      [['comment', made.texts[0]], ['reply', made.texts[1]], ['reply_to_liveblog_post', made.texts[2]], ['chat_message', made.texts[3]]],
    );
    assert.deepEqual(byUuid.get(made.comment.content_uuid).page, { url: made.page.url, title: made.page.title }, 'the page, from the server\'s join');
    assert.equal(byUuid.get(made.comment.content_uuid).kind, 'conversation');
    const review = byUuid.get(made.review.content_uuid);
    assert.deepEqual([review.type, review.rating, review.title, review.text], ['review', 4, made.reviewTitle, made.texts[4]]);
    // Hers only: these five, and the comment Bob's replied to in his run.
    assert.equal(data.contents.length, 6);
    assert.ok(data.contents.every((item: any) => !item.text.startsWith('bob')));

    assert.deepEqual(data.reactions.map((r: any) => r.kind), ['like']);
    assert.equal(data.reports.length, 1);
    assert.match(data.reports[0].reason, /^ada report/);
    assert.deepEqual(data.poll_votes.map((v: any) => v.options), [[made.pollOption]]);
    assert.deepEqual(data.follows.users.map((f: any) => f.user_uuid), [bob.user.uuid]);
    assert.deepEqual(data.follows.topics.map((f: any) => f.topic_id), [made.topic]);
    assert.deepEqual(data.follows.pages.map((f: any) => [f.url, f.title]), [[made.page.url, made.page.title]]);
    assert.equal(data.mutes.length, 1);
    assert.equal(data.notifications.push_notifications_on, true);
    assert.deepEqual(data.notifications.push_subscriptions.map((s: any) => s.endpoint_host), ['push.example']);
    assert.ok(data.sessions.length >= 1 && data.sessions.every((s: any) => Object.keys(s).join() === 'date_created,date_expires,date_revoked'));
    assert.deepEqual(data.statements.map((s: any) => s.uuid), [made.statement]);
    assert.deepEqual(data.appeals.map((a: any) => a.uuid), [made.appeal]);
    assert.deepEqual(data.notices.map((n: any) => [n.uuid, n.reporter_email]), [[made.notice, 'ada.quill@example.test']]);
    assert.equal(data.bans.length, 1);

    // Never a secret, and nothing of Bob's but the uuid she follows.
    for (const secret of [ada.access_token, ada.refresh_token, 'endpoint-path', 'ada-public-key', 'ada-auth-secret', 'scrypt$']) assert.ok(!text.includes(secret), `the file holds ${secret}`);
    for (const his of ['Bob Otherly', 'bob.otherly@example.test', 'bob comment', 'bob reply', 'bob review', 'bob-public-key', 'bob statement']) assert.ok(!text.includes(his), `the file holds ${his}`);
  });

  test('the file holds what waits for the reader\'s next email digest, not what a digest took, and none of another reader\'s', async (t) => {
    const app = await build(t);
    const ada = await reader(app, 'Ada Digest', 'ada.digest@example.test');
    const bob = await reader(app, 'Bob Digest', 'bob.digest@example.test');
    const [waiting, sent, his] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const item = (user: string, item_uuid: string) => ({ site_uuid: SITE, user_uuid: user, category: 'reply' as const, reason: 'reply' as const, item_uuid, actor_uuid: bob.user.uuid });
    await storeDigestItems(app.db, [item(ada.user.uuid, waiting), item(ada.user.uuid, sent), item(bob.user.uuid, his)], 1_700_000_000_000);
    // A digest already took one of hers.
    await app.db.updateTable('mail_digest_items').set({ digested_at: 1_700_000_100_000, digest_key: 'digest:test' }).where('item_uuid', '=', sent).execute();

    const { text, data } = await exportOf(app, ada.access_token);
    assert.deepEqual(data.notifications.pending_digest_items, [{ category: 'reply', reason: 'reply', item_uuid: waiting, date_created: 1_700_000_000_000 }]);
    assert.ok(!text.includes(his) && !text.includes(sent));
    assert.deepEqual((await exportOf(app, bob.access_token)).data.notifications.pending_digest_items.map((row: any) => row.item_uuid), [his]);
  });

  test('only the signed-in reader, on their own site; the section is required', async (t) => {
    const app = await build(t);
    const ada = await reader(app, 'Ada', 'ada@example.test');
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/me/data', query: { section: SITE } })).statusCode, 401);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/me/data', headers: bearer(ada.access_token) })).statusCode, 400);
    const elsewhere = await app.inject({ method: 'GET', url: '/api/v2/users/me/data', query: { section: crypto.randomUUID() }, headers: bearer(ada.access_token) });
    assert.equal(elsewhere.statusCode, 403);
  });
});

describe('Delete my account', () => {
  test('a password account confirms with its password: none or a wrong one is 401 and asks nothing; the right one asks it and mails when and how to cancel', async (t) => {
    const app = await build(t, { VF_DEMO: '1' });
    const ada = await reader(app, 'Ada Lovelace', 'ada@example.test');
    assert.equal((await deletion(app, 'POST', undefined, { password: ada.password })).statusCode, 401);
    for (const body of [{}, { password: 'not her password' }]) {
      const refused = await deletion(app, 'POST', ada.access_token, body);
      assert.equal(refused.statusCode, 401, JSON.stringify(body));
      assert.equal(refused.json().field, 'password');
    }
    assert.equal((await requestedAt(app, ada.user.uuid)).deletion_requested_at, null);
    assert.deepEqual(resultOf(await deletion(app, 'GET', ada.access_token)), { delete_after: null });

    const before = Date.now();
    const { delete_after } = resultOf<{ delete_after: number }>(await deletion(app, 'POST', ada.access_token, { password: ada.password }));
    assert.ok(delete_after >= before + DELETION_GRACE_MS && delete_after <= Date.now() + DELETION_GRACE_MS);
    assert.deepEqual(resultOf(await deletion(app, 'GET', ada.access_token)), { delete_after });
    // Asked again: the first date holds, and no second mail.
    assert.deepEqual(resultOf(await deletion(app, 'POST', ada.access_token, { password: ada.password })), { delete_after });
    assert.equal((await exportOf(app, ada.access_token)).data.profile.delete_after, delete_after);

    await app.mail.idle();
    const target = app.mail.target;
    assert.ok(typeof target === 'object');
    const mails = readStoredMails(target.folder).filter((mail) => mail.to === 'ada@example.test');
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject, /^Your account on .+ will be deleted on \d{1,2} \w+ \d{4} at \d\d:\d\d UTC$/);
    assert.match(mails[0]!.text, /logging in cancels the deletion/);

    assert.deepEqual(resultOf(await deletion(app, 'DELETE', ada.access_token)), { delete_after: null });
    assert.equal((await requestedAt(app, ada.user.uuid)).deletion_requested_at, null);
  });

  test('an account without a password confirms with a login of the last ten minutes (403 fresh_login_required after)', async (t) => {
    const app = await build(t);
    const [row] = await app.db.insertInto('users').values({
      uuid: crypto.randomUUID(), site_uuid: SITE, email: 'social@example.test', name: 'Social Reader', password_hash: '!external',
      user_privilege: 'user', date_created: Date.now(), social_login_provider: 'google', social_login_id: 'g-123',
    }).returningAll().execute();
    const session = await app.auth.login(row!);
    await app.db.updateTable('sessions').set({ date_created: Date.now() - FRESH_LOGIN_MS - 1000 }).where('id', '=', session.session).execute();
    const stale = await deletion(app, 'POST', session.access_token, { password: 'anything' });
    assert.deepEqual([stale.statusCode, stale.json().api_code], [403, 'fresh_login_required']);
    assert.equal((await requestedAt(app, row!.uuid)).deletion_requested_at, null);

    const fresh = await app.auth.login(row!);
    assert.equal(resultOf<{ delete_after: number }>(await deletion(app, 'POST', fresh.access_token)).delete_after > Date.now(), true);
  });

  test('the 14-day clock: a day before the deadline the account stays; past it the sweep erases it', async (t) => {
    const app = await build(t);
    const ada = await reader(app, 'Ada', 'ada@example.test');
    resultOf(await deletion(app, 'POST', ada.access_token, { password: ada.password }));
    const now = Date.now();
    await app.db.updateTable('users').set({ deletion_requested_at: now - DELETION_GRACE_MS + DAY }).where('uuid', '=', ada.user.uuid).execute();
    assert.deepEqual(await sweepDeletions(app.db, now), []);
    assert.equal((await requestedAt(app, ada.user.uuid)).erased_at, null);

    await app.db.updateTable('users').set({ deletion_requested_at: now - DELETION_GRACE_MS - 1000 }).where('uuid', '=', ada.user.uuid).execute();
    const erased = await sweepDeletions(app.db, now);
    assert.deepEqual(erased.map((e) => e.user_uuid), [ada.user.uuid]);
    assert.deepEqual(await requestedAt(app, ada.user.uuid), { deletion_requested_at: null, erased_at: now });
    assert.deepEqual(await sweepDeletions(app.db, now), [], 'a second sweep finds nothing');
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(ada.access_token) })).statusCode, 401, 'her sessions are gone');
  });

  test('logging in during the grace period cancels the deletion, and the answer and a mail say so', async (t) => {
    const app = await build(t);
    const ada = await reader(app, 'Ada', 'ada@example.test');
    resultOf(await deletion(app, 'POST', ada.access_token, { password: ada.password }));
    const cancelled = await login(app, ada);
    assert.equal(cancelled.deletion_cancelled, true);
    assert.equal((await requestedAt(app, ada.user.uuid)).deletion_requested_at, null);
    assert.equal((await login(app, ada)).deletion_cancelled, undefined, 'said once');
    assert.deepEqual(await sweepDeletions(app.db, Date.now() + 2 * DELETION_GRACE_MS), [], 'nothing left to erase');
    assert.equal((await requestedAt(app, ada.user.uuid)).erased_at, null);
    await app.mail.idle();
    const target = app.mail.target;
    assert.ok(typeof target === 'object');
    const told = readStoredMails(target.folder).filter((mail) => mail.to === 'ada@example.test' && / will not be deleted$/.test(mail.subject));
    assert.equal(told.length, 1, 'one mail, for the login that cancelled it');
  });
});
