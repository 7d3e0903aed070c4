/**
 * The demo topics' followers (server/demo/topics.ts): demo/topics.html's counts come from demo
 * readers who follow its topics; seeding again, or twice at once, adds nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { DEMO_TOPIC_FOLLOWS } from '../../server/demo/topics.ts';
import { seed } from '../../server/demo/index.ts';
import { buildWithDemoContent, countRows, resultOf, SITE } from './helpers.ts';

const countOf = async (app: FastifyInstance, topicId: string) =>
  resultOf<{ count: number }>(await app.inject({ method: 'GET', url: `/api/v5/subscriptions/${SITE}/topics/${topicId}/count` })).count;

test('demo mode: each demo topic has its demo followers, once however often the seed runs', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t, {}, 2);
  for (const topic of DEMO_TOPIC_FOLLOWS) assert.equal(await countOf(app, topic.topic_id), topic.followers.length, topic.topic_id);
  const rows = await countRows(app, 'topic_follows');
  await seed(app, { demoContent: { dataDir } });
  assert.equal(await countRows(app, 'topic_follows'), rows);
});

test('VF_DEMO=0: no topic is followed', async (t) => {
  const { app } = await buildWithDemoContent(t, { VF_DEMO: '0' });
  assert.equal(await countRows(app, 'topic_follows'), 0);
});
