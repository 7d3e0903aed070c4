/**
 * The moderation queue's live channel across two server processes sharing one Redis and one
 * SQLite file (docs/moderation.md "Live"): a held comment posted through one process reaches a
 * moderator's queue open on the other as `queued`, and a decision taken on that one reaches it
 * as `decided`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AuthResult, Comment, Container } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { startServer } from '../support/serve.mjs';
import { connect } from './realtime-client.ts';
import { startRedis, type Service } from './multiprocess-infra.ts';
import { nextModeration } from './moderation-queue-calls.ts';

type Server = Awaited<ReturnType<typeof startServer>>;
const SITE = DEMO_SITE.uuid;

async function json<T>(server: Server, method: string, path: string, token?: string, body?: object): Promise<T> {
  const response = await fetch(`${server.origin}${path}`, {
    method, headers: { origin: server.origin, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  assert.equal(response.status, 200, `${method} ${path}: ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

describe('moderation queue live across two processes (Redis)', () => {
  let a: Server;
  let b: Server;
  let redis: Service;

  before(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, VF_JWT_SECRET: 'moderation-multi-process-secret-0123456789ab', VF_DATA_DIR: mkdtempSync(join(tmpdir(), 'vf-mq-')) };
    a = await startServer({ env });
    b = await startServer({ env });
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  test('queued and decided reach a queue open on the other process', async (t) => {
    const mod = await json<AuthResult>(b, 'POST', '/api/v2/users/login', undefined, { email: 'moderator@vf.local', password: 'moderator-demo-1', section: SITE });
    await json(b, 'POST', '/api/v2/users', undefined, { name: 'Multi Reader', email: 'multi@example.test', password: 'pw-multi-reader-secret', section: SITE });
    const reader = await json<AuthResult>(b, 'POST', '/api/v2/users/login', undefined, { email: 'multi@example.test', password: 'pw-multi-reader-secret', section: SITE });
    const c = await json<Container>(b, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=mq-multi`);
    await json(b, 'POST', `/api/comments/${SITE}/${c.content_container_uuid}/settings`, mod.access_token, { is_premoderated: true });

    const queue = await connect(t, `${a.origin.replace('http', 'ws')}/ws?site_uuid=${SITE}`, a.origin);
    queue.send({ type: 'subscribe', subscription_id: 'queue', filter: { one_of: [{ key: 'moderation_section_uuid', values: [SITE] }] }, access_token: mod.access_token });
    assert.equal((await queue.next()).type, 'subscribe_success');

    const held = await json<Comment>(b, 'POST', `/api/comments/${SITE}/${c.content_container_uuid}/comments`, reader.access_token, { content: 'from the other process' });
    const queued = await nextModeration(queue, 'queued', 8000);
    assert.deepEqual(queued.event === 'queued' && [queued.content_uuid, queued.item.content], [held.content_uuid, 'from the other process']);

    await json(b, 'POST', '/api/v2/moderation/decisions', mod.access_token, { section: SITE, decision: 'reject', items: [{ uuid: held.content_uuid, state: 'awaiting_moderation' }] });
    const decided = await nextModeration(queue, 'decided', 8000);
    assert.deepEqual(decided.event === 'decided' && [decided.content_uuid, decided.state], [held.content_uuid, 'disabled']);
  });
});
