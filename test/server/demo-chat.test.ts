/**
 * The demo chat (server/demo/chat.ts): what `npm start` seeds in demo mode for demo/chat.html,
 * read back through the public API; seeding again, or twice at once (two processes starting
 * together), adds nothing; outside demo mode nothing is seeded.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ChatWithPage } from '../../core/api/types.ts';
import { DEMO_CHAT_ID, DEMO_CHAT_MESSAGES } from '../../server/demo/chat.ts';
import { DEMO_READER } from '../../server/demo/liveblog.ts';
import { DEMO_ACCOUNTS, seed } from '../../server/demo/index.ts';
import { buildWithDemoContent, countRows, resultOf, SITE } from './helpers.ts';

const load = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api/chat/${SITE}`, query: { container_id: DEMO_CHAT_ID, limit: '100' } });
const tables = ['contents', 'events', 'users', 'containers'] as const;
const count = async (app: FastifyInstance) => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(app, table)])));

test('demo mode: demo-chat holds a dozen messages over the last minutes by the demo accounts and the reader, one a reply', async (t) => {
  const before = Date.now();
  const { app } = await buildWithDemoContent(t);
  const chat = resultOf<ChatWithPage>(await load(app));
  const messages = chat.contents;
  assert.equal(messages.length, DEMO_CHAT_MESSAGES.length);
  assert.ok(messages.length >= 12, 'a dozen messages');
  assert.equal(chat.total_visible_content, messages.length);
  assert.equal(chat.more_available, false);
  for (const message of messages) {
    assert.equal(message.type, 'chat_message');
    assert.equal(message.state, 'visible');
  }

  // Oldest first, spread over the last minutes (not all written in the same instant), none in the future.
  const dates = messages.map((message) => message.date_created);
  assert.deepEqual(dates, [...dates].sort((a, b) => a - b), 'oldest first');
  assert.ok(dates.at(-1)! - dates[0]! >= 10 * 60 * 1000, 'spread over ten minutes or more');
  assert.ok(dates[0]! >= before - 20 * 60 * 1000 && dates.at(-1)! <= Date.now(), 'within the last minutes');

  // Written by both demo accounts and the demo reader.
  const authors = new Set([...DEMO_ACCOUNTS.map((account) => account.name), DEMO_READER.name]);
  assert.deepEqual(new Set(messages.map((message) => message.actor.name)), authors);

  // One reply, answering an earlier message of the same chat.
  const replies = messages.filter((message) => message.parent_uuid);
  assert.equal(replies.length, 1);
  const answered = messages.findIndex((message) => message.content_uuid === replies[0]!.parent_uuid);
  assert.ok(answered >= 0 && answered < messages.indexOf(replies[0]!), 'the reply answers an earlier message shown');
  assert.notEqual(messages[answered]!.actor.name, replies[0]!.actor.name);

  // The event log has every message (catch-up starts from the chat's history).
  const events = resultOf<{ events: { event: string; content_type: string }[]; latest_seq: number }>(
    await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${chat.content_container_uuid}/events`, query: { after: '0', limit: '200' } }));
  assert.equal(events.events.filter((e) => e.event === 'created' && e.content_type === 'chat_message').length, messages.length);
  assert.equal(chat.latest_seq, events.latest_seq);

  // A message sent now comes after the seeded history, at the bottom.
  const login = resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: DEMO_ACCOUNTS[0]!.email, password: DEMO_ACCOUNTS[0]!.password, section: SITE } }));
  resultOf(await app.inject({ method: 'POST', url: `/api/chat/${SITE}/${chat.content_container_uuid}/messages`, headers: { authorization: `Bearer ${login.access_token}` }, payload: { content: 'And now live.' } }));
  assert.equal(resultOf<ChatWithPage>(await load(app)).contents.at(-1)!.content, 'And now live.');
});

test('seeding again (a restart) adds nothing: no message, event, account or container', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t);
  const before = await count(app);
  const page = resultOf<ChatWithPage>(await load(app));
  await seed(app, { demoContent: { dataDir } });
  await seed(app, { demoContent: { dataDir } });
  assert.deepEqual(await count(app), before);
  assert.deepEqual(resultOf<ChatWithPage>(await load(app)), page);
});

test('two seeds at once (two processes starting together) write the chat once', async (t) => {
  const { app } = await buildWithDemoContent(t, {}, 2);
  const chat = resultOf<ChatWithPage>(await load(app));
  assert.equal(chat.contents.length, DEMO_CHAT_MESSAGES.length);
  assert.equal(chat.total_visible_content, DEMO_CHAT_MESSAGES.length);
});

test('outside demo mode (VF_DEMO=0) no chat, message or reader is seeded', async (t) => {
  const { app } = await buildWithDemoContent(t, { VF_DEMO: '0' });
  assert.equal((await load(app)).statusCode, 404);
  for (const table of ['contents', 'users', 'containers'] as const) assert.equal(await countRows(app, table), 0, table);
});
