/**
 * Two server processes sharing one PostgreSQL and one Redis (all started here, on loopback):
 * events caused through one process reach pages connected to the other, a page whose socket is
 * cut catches up from the event log with nothing lost and nothing twice, and a page that stops
 * reading is dropped without holding up the others; a poll's live results (not in the event log)
 * travel the same way.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { ContentEvent, EventsPage } from '../../core/api/types.ts';
import { EventSequencer } from '../../core/realtime/sequencer.ts';
import type { Poll } from '../../core/api/pollTypes.ts';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../../server/demo/index.ts';
import { startServer } from '../support/serve.mjs';
import { type Client, connect } from './realtime-client.ts';
import { startPostgres, startRedis, type Service } from './multiprocess-infra.ts';
import { callApi } from '../support/callApi.ts';

const SITE = DEMO_SITE.uuid;
type Server = Awaited<ReturnType<typeof startServer>>;


describe('realtime across two processes (PostgreSQL + Redis)', () => {
  const services: Service[] = [];
  let a: Server;
  let b: Server;
  let token: string;
  let redis: Service & { port: number };

  before(async () => {
    const [postgres, redisServer] = await Promise.all([startPostgres(), startRedis()]);
    redis = redisServer;
    services.push(postgres);
    // Both start at once: migrations and the demo seed must be safe under that race.
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, VF_JWT_SECRET: 'multi-process-test-secret-0123456789abcdef' };
    // Two servers start at once (each migrating and seeding the demo on PostgreSQL) beside the
    // other test layers: on a loaded 2-core machine that outlasted startServer's default 30 s.
    [a, b] = await Promise.all([startServer({ env, timeoutMs: 90_000 }), startServer({ env, timeoutMs: 90_000 })]);
    const email = `mp-${Date.now()}@example.test`;
    await callApi(a.origin, 'POST', '/api/v2/users', { name: 'Two Processes', email, password: 'mp-password-1', section: SITE });
    token = (await callApi<{ access_token: string }>(b.origin, 'POST', '/api/v2/users/login', { email, password: 'mp-password-1', section: SITE })).access_token;
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    for (const service of services) await service.stop();
  });

  const newContainer = async (origin: string, id: string) =>
    (await callApi<{ content_container_uuid: string }>(origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=${id}`)).content_container_uuid;
  const post = (origin: string, container: string, content: string) =>
    callApi(origin, 'POST', `/api/comments/${SITE}/${container}/comments`, { content }, token);
  const wsUrl = (server: Server) => `${server.origin.replace('http', 'ws')}/ws?site_uuid=${SITE}`;

  test('a page connected to process B receives an event caused through process A', async (t) => {
    const container = await newContainer(a.origin, `mp-one-${Date.now()}`);
    const onB = await connect(t, wsUrl(b), b.origin);
    assert.equal(await onB.subscribe('c', container), 0);
    await post(a.origin, container, 'from A');
    const event = await onB.nextEvent();
    assert.deepEqual([event.event, event.content?.content, event.seq], ['created', 'from A', 1]);
  });

  test('a socket cut mid-stream catches up: every event once, in order', async (t) => {
    const container = await newContainer(b.origin, `mp-cut-${Date.now()}`);
    const sequencer = new EventSequencer();
    const applied: number[] = [];
    const catchUp = async (origin: string, from: number) => {
      let afterSeq = from;
      for (;;) {
        const page = await callApi<EventsPage>(origin, 'GET', `/api/comments/${SITE}/${container}/events?after=${afterSeq}&limit=7`);
        for (const event of page.events) apply(sequencer.receive(event).apply);
        if (!page.more) return;
        afterSeq = page.events.at(-1)!.seq;
      }
    };
    const apply = (events: ContentEvent[]) => applied.push(...events.map((e) => e.seq));
    /** Reads frames until `count` events have been applied, catching up whenever a gap shows. */
    const drain = async (client: Client, origin: string, until: number) => {
      while ((sequencer.lastSeq(container) ?? 0) < until) {
        const step = sequencer.receive(await client.nextEvent());
        apply(step.apply);
        if (step.fetchAfter !== null) await catchUp(origin, step.fetchAfter);
      }
    };

    let first = await connect(t, wsUrl(b), b.origin);
    apply(sequencer.latest(container, await first.subscribe('c', container)).apply);
    // Events are caused through both processes while B's page listens.
    for (let i = 1; i <= 10; i++) await post(i % 2 ? a.origin : b.origin, container, `live ${i}`);
    await drain(first, b.origin, 5); // part of the stream, then the cut
    first.socket.terminate();
    for (let i = 11; i <= 25; i++) await post(a.origin, container, `during the gap ${i}`);

    // Reconnect (to the other process, as a load balancer might) and resubscribe.
    const second = await connect(t, wsUrl(a), a.origin);
    const step = sequencer.latest(container, await second.subscribe('c', container));
    apply(step.apply);
    assert.notEqual(step.fetchAfter, null, 'the subscribe reply shows the gap');
    await catchUp(a.origin, step.fetchAfter!);
    for (let i = 26; i <= 30; i++) await post(b.origin, container, `after ${i}`);
    await drain(second, a.origin, 30);
    assert.deepEqual(applied, Array.from({ length: 30 }, (_, i) => i + 1));
    await second.expectNothingPending();
  });

  test("a poll's live results reach a page on process B while its votes go through process A", async (t) => {
    const moderator = DEMO_ACCOUNTS.find((account) => account.user_privilege === 'mod')!;
    const modToken = (await callApi<{ access_token: string }>(a.origin, 'POST', '/api/v2/users/login', { email: moderator.email, password: moderator.password, section: SITE })).access_token;
    const poll = await callApi<Poll>(a.origin, 'POST', `/api/polls/${SITE}`, { poll_id: `mp-poll-${Date.now()}`, question: 'Which process?', options: ['A', 'B'] }, modToken);
    const onB = await connect(t, wsUrl(b), b.origin);
    await onB.subscribe('p', poll.uuid);
    const first = poll.options[0]!.uuid;
    for (let i = 0; i < 3; i++) await callApi(a.origin, 'POST', `/api/polls/${SITE}/${poll.uuid}/votes`, { options: [first], voter_token: `mp-browser-${Date.now()}-${i}` });
    // Frames carry the counters as they stand (coalesced): read until all three votes show.
    let event = await onB.nextEvent();
    while (event.poll?.total_votes !== 3) event = await onB.nextEvent();
    assert.deepEqual([event.event, event.poll.counts?.[first]], ['poll_updated', 3], 'the counts travel when every reader may see them');
  });

  test('a slow consumer on B is dropped and does not stall the other pages', async (t) => {
    const container = await newContainer(a.origin, `mp-slow-${Date.now()}`);
    const [fast, slow] = [await connect(t, wsUrl(b), b.origin), await connect(t, wsUrl(b), b.origin)];
    const SUBSCRIPTIONS = 50; // each event reaches each socket 50 times: buffers fill quickly
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      await fast.subscribe(`s${i}`, container);
      await slow.subscribe(`s${i}`, container);
    }
    const slowSocket = (slow.socket as unknown as { _socket: Socket })._socket;
    slowSocket.pause(); // reads nothing: kernel buffers fill, then the server's 1 MiB bound
    let slowFrames = 0;
    slow.socket.on('message', () => slowFrames++);
    const slowClosed = once(slow.socket, 'close');
    const POSTS = 50;
    const seen: number[] = [];
    for (let i = 1; i <= POSTS; i++) {
      await post(a.origin, container, `${'y'.repeat(6000)} ${i}`);
      for (let k = 0; k < SUBSCRIPTIONS; k++) seen.push((await fast.nextEvent()).seq);
    }
    assert.deepEqual([...new Set(seen)], Array.from({ length: POSTS }, (_, i) => i + 1));
    slowSocket.resume();
    const [code] = (await slowClosed) as [number];
    assert.equal(code, 1006, 'cut by the server, not closed normally');
    assert.ok(slowFrames < POSTS * SUBSCRIPTIONS, `the slow socket got ${slowFrames} frames`);
  });

  // Last: it restarts Redis.
  test('after a Redis outage, pages are told to reconnect and catch up (pub/sub lost messages)', async (t) => {
    const container = await newContainer(a.origin, `mp-redis-${Date.now()}`);
    const onB = await connect(t, wsUrl(b), b.origin);
    await onB.subscribe('c', container);
    const closed = once(onB.socket, 'close');
    await redis.stop();
    redis = await startRedis(redis.port);
    const [code] = (await closed) as [number];
    assert.equal(code, 1012);
    // Both processes relay again once reconnected.
    const again = await connect(t, wsUrl(b), b.origin);
    await again.subscribe('c', container);
    await post(a.origin, container, 'after the outage');
    assert.equal((await again.nextEvent(10_000)).content?.content, 'after the outage');
  });
});
