/**
 * The guest cache across two server processes sharing PostgreSQL and Redis (started here): a
 * guest reading through process B sees a comment posted, and a name changed, through process A
 * (events reach B through Redis, name changes through the site-changes channel), not B's cached answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CommentPage } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { callApi } from '../support/callApi.ts';
import { startServer } from '../support/serve.mjs';
import { startPostgres, startRedis, type Service } from './multiprocess-infra.ts';
import { connect } from './realtime-client.ts';

const SITE = DEMO_SITE.uuid;
type Server = Awaited<ReturnType<typeof startServer>>;

/** What `read` gives once `done` holds of it, within a few seconds (Redis is asynchronous); fails otherwise. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 40 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('guest cache across two processes (PostgreSQL + Redis)', () => {
  const services: Service[] = [];
  let a: Server;
  let b: Server;

  before(async () => {
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    services.push(postgres, redis);
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, VF_JWT_SECRET: 'guest-cache-multi-process-secret-0123456789' };
    a = await startServer({ env });
    b = await startServer({ env });
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    for (const service of services.reverse()) await service.stop();
  });

  test('a comment and a new name from process A show to a guest of process B', async (t) => {
    const email = `gc-${Date.now()}@example.test`;
    const me = await callApi<{ user: { uuid: string } }>(a.origin, 'POST', '/api/v2/users', { name: 'Before Rename', email, password: 'gc-password-1', section: SITE });
    const token = (await callApi<{ access_token: string }>(a.origin, 'POST', '/api/v2/users/login', { email, password: 'gc-password-1', section: SITE })).access_token;
    const container = (await callApi<{ content_container_uuid: string }>(a.origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=gc-${Date.now()}`)).content_container_uuid;
    const path = `/api/comments/${SITE}/${container}/comments`;
    const guestOnB = () => callApi<CommentPage>(b.origin, 'GET', path);
    await callApi(a.origin, 'POST', path, { content: 'first' }, token);
    assert.deepEqual((await guestOnB()).contents.map((c) => c.content), ['first']);
    assert.deepEqual((await guestOnB()).contents.map((c) => c.content), ['first'], 'kept by B');

    const onB = await connect(t, `${b.origin.replace('http', 'ws')}/ws?site_uuid=${SITE}`, b.origin);
    await onB.subscribe('c', container);
    await callApi(a.origin, 'POST', path, { content: 'second' }, token);
    await onB.nextEvent(); // B has the event: its cached answer is stale from now on
    assert.deepEqual((await guestOnB()).contents.map((c) => c.content), ['second', 'first']);

    await callApi(a.origin, 'PATCH', `/api/v2/users/${me.user.uuid}`, { name: 'After Rename' }, token);
    const renamed = await eventually(guestOnB, (page) => page.contents[0]?.actor.name === 'After Rename');
    assert.deepEqual(renamed.contents.map((c) => c.actor.name), ['After Rename', 'After Rename']);
  });
});
