/**
 * Importing comments (docs/import.md): a Disqus export and a WordPress WXR file into the demo site,
 * read back through the comments API as readers see them; a second run adds and changes nothing;
 * authors become unclaimed accounts a reader can claim, an existing account is never taken over;
 * a malformed file stops with its line and column, and the fixed file's run completes the import.
 * SQLite by default; PostgreSQL with VF_TEST_STORE=postgres and DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { createReadStream, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult, Comment, CommentPage } from '../../core/api/types.ts';
import { importComments, type ImportStats } from '../../server/import/importer.ts';
import type { SourceFormat } from '../../server/import/sources.ts';
import { ImportFormatError } from '../../server/import/xml.ts';
import { issueAccountToken } from '../../server/accounts/accountTokens.ts';
import { bearer, build, container, countRows, resultOf, SITE, signupAs } from './helpers.ts';

const FIXTURES = new URL('../fixtures/import/', import.meta.url);
const fixture = (name: string) => new URL(name, FIXTURES);
const run = (app: FastifyInstance, format: SourceFormat, name: string): Promise<ImportStats> =>
  importComments(app.db, SITE, format, { input: createReadStream(fixture(name)) }, { batchSize: 3 });

/** The comments of a conversation as `token`'s reader (a guest without) sees them, each with its replies. */
async function thread(app: FastifyInstance, containerId: string, token?: string): Promise<{ total: number; comments: Comment[] }> {
  const c = await container(app, containerId);
  const page = resultOf<CommentPage>(
    await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c.content_container_uuid}/comments`, query: { sorted_by: 'oldest', reply_limit: '10' }, headers: bearer(token) }),
  );
  return { total: c.total_visible_content, comments: page.contents };
}

const snapshot = async (app: FastifyInstance) => ({
  contents: await app.db.selectFrom('contents').selectAll().orderBy('uuid').execute(),
  users: await app.db.selectFrom('users').selectAll().orderBy('uuid').execute(),
  containers: await app.db.selectFrom('containers').selectAll().orderBy('uuid').execute(),
});

describe('Disqus', () => {
  test('threads become conversations; replies find their parents in any order; states, dates, guests and bodies', async (t) => {
    const app = await build(t);
    const stats = await run(app, 'disqus', 'disqus.xml');
    assert.deepEqual({ ...stats }, { threads: 2, comments: 9, already: 0, orphans: 1, skipped: 0, shortened: 0, emptied: 0, accounts: 5, guests: 1 });

    const river = await thread(app, 'https://news.example/2024/river-trees');
    // Visible: the thread starter, its reply, the reply's reply, the guest's comment, the orphan (spam is not counted).
    assert.equal(river.total, 5);
    const [starter, guest, orphan] = river.comments;
    assert.equal(river.comments.length, 3, 'the spam comment is not shown to readers');
    assert.equal(starter!.content, 'Who waters ten thousand saplings in a dry August?\n\nNine in ten surviving sounds too good to be true.');
    assert.equal(starter!.date_created, Date.parse('2024-03-01T09:00:00Z'));
    assert.equal(starter!.actor.name, 'Jonas Weber');
    const [reply, replyToReply] = starter!.replies ?? [];
    assert.equal(reply!.parent_uuid, starter!.content_uuid);
    assert.equal(reply!.content, 'Volunteers, with water from the river pumps. Sign up at the volunteer page (https://news.example/volunteer).');
    assert.equal(replyToReply!.parent_uuid, reply!.content_uuid, 'listed before both of them in the file');
    assert.equal(replyToReply!.thread_uuid, starter!.content_uuid);
    assert.equal(replyToReply!.content, 'Thanks — count me in!');
    assert.equal(replyToReply!.actor_uuid, starter!.actor_uuid, 'the same address (any case) is one account');
    assert.equal(guest!.content, 'Ünïcödé ✓ — 日本語のコメント 🌳');
    assert.equal(guest!.is_anonymous, true);
    assert.equal(guest!.actor.name, 'Wandering Guest');
    assert.equal(orphan!.content, 'A reply whose parent is not in the export.');
    assert.equal(orphan!.parent_uuid, null);

    const closed = await container(app, 'https://news.example/2024/closed-story');
    assert.equal(closed.settings.is_closed, true);
    const story = await thread(app, 'https://news.example/2024/closed-story');
    // The deleted comment stays as a placeholder for its reply; the held one is not shown.
    assert.equal(story.comments.length, 1);
    assert.equal(story.comments[0]!.state, 'deleted');
    assert.equal(story.comments[0]!.replies?.[0]?.content, 'Still here: a reply to a deleted comment & it stays.');

    const moderator = await signupAs(app, 'mod');
    const all = await thread(app, 'https://news.example/2024/closed-story', moderator.access_token);
    const held = all.comments.find((c) => c.state === 'awaiting_moderation')!;
    // Text, as a posted comment is stored: the script element's content is gone, the escaped markup is text.
    assert.equal(held.content, 'Waiting for a moderator <img src=x onerror=alert(1)>');
    const spam = (await thread(app, 'https://news.example/2024/river-trees', moderator.access_token)).comments.find((c) => c.state === 'spam');
    assert.equal(spam?.content, 'Cheap watches here');
  });

  test('two runs of one file at once write each comment once', async (t) => {
    const app = await build(t);
    const before = await countRows(app, 'contents');
    const [a, b] = await Promise.all([run(app, 'disqus', 'disqus.xml'), run(app, 'disqus', 'disqus.xml')]);
    assert.equal(a.comments + b.comments, 9);
    assert.equal(await countRows(app, 'contents'), before + 9);
    assert.deepEqual((await run(app, 'disqus', 'disqus.xml')).comments, 0);
  });

  test('a second run adds nothing and changes nothing', async (t) => {
    const app = await build(t);
    await run(app, 'disqus', 'disqus.xml');
    const before = await snapshot(app);
    const again = await run(app, 'disqus', 'disqus.xml');
    assert.deepEqual([again.comments, again.already, again.accounts, again.orphans], [0, 9, 0, 0]);
    assert.deepEqual(await snapshot(app), before);
  });

  test('with --container-id identifier, a thread with an identifier is keyed by it', async (t) => {
    const app = await build(t);
    await importComments(app.db, SITE, 'disqus', { input: createReadStream(fixture('disqus.xml')), containerKey: 'identifier' });
    assert.equal((await thread(app, 'river-trees')).total, 5);
    assert.equal((await container(app, 'https://news.example/2024/closed-story')).settings.is_closed, true, 'no identifier: its link');
  });
});

describe('WordPress WXR', () => {
  test('items with comments become conversations; approved, held, spam and trashed comments; pingbacks skipped', async (t) => {
    const app = await build(t);
    const stats = await run(app, 'wxr', 'wordpress.xml');
    assert.deepEqual([stats.threads, stats.comments, stats.skipped, stats.guests], [2, 5, 1, 1]);
    const hello = await thread(app, 'https://blog.example/hello-world/');
    assert.equal(hello.total, 2);
    assert.equal(hello.comments.length, 1);
    const [first] = hello.comments;
    assert.equal(first!.content, 'First! Ça marche très bien.');
    assert.equal(first!.date_created, Date.parse('2019-03-06T08:00:00Z'));
    const reply = first!.replies![0]!;
    assert.equal(reply.content, 'I agree with Tomás.\n\nSecond paragraph, with emphasis & an entity.');
    assert.equal(reply.date_created, Date.parse('2019-03-06T09:00:00Z'), 'comment_date_gmt');
    const states = await app.db.selectFrom('contents').select(['content', 'state', 'date_created']).orderBy('date_created').execute();
    assert.deepEqual(states.map((s) => s.state), ['visible', 'visible', 'awaiting_moderation', 'spam', 'deleted']);
    assert.equal(Number(states[4]!.date_created), Date.parse('2019-04-01T12:00:00Z'), 'no GMT date: comment_date');
    assert.equal((await container(app, 'https://blog.example/closed/')).settings.is_closed, true);
    assert.equal(await countRows(app, 'containers'), 2, 'an item without comments makes no conversation');
  });
});

describe('authors', () => {
  test('an address becomes an unclaimed account no password opens; its reader claims it with a password reset', async (t) => {
    const app = await build(t);
    await run(app, 'disqus', 'disqus.xml');
    const maya = await app.db.selectFrom('users').selectAll().where('email', '=', 'maya@readers.example').executeTakeFirstOrThrow();
    assert.equal(maya.name, 'Maya Okafor');
    assert.equal(maya.user_privilege, 'user');
    const login = (password: string) => app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'maya@readers.example', password, section: SITE } });
    assert.equal((await login('!imported')).statusCode, 401);
    // The reset mail's token (docs/import.md "Claiming"), redeemed through the API.
    const token = await issueAccountToken(app.db, maya.uuid, 'reset');
    const claimed = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/account/password/reset', payload: { token, password: 'maya has a password now' } }));
    assert.equal(claimed.user.uuid, maya.uuid);
    assert.equal((await login('maya has a password now')).statusCode, 200);
  });

  test('an address that already has an account: the account is left as it is and does not get the comments', async (t) => {
    const app = await build(t);
    const payload = { name: 'Someone Else', email: 'maya@readers.example', password: 'an existing password', section: SITE };
    const existing = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users', payload }));
    await run(app, 'disqus', 'disqus.xml');
    const after = await app.db.selectFrom('users').selectAll().where('uuid', '=', existing.user.uuid).executeTakeFirstOrThrow();
    assert.equal(after.name, 'Someone Else');
    assert.match(after.password_hash, /^scrypt\$/);
    const mine = await app.db.selectFrom('contents').select('uuid').where('actor_uuid', '=', existing.user.uuid).execute();
    assert.equal(mine.length, 0);
    const reply = (await thread(app, 'https://news.example/2024/river-trees')).comments[0]!.replies![0]!;
    assert.equal(reply.actor.name, 'Maya Okafor');
    assert.notEqual(reply.actor_uuid, existing.user.uuid);
  });
});

describe('bad input', () => {
  test('a malformed file stops with its line and column; whole batches only, and the fixed file completes the import', async (t) => {
    const app = await build(t);
    const whole = readFileSync(fixture('disqus.xml'), 'utf8');
    const cut = whole.slice(0, whole.indexOf('<post dsq:id="2006">') + 40);
    await assert.rejects(
      importComments(app.db, SITE, 'disqus', { input: [Buffer.from(cut)] }, { batchSize: 2 }),
      (error: Error) => error instanceof ImportFormatError && /^Not a well-formed Disqus file: line \d+, column \d+: /.test(error.message),
    );
    const partial = await countRows(app, 'contents');
    assert.equal(partial % 2, 0, 'only whole batches were written');
    const stats = await importComments(app.db, SITE, 'disqus', { input: [Buffer.from(whole)] }, { batchSize: 2 });
    assert.equal(stats.already + stats.comments, 9);
    assert.equal(await countRows(app, 'contents'), 9);
    assert.equal(await countRows(app, 'import_pending'), 0);
    assert.equal((await thread(app, 'https://news.example/2024/river-trees')).total, 5);
  });

  test('the wrong format, or not XML at all: a clear error and nothing stored', async (t) => {
    const app = await build(t);
    await assert.rejects(run(app, 'wxr', 'disqus.xml'), /line 2, column \d+: the root element is <disqus>, not <rss>: is this the right format\?/);
    await assert.rejects(importComments(app.db, SITE, 'disqus', { input: [Buffer.from('{"not": "xml"}')] }), ImportFormatError);
    await assert.rejects(importComments(app.db, SITE, 'disqus', { input: [] }), /The Disqus file is empty/);
    assert.deepEqual([await countRows(app, 'contents'), await countRows(app, 'containers'), await countRows(app, 'import_map')], [0, 0, 0]);
  });
});
