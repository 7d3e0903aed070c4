/**
 * The demo moderation queue (server/demo/moderationQueue.ts): what `npm start` seeds in demo mode
 * for demo/staging.html, read back through the queue's API as the demo moderator; seeding again
 * adds nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AuthResult } from '../../core/api/types.ts';
import type { QueueCounts, QueueItem, QueuePage } from '../../core/moderation/types.ts';
import { DEMO_NEWCOMER } from '../../server/demo/moderationQueue.ts';
import { DEMO_ORIGIN, seed } from '../../server/demo/index.ts';
import { bearer, buildWithDemoContent, countRows, resultOf, SITE } from './helpers.ts';

test('demo mode: held and reported items across pages and kinds with their reasons, a pending name, a history; once', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t);
  const login = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'moderator@vf.local', password: 'moderator-demo-1', section: SITE } }));
  const get = <T>(path: string) => app.inject({ method: 'GET', url: `/api/v2/moderation/${path}`, headers: bearer(login.access_token), query: { section: SITE } }).then((r) => resultOf<T>(r));

  const pending = await get<QueuePage<QueueItem>>('queue/pending');
  assert.deepEqual(new Set(pending.items.map((i) => i.kind)), new Set(['comment', 'liveblog_reply', 'chat_message']));
  assert.deepEqual(new Set(pending.items.map((i) => i.reason?.rule)), new Set(['suspect_word', 'link', 'new_commenter', 'premoderation', 'spam_score']));
  const suspect = pending.items.find((i) => i.reason?.rule === 'suspect_word')!;
  assert.equal(suspect.content.slice(...suspect.reason!.match!), suspect.reason!.word, 'the word is marked where it is');
  assert.ok(pending.items.every((i) => i.author.name === DEMO_NEWCOMER.name));
  // Every item names its page and links to itself there: the forum's conversation, live blog and chat.
  for (const item of pending.items) assert.deepEqual([item.kind, item.page.title, item.link], [item.kind, "Readers' forum: dark skies", `${DEMO_ORIGIN}/demo/forum.html?deeplink=${item.uuid}`]);

  const reported = await get<QueuePage<QueueItem>>('queue/reported');
  assert.deepEqual(new Set(reported.items.map((i) => i.kind)), new Set(['comment', 'review']));
  assert.ok(reported.items.every((i) => i.reports.reasons.length > 0), 'with their reasons');
  const rejected = await get<QueuePage<QueueItem>>('queue/rejected');
  assert.equal(rejected.items[0]!.decisions[0]!.actor?.name, 'Demo Moderator');
  const counts = await get<QueueCounts>('counts');
  // Rejected: the spam message, and the comment a notice of illegal content removed (server/demo/legal.ts).
  assert.deepEqual([counts.pending, counts.reported, counts.profiles, counts.rejected], [5, 2, 1, 2]);

  const before = await Promise.all((['contents', 'flags', 'moderation_decisions', 'staff_notes'] as const).map((table) => countRows(app, table)));
  await seed(app, { demoContent: { dataDir } });
  assert.deepEqual(await Promise.all((['contents', 'flags', 'moderation_decisions', 'staff_notes'] as const).map((table) => countRows(app, table))), before, 'seeding again adds nothing');
});
