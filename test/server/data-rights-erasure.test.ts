/**
 * Erasure (GDPR Art. 17; docs/law.md "A reader's data"): once the sweep erases an account, no
 * text column of any table holds the reader's name or email; sessions, follows, push and
 * notifications are gone; the legal records keep the uuid only; their content is kept under
 * "Deleted reader" or removed (its counts moving, its page told live), as the site sets; other
 * readers keep everything of theirs. SQLite by default, PostgreSQL with VF_TEST_STORE=postgres.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { CommentPage } from '../../core/api/types.ts';
import { DELETION_GRACE_MS, ERASED_READER_NAME } from '../../core/legal/types.ts';
import { afterErasure, sweepDeletions } from '../../server/accounts/deletionSweep.ts';
import { updateLegalSettings } from '../../server/legal/settings.ts';
import { bearer, build, resultOf, SITE } from './helpers.ts';
import { liveClient } from './comment-calls.ts';
import { everything, exportOf, findInDatabase, reader, type Reader } from './data-rights-calls.ts';

const NAME = 'Zephyrine Quillfeather';
const EMAIL = 'zephyrine.q@example.test';
const WHO_SHE_IS = ['Zephyrine', 'Quillfeather', EMAIL, 'Zeph Pending'];

async function appWithFolder(t: TestContext): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-rights-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  return { app: await build(t, { VF_DATA_DIR: dataDir }), dataDir };
}

/** Asks her deletion with her password, moves the request past the grace period, sweeps, and does what the server does after. */
async function eraseThroughTheSweep(app: FastifyInstance, dataDir: string, who: Reader) {
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/users/me/deletion', headers: bearer(who.access_token), payload: { section: SITE, password: who.password } }));
  await app.db.updateTable('users').set({ deletion_requested_at: Date.now() - DELETION_GRACE_MS - 1000 }).where('uuid', '=', who.user.uuid).execute();
  const erasures = await sweepDeletions(app.db);
  assert.deepEqual(erasures.map((erasure) => erasure.user_uuid), [who.user.uuid]);
  for (const erasure of erasures) await afterErasure(app, erasure, dataDir);
  return erasures[0]!;
}

