import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import type { Socket } from 'node:net';
import type { ContentEvent, EventsPage } from '../../core/api/types.ts';
import { pruneEvents } from '../../server/engine/events.ts';
import { bearer, build, container, countRows, postComment, resultOf, SITE, signup } from './helpers.ts';
import { connect } from './realtime-client.ts';

describe('realtime event log and catch-up', () => {
  test('events are numbered per container, logged with their change, and read back in order', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const [a, b] = [await container(app), await container(app)];
    const events = async (c: string, after: number, limit?: number) =>
      resultOf<EventsPage>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c}/events`, query: { after: String(after), ...(limit ? { limit: String(limit) } : {}) } }));

    const first = await postComment(app, me.access_token, a.content_container_uuid, 'one');
    await postComment(app, me.access_token, a.content_container_uuid, 'two', first.content_uuid);
    await postComment(app, me.access_token, b.content_container_uuid, 'elsewhere');
    const like = `/api/comments/${SITE}/${a.content_container_uuid}/comments/${first.content_uuid}/like`;
    resultOf(await app.inject({ method: 'POST', url: like, headers: bearer(me.access_token) }));
    resultOf(await app.inject({ method: 'POST', url: like, headers: bearer(me.access_token) })); // no change, no event
    assert.equal(await countRows(app, 'events'), 4);

    const all = await events(a.content_container_uuid, 0);
    assert.deepEqual(all.events.map((e) => [e.seq, e.event]), [[1, 'created'], [2, 'created'], [3, 'liked']]);
    assert.equal(all.events[1]?.content?.content, 'two');
    assert.equal(all.events[2]?.total_likes, 1);
    assert.deepEqual([all.more, all.latest_seq, all.expired], [false, 3, false]);
    const paged = await events(a.content_container_uuid, 1, 1);
    assert.deepEqual([paged.events.map((e) => e.seq), paged.more], [[2], true]);
    assert.deepEqual((await events(a.content_container_uuid, 3)).events, []);
    assert.deepEqual((await events(b.content_container_uuid, 0)).events.map((e) => e.seq), [1]);

    // The comment list says which event it reflects, so a page can catch up from there.
    const list = resultOf<{ latest_seq: number }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${a.content_container_uuid}/comments` }));
    assert.equal(list.latest_seq, 3);

    // Pruned events cannot be caught up: the answer says so, and where to continue from.
    await pruneEvents(app.db, -1);
    const gone = await events(a.content_container_uuid, 1);
    assert.deepEqual([gone.events.length, gone.latest_seq, gone.expired], [0, 3, true]);

    const missing = await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${SITE}/events`, query: { after: '0' } });
    assert.equal(missing.statusCode, 404);
    for (const after of ['-1', 'x', '']) {
      const bad = await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${a.content_container_uuid}/events`, query: { after } });
      assert.equal(bad.statusCode, 400, after);
    }
  });

  test('subscribe_success reports the latest seq; live events carry the next ones', async (t) => {
    const app = await build(t);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const me = await signup(app);
    const c = await container(app);
    await postComment(app, me.access_token, c.content_container_uuid, 'before');
    const client = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
    assert.equal(await client.subscribe('s', c.content_container_uuid), 1);
    await postComment(app, me.access_token, c.content_container_uuid, 'after');
    assert.equal((await client.nextEvent()).seq, 2);
  });

  test('a slow consumer is closed and does not stall the others', async (t) => {
    const app = await build(t);
    app.hub.maxBufferedBytes = 64 * 1024;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const me = await signup(app);
    const c = await container(app);
    const url = `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`;
    const [fast, slow] = [await connect(t, url), await connect(t, url)];
    // Many subscriptions of one container multiply each event, so buffers fill quickly.
    const SUBSCRIPTIONS = 50;
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      await fast.subscribe(`s${i}`, c.content_container_uuid);
      await slow.subscribe(`s${i}`, c.content_container_uuid);
    }
    const slowSocket = (slow.socket as unknown as { _socket: Socket })._socket;
    slowSocket.pause(); // stops reading: the kernel buffers fill, then the server's
    const slowClosed = once(slow.socket, 'close');

    const text = 'x'.repeat(4000);
    let posted = 0;
    const received: ContentEvent[] = [];
    while (app.hub.clients().length > 1 && posted < 400) {
      await postComment(app, me.access_token, c.content_container_uuid, `${text} ${++posted}`);
      for (let i = 0; i < SUBSCRIPTIONS; i++) received.push(await fast.nextEvent());
    }
    assert.equal(app.hub.clients().length, 1, `the slow socket was not closed after ${posted} posts`);
    // The fast socket got every event, in order, while the slow one was being dropped.
    await postComment(app, me.access_token, c.content_container_uuid, 'one more');
    for (let i = 0; i < SUBSCRIPTIONS; i++) received.push(await fast.nextEvent());
    const seqs = [...new Set(received.map((e) => e.seq))];
    assert.deepEqual(seqs, Array.from({ length: posted + 1 }, (_, i) => i + 1));
    slowSocket.resume();
    const [code] = (await slowClosed) as [number];
    assert.equal(code, 1006);
  });
});
