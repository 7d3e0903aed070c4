/**
 * A write's after-commit work (server/engine/followups.ts): a reply committed by a process that
 * was killed before it wrote the mail and the notification (what the database holds then: the
 * reply and its followup, nothing else) is mailed and notified by another process's sweep, once;
 * a write that finished leaves no followup, and a sweep of one left over (its delete lost) writes
 * nothing twice; two sweeps never both claim one followup, and one taken and not done counts as
 * left behind.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { contentEvent } from '../../server/engine/contentWrites.ts';
import { insertContent } from '../../server/engine/contentInserts.ts';
import { claimDueFollowups, followupsLeftBehind, GRACE_MS, recordFollowups } from '../../server/engine/followups.ts';
import type { ContentsTable } from '../../server/storage/schema.ts';
import { until } from '../support/until.ts';
import { postComment } from './helpers.ts';
import { mailWorld, outboxOf, pageConversation, reader } from './reader-mail-calls.ts';

const followupsOf = (app: FastifyInstance) => app.db.selectFrom('content_followups').selectAll().execute();
const notificationsAbout = (app: FastifyInstance, item: string) =>
  app.db.selectFrom('notifications').select(['user_uuid', 'type']).where('content_uuid', '=', item).execute();

/** Commits a reply and its followup, as the posting route does, and does none of the work after commit: a process killed there. */
async function replyCutOff(app: FastifyInstance, parentUuid: string, actor: string, content: string): Promise<ContentsTable> {
  const parent = await app.db.selectFrom('contents').selectAll().where('uuid', '=', parentUuid).executeTakeFirstOrThrow();
  const { row } = await insertContent(
    app.db,
    { type: 'comment', site_uuid: parent.site_uuid, container_uuid: parent.container_uuid, actor_uuid: actor, content, state: 'visible', parent },
    (item) => contentEvent('created', { ...item, actor_name: '' }, actor),
    undefined,
    { followUp: true },
  );
  return row;
}

describe('after-commit work cut off', () => {
  test('a reply whose process died after commit: the sweep mails its parent’s author and notifies them, once', async (t) => {
    const { app, sink } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const [alice, bob] = [await reader(app), await reader(app)];
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'My opinion');
    await until(async () => (await followupsOf(app)).length === 0, 5000, 'the root’s followup removed');
    const reply = await replyCutOff(app, root.content_uuid, bob.user.uuid, 'A reply nobody was told of');
    assert.deepEqual(await outboxOf(app), [], 'no mail written before the sweep');
    assert.deepEqual(await notificationsAbout(app, reply.uuid), []);

    assert.equal(await app.followups.sweep(Date.now()), 0, 'not taken while its own process may still do it');
    assert.equal(await app.followups.sweep(Date.now() + GRACE_MS + 1), 1);
    const mail = await sink.nth(1);
    assert.deepEqual(mail.to, [alice.user.email]);
    assert.ok(mail.text.includes('A reply nobody was told of'));
    assert.deepEqual(await notificationsAbout(app, reply.uuid), [{ user_uuid: alice.user.uuid, type: 'reply' }]);
    assert.deepEqual(await followupsOf(app), [], 'done: the followup is gone');

    assert.equal(await app.followups.sweep(Date.now() + 10 * GRACE_MS), 0, 'nothing left to sweep');
    assert.equal((await outboxOf(app)).length, 1);
  });

  test('a reply that finished leaves no followup; one left over (its delete lost) writes no mail or notification twice', async (t) => {
    const { app, sink } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const [alice, bob] = [await reader(app), await reader(app)];
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'My opinion');
    const reply = await postComment(app, bob.access_token, c.content_container_uuid, 'A reply', root.content_uuid);
    await sink.nth(1);
    await until(async () => (await followupsOf(app)).length === 0, 5000, 'the finished write’s followup removed');

    await app.db.transaction().execute((trx) => recordFollowups(trx, 'created', [reply.content_uuid], null));
    assert.equal(await app.followups.sweep(Date.now() + GRACE_MS + 1), 1);
    assert.equal((await outboxOf(app)).length, 1, 'the mail is written once (its dedupe key)');
    assert.equal((await notificationsAbout(app, reply.content_uuid)).length, 1, 'the notification is written once');
    await app.mailOutbox.flush();
    assert.equal(sink.mails.length, 1);
  });

  test('a followup is claimed by one sweep only', async (t) => {
    const { app } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const alice = await reader(app);
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'Mine');
    await until(async () => (await followupsOf(app)).length === 0, 5000, 'the root’s followup removed');
    await app.db.transaction().execute((trx) => recordFollowups(trx, 'created', [root.content_uuid], null));
    const due = Date.now() + GRACE_MS + 1;
    const [first, second] = await Promise.all([claimDueFollowups(app.db, due, 10), claimDueFollowups(app.db, due, 10)]);
    assert.equal(first.length + second.length, 1);
    assert.deepEqual(await claimDueFollowups(app.db, due, 10), [], 'a claimed one waits out its claim');
    assert.equal(await followupsLeftBehind(app.db, Date.now()), 1, 'taken and not done: left behind (vf_queue_depth)');
  });
});
