/**
 * Signals across two server processes sharing one Redis (started here, on loopback): typing and
 * presence reach pages connected to the other process. Signals need no stored data, so each
 * process keeps its own SQLite file (both hold the seeded demo site).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { ServerFrame } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { startServer } from '../support/serve.mjs';
import { type Client, connect, subscribeFrame } from './realtime-client.ts';
import { startRedis, type Service } from './multiprocess-infra.ts';

type Server = Awaited<ReturnType<typeof startServer>>;
type Presence = Extract<ServerFrame, { type: 'presence' }>;

/** Reads frames until one matches (presence frames with other counts may come first); fails after `timeoutMs`. */
async function waitFor(client: Client, wanted: (frame: ServerFrame) => boolean, timeoutMs = 8000): Promise<ServerFrame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = await client.next(Math.max(1, deadline - Date.now()));
    if (wanted(frame)) return frame;
    assert.equal(frame.type, 'presence', `unexpected ${JSON.stringify(frame)}`);
  }
}
const presence = (count: number) => (frame: ServerFrame) => frame.type === 'presence' && frame.count === count;

describe('realtime signals across two processes (Redis)', () => {
  let a: Server;
  let b: Server;
  let redis: Service;

  before(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, VF_JWT_SECRET: 'signals-multi-process-secret-0123456789abcdef' };
    // Two servers start at once (each migrating and seeding the demo on PostgreSQL) beside the
    // other test layers: on a loaded 2-core machine that outlasted startServer's default 30 s.
    [a, b] = await Promise.all([startServer({ env, timeoutMs: 90_000 }), startServer({ env, timeoutMs: 90_000 })]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  const open = (t: Parameters<typeof connect>[0], server: Server) =>
    connect(t, `${server.origin.replace('http', 'ws')}/ws?site_uuid=${DEMO_SITE.uuid}`, server.origin);
  const subscribe = async (client: Client, id: string, container: string) => {
    client.send({ ...subscribeFrame(id, container), signals: true });
    assert.equal((await client.next()).type, 'subscribe_success');
  };

  test('presence sums both processes and typing crosses to the other one', async (t) => {
    const chat = randomUUID();
    const [onA, onB, alsoOnB] = [await open(t, a), await open(t, b), await open(t, b)];
    await subscribe(onA, 'a', chat);
    assert.deepEqual(await onA.next(), { type: 'presence', subscription_id: 'a', content_container_uuid: chat, count: 1 });
    await subscribe(onB, 'b', chat);
    await waitFor(onB, presence(2));
    await subscribe(alsoOnB, 'b2', chat);
    await waitFor(alsoOnB, presence(3));
    await waitFor(onA, presence(3)); // B's count, published through Redis

    onA.send({ type: 'typing', content_container_uuid: chat });
    const typed = await waitFor(onB, (frame) => frame.type === 'typing');
    assert.equal(typed.type === 'typing' && typed.content_container_uuid, chat);
    const alsoTyped = await waitFor(alsoOnB, (frame) => frame.type === 'typing');
    assert.equal(alsoTyped.type === 'typing' && alsoTyped.typist, typed.type === 'typing' && typed.typist);

    onB.send({ type: 'typing', content_container_uuid: chat });
    const back = await waitFor(onA, (frame) => frame.type === 'typing');
    assert.equal(back.type === 'typing' && back.subscription_id, 'a');
    // alsoOnB is on the sender's own process: it gets it, the sender does not.
    await waitFor(alsoOnB, (frame) => frame.type === 'typing');
    onB.send({ type: 'keep_alive' });
    assert.deepEqual(await waitFor(onB, (frame) => frame.type !== 'presence'), { type: 'keep_alive' });

    // Sockets on B go: A's count falls.
    onB.socket.close();
    alsoOnB.socket.close();
    assert.equal(((await waitFor(onA, presence(1))) as Presence).subscription_id, 'a');
  });

  test('a process that stops is no longer counted by the other', async (t) => {
    const chat = randomUUID();
    const [onA, onB] = [await open(t, a), await open(t, b)];
    await subscribe(onA, 'a', chat);
    await subscribe(onB, 'b', chat);
    await waitFor(onA, presence(2));
    await b.stop(); // says goodbye through Redis
    await waitFor(onA, presence(1));
  });
});
