import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { ContentEvent } from '../../core/api/types.ts';
import { bearer, build, container, postComment, resultOf, SITE, signup } from './helpers.ts';
import { connect, subscribeFrame } from './realtime-client.ts';

async function listen(t: TestContext): Promise<{ app: FastifyInstance; url: string }> {
  const app = await build(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address.replace('http', 'ws')}/ws` };
}

const subscribe = subscribeFrame;

describe('realtime /ws', () => {
  test('created and liked events reach only the matching subscription', async (t) => {
    const { app, url } = await listen(t);
    const me = await signup(app);
    const [a, b] = [await container(app), await container(app)];
    const client = await connect(t, `${url}?site_uuid=${SITE}`, 'http://localhost:8080');

    assert.equal(await client.subscribe('c:a', a.content_container_uuid), 0);
    assert.equal(await client.subscribe('c:b', b.content_container_uuid), 0);

    const comment = await postComment(app, me.access_token, a.content_container_uuid, 'live!');
    const created = await client.next();
    assert.equal(created.type, 'event');
    assert.equal(created.type === 'event' && created.subscription_id, 'c:a');
    const event = (created as { data: ContentEvent }).data;
    assert.equal(event.event, 'created');
    assert.equal(event.content_uuid, comment.content_uuid);
    assert.equal(event.content_container_uuid, a.content_container_uuid);
    assert.equal(event.content?.content, 'live!');
    assert.deepEqual(event.content?.actions, { liked: false, disliked: false });
    await client.expectNothingPending(); // nothing for c:b

    resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${a.content_container_uuid}/comments/${comment.content_uuid}/like`, headers: bearer(me.access_token) }));
    const liked = await client.next();
    assert.equal(liked.type === 'event' && liked.data.event, 'liked');
    assert.equal(liked.type === 'event' && liked.data.total_likes, 1);
    // Liking again changes nothing, so publishes nothing.
    resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${a.content_container_uuid}/comments/${comment.content_uuid}/like`, headers: bearer(me.access_token) }));
    await client.expectNothingPending();

    client.send({ type: 'unsubscribe', subscription_id: 'c:a' });
    await client.expectNothingPending(); // frames are handled in order: the unsubscribe is done
    await postComment(app, me.access_token, a.content_container_uuid, 'not delivered');
    await client.expectNothingPending();
    await postComment(app, me.access_token, b.content_container_uuid, 'to b');
    const toB = await client.next();
    assert.equal(toB.type === 'event' && toB.subscription_id, 'c:b');
  });

  test('bad frames get an error frame and the socket keeps working', async (t) => {
    const { url } = await listen(t);
    const client = await connect(t, `${url}?site_uuid=${SITE}`);
    for (const bad of ['{not json', { type: 'dance' }, { type: 'subscribe', subscription_id: 'x', filter: { one_of: [{ key: 'actor_uuid', values: [SITE] }] } }, subscribe('y', 'not-a-uuid')]) {
      client.send(bad);
      const frame = await client.next();
      assert.equal(frame.type, 'error', JSON.stringify(bad));
    }
    client.send({ type: 'keep_alive' });
    assert.deepEqual(await client.next(), { type: 'keep_alive' });
    client.send(subscribe('ok', SITE));
    assert.deepEqual(await client.next(), { type: 'subscribe_success', subscription_id: 'ok', seqs: {} });
  });

  test('an unknown site or a foreign Origin is refused', async (t) => {
    const { url } = await listen(t);
    const unknown = await connect(t, `${url}?site_uuid=0b7e9a55-1c2d-4e3f-8a9b-0c1d2e3f4a5b`);
    const [code, reason] = (await once(unknown.socket, 'close')) as [number, Buffer];
    assert.equal(code, 4404);
    assert.equal(reason.toString(), 'No such site');

    const foreign = await connect(t, `${url}?site_uuid=${SITE}`, 'https://evil.example');
    const [foreignCode] = (await once(foreign.socket, 'close')) as [number];
    assert.equal(foreignCode, 4403);

    const socket = new WebSocket(`${url}?site_uuid=nope`);
    t.after(() => socket.terminate());
    const [error] = (await once(socket, 'error')) as [Error];
    assert.match(error.message, /400/);
  });
});