const commentsOf = async (app: FastifyInstance, container: string) =>
  resultOf<CommentPage>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${container}/comments` }));

test('erasure leaves her name and email in no text column of any table; her content stays under "Deleted reader"; other readers keep theirs', async (t) => {
  const { app, dataDir } = await appWithFolder(t);
  const her = await reader(app, NAME, EMAIL);
  const bob = await reader(app, 'Bob Otherly', 'bob.otherly@example.test');
  const made = await everything(app, her, bob, 'her');
  await everything(app, bob, her, 'bob');
  resultOf(await app.inject({ method: 'PUT', url: `/api/v2/follows/${her.user.uuid}`, headers: bearer(bob.access_token), payload: {} }));
  // A picture on disk and a name waiting for a moderator: both hers, both to go.
  mkdirSync(join(dataDir, 'avatars'), { recursive: true });
  const picture = join(dataDir, 'avatars', `${'a'.repeat(32)}.png`);
  writeFileSync(picture, 'png');
  await app.db.updateTable('users').set({ pic_small: `/avatars/${'a'.repeat(32)}.png`, username_pending: 'Zeph Pending', username_moderation_status: 'pending' }).where('uuid', '=', her.user.uuid).execute();
  const bobBefore = await exportOf(app, bob.access_token);
  assert.ok((await findInDatabase(app, WHO_SHE_IS)).length >= 5, 'the scan finds her before the erasure');

  const erasure = await eraseThroughTheSweep(app, dataDir, her);
  assert.equal(erasure.erased_content, 'anonymise');
  assert.deepEqual(await findInDatabase(app, WHO_SHE_IS), []);
  assert.equal(existsSync(picture), false, 'her picture file is deleted');

  // The account: a pseudonym that cannot sign in; her sessions, follows, push and notifications gone.
  const row = await app.db.selectFrom('users').selectAll().where('uuid', '=', her.user.uuid).executeTakeFirstOrThrow();
  assert.deepEqual([row.name, row.email.includes('@'), row.password_hash, row.pic_small, row.erased_at !== null], [ERASED_READER_NAME, false, '', null, true]);
  for (const [table, column] of [['sessions', 'user_uuid'], ['push_subscriptions', 'user_uuid'], ['topic_follows', 'user_uuid'], ['page_follows', 'user_uuid'], ['mutes', 'muter_uuid'], ['follows', 'follower_uuid'], ['follows', 'followee_uuid'], ['notifications', 'user_uuid']] as const) {
    const left = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', her.user.uuid).executeTakeFirstOrThrow();
    assert.equal(Number(left.n), 0, `${table}.${column}`);
  }
  assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(her.access_token) })).statusCode, 401);
  assert.equal((await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: EMAIL, password: her.password, section: SITE } })).statusCode, 401);

  // The legal records keep her uuid only.
  const statement = await app.db.selectFrom('statements_of_reasons').select(['user_uuid', 'facts']).where('uuid', '=', made.statement).executeTakeFirstOrThrow();
  assert.deepEqual(statement, { user_uuid: her.user.uuid, facts: `A comment by ${ERASED_READER_NAME} (${ERASED_READER_NAME}) was rejected.` });
  const notice = await app.db.selectFrom('legal_notices').select(['reporter_name', 'reporter_email', 'reporter_user_uuid']).where('uuid', '=', made.notice).executeTakeFirstOrThrow();
  assert.deepEqual(notice, { reporter_name: null, reporter_email: null, reporter_user_uuid: her.user.uuid });
  assert.equal((await app.db.selectFrom('appeals').select('appellant_uuid').where('uuid', '=', made.appeal).executeTakeFirstOrThrow()).appellant_uuid, her.user.uuid);

  // Her comment stays, under the erased name, with no picture.
  const page = await commentsOf(app, made.page.container.content_container_uuid);
  const hers = page.contents.find((comment) => comment.content_uuid === made.comment.content_uuid);
  assert.deepEqual([hers?.content, hers?.actor.name, hers?.actor.pic_small], [made.texts[0], ERASED_READER_NAME, null]);

  // Bob keeps all of his, less his follow of her.
  const bobAfter = await exportOf(app, bob.access_token);
  assert.deepEqual(bobAfter.data.profile, bobBefore.data.profile);
  assert.deepEqual(bobAfter.data.contents, bobBefore.data.contents);
  assert.deepEqual(bobAfter.data.follows.users.map((f: { user_uuid: string }) => f.user_uuid), []);
  assert.deepEqual([bobAfter.data.reactions, bobAfter.data.poll_votes, bobAfter.data.statements, bobAfter.data.notices], [bobBefore.data.reactions, bobBefore.data.poll_votes, bobBefore.data.statements, bobBefore.data.notices]);
  // Her email is free again.
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'New Reader', email: EMAIL, password: 'a new password', section: SITE } }));
});

test('with erased_content "remove": her items are deleted and emptied everywhere, their counts move, and the open page hears it', async (t) => {
  const { app, dataDir } = await appWithFolder(t);
  await updateLegalSettings(app.db, SITE, { erased_content: 'remove' });
  const her = await reader(app, NAME, EMAIL);
  const bob = await reader(app, 'Bob Otherly', 'bob.otherly@example.test');
  const made = await everything(app, her, bob, 'her');
  const container = made.page.container.content_container_uuid;
  const countsOf = async () => {
    const c = await app.db.selectFrom('containers').select('total_visible_content').where('uuid', '=', container).executeTakeFirstOrThrow();
    const stars = await app.db.selectFrom('review_counts').select('total').where('rating', '=', 4).executeTakeFirst();
    const bobs = await app.db.selectFrom('contents').select('total_replies').where('uuid', '=', made.reply.parent_uuid!).executeTakeFirstOrThrow();
    return { visible: Number(c.total_visible_content), fourStars: Number(stars?.total ?? 0), bobsReplies: Number(bobs.total_replies) };
  };
  assert.deepEqual(await countsOf(), { visible: 3, fourStars: 1, bobsReplies: 1 });
  const live = await liveClient(t, app, made.page.container);

  const erasure = await eraseThroughTheSweep(app, dataDir, her);
  assert.equal(erasure.removed, 5);
  const heard = [await live.nextEvent(), await live.nextEvent()];
  assert.deepEqual(heard.map((e) => [e.event, e.content_uuid]).sort(), [['deleted', made.comment.content_uuid], ['deleted', made.reply.content_uuid]].sort());
  assert.deepEqual(await countsOf(), { visible: 1, fourStars: 0, bobsReplies: 0 });
  const rows = await app.db.selectFrom('contents').select(['state', 'content']).where('actor_uuid', '=', her.user.uuid).execute();
  assert.ok(rows.length === 5 && rows.every((r) => r.state === 'deleted' && r.content === ''));
  // Not in the event log's copies, nor anywhere else: her words, her review's title, her name and email.
  assert.deepEqual(await findInDatabase(app, [...made.texts, made.reviewTitle, ...WHO_SHE_IS]), []);
  const page = await commentsOf(app, container);
  assert.deepEqual(page.contents.map((c) => c.content), [made.theirs.content]);
});

test('two sweeps at once (two server processes) erase an account once', async (t) => {
  const { app } = await appWithFolder(t);
  const her = await reader(app, NAME, EMAIL);
  await app.db.updateTable('users').set({ deletion_requested_at: Date.now() - DELETION_GRACE_MS - 1000 }).where('uuid', '=', her.user.uuid).execute();
  const [one, two] = await Promise.all([sweepDeletions(app.db), sweepDeletions(app.db)]);
  assert.equal(one.length + two.length, 1);
});
