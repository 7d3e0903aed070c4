/**
 * Signals on the realtime socket (docs/api.md "Signals: typing and presence"): real app, real
 * websockets, one process (the two-process case is realtime-signals-multiprocess.test.ts).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ServerFrame } from '../../core/api/types.ts';
import { build, SITE } from './helpers.ts';
import { type Client, connect, subscribeFrame } from './realtime-client.ts';

async function listen(t: TestContext): Promise<{ app: FastifyInstance; open: () => Promise<Client> }> {
  const app = await build(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, open: () => connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`) };
}

type Presence = Extract<ServerFrame, { type: 'presence' }>;
type Typing = Extract<ServerFrame, { type: 'typing' }>;

/** Subscribes with signals; returns the presence count the subscriber is told at once. */
async function subscribeWithSignals(client: Client, id: string, container: string): Promise<number> {
  client.send({ ...subscribeFrame(id, container), signals: true });
  assert.equal((await client.next()).type, 'subscribe_success');
  const presence = await client.next();
  assert.equal(presence.type, 'presence', JSON.stringify(presence));
  assert.deepEqual(presence, { type: 'presence', subscription_id: id, content_container_uuid: container, count: (presence as Presence).count });
  return (presence as Presence).count;
}

/** The next frame that is not a presence frame. */
async function nextNotPresence(client: Client, timeoutMs?: number): Promise<ServerFrame> {
  for (;;) {
    const frame = await client.next(timeoutMs);
    if (frame.type !== 'presence') return frame;
  }
}

/** Proves no typing frame (nor anything but presence) was waiting: a keep-alive comes back next. */
async function expectNoTyping(client: Client): Promise<void> {
  client.send({ type: 'keep_alive' });
  assert.deepEqual(await nextNotPresence(client), { type: 'keep_alive' });
}

const typing = (container: string) => ({ type: 'typing', content_container_uuid: container });

describe('realtime signals: typing', () => {
  test('a typing frame reaches the container’s other signals subscribers, never the sender nor plain subscribers', async (t) => {
    const { open } = await listen(t);
    const [chat, other] = [randomUUID(), randomUUID()];
    const [sender, reader, second, plain, elsewhere] = await Promise.all([open(), open(), open(), open(), open()]);
    await subscribeWithSignals(sender, 's', chat);
    await subscribeWithSignals(reader, 'r', chat);
    await subscribeWithSignals(second, 'x', chat);
    await plain.subscribe('p', chat); // no signals
    await subscribeWithSignals(elsewhere, 'e', other);

    sender.send(typing(chat.toUpperCase())); // uuids compare case-insensitively
    const got = (await nextNotPresence(reader)) as Typing;
    assert.equal(got.type, 'typing');
    assert.deepEqual({ ...got, typist: '' }, { type: 'typing', subscription_id: 'r', content_container_uuid: chat, typist: '' });
    assert.match(got.typist, /^[\w-]{8,}$/);
    const alsoGot = (await nextNotPresence(second)) as Typing;
    assert.deepEqual(alsoGot, { ...got, subscription_id: 'x' }, 'the same opaque typist for every reader');

    await expectNoTyping(sender);
    await expectNoTyping(elsewhere);
    await plain.expectNothingPending(); // not even presence

    // The reader types back: a different typist, and it reaches the first sender.
    reader.send(typing(chat));
    const back = (await nextNotPresence(sender)) as Typing;
    assert.equal(back.type, 'typing');
    assert.equal(back.subscription_id, 's');
    assert.notEqual(back.typist, got.typist);
  });

  test('typing without a signals subscription to the container gets an error frame; the socket stays open', async (t) => {
    const { open } = await listen(t);
    const [chat, other] = [randomUUID(), randomUUID()];
    const client = await open();
    client.send(typing(chat));
    assert.deepEqual(await client.next(), { type: 'error', message: 'Typing needs a subscription with signals to this container' });

    await client.subscribe('plain', chat);
    client.send(typing(chat));
    assert.equal((await client.next()).type, 'error', 'a subscription without signals is not enough');

    await subscribeWithSignals(client, 'signals', other);
    client.send(typing(chat));
    assert.equal((await client.next()).type, 'error', 'signals for another container are not enough');

    client.send({ type: 'unsubscribe', subscription_id: 'signals' });
    client.send(typing(other));
    assert.equal((await client.next()).type, 'error', 'not after unsubscribing');
    await client.expectNothingPending();
  });

  test('beyond one typing frame per 3 s per socket and container, frames are dropped silently', async (t) => {
    const { app, open } = await listen(t);
    const [chat, other] = [randomUUID(), randomUUID()];
    const [sender, reader] = await Promise.all([open(), open()]);
    for (const container of [chat, other]) {
      await subscribeWithSignals(sender, `s:${container}`, container);
      await subscribeWithSignals(reader, `r:${container}`, container);
    }
    for (let i = 0; i < 5; i++) sender.send(typing(chat));
    sender.send(typing(other)); // another container has its own allowance
    const first = (await nextNotPresence(reader)) as Typing;
    const second = (await nextNotPresence(reader)) as Typing;
    assert.deepEqual([first.content_container_uuid, second.content_container_uuid], [chat, other]);
    await expectNoTyping(reader);
    await expectNoTyping(sender); // dropped without an error frame

    // Once the interval has passed (lowered here), the next one goes through.
    app.hub.signals.typingIntervalMs = 100;
    await new Promise((resolve) => setTimeout(resolve, 150));
    sender.send(typing(chat));
    assert.equal(((await nextNotPresence(reader)) as Typing).content_container_uuid, chat);
  });
});

describe('realtime signals: presence', () => {
  test('counts the signals sockets: a newcomer is told at once, the others at most once per 2 s', async (t) => {
    const { open } = await listen(t);
    const chat = randomUUID();
    const [a, b, c, plain] = await Promise.all([open(), open(), open(), open()]);
    assert.equal(await subscribeWithSignals(a, 'a', chat), 1);
    await plain.subscribe('p', chat); // not counted
    assert.equal(await subscribeWithSignals(b, 'b', chat), 2);
    assert.equal(await subscribeWithSignals(c, 'c', chat), 3);
    // a was told 1 just now: the two joins reach it as one frame, once 2 s have passed.
    const started = Date.now();
    assert.deepEqual(await a.next(), { type: 'presence', subscription_id: 'a', content_container_uuid: chat, count: 3 });
    assert.ok(Date.now() - started > 1000, 'coalesced, not sent per join');
    assert.equal(((await b.next()) as Presence).count, 3);
    assert.equal(((await c.next()) as Presence).count, 3, 'the same count again: the frame goes to every subscriber');
    await a.expectNothingPending();

    // A second signals subscription of the same socket does not count twice; it is told the count.
    assert.equal(await subscribeWithSignals(a, 'a2', chat), 3);
    b.socket.close();
    c.send({ type: 'unsubscribe', subscription_id: 'c' });
    assert.deepEqual(await a.next(), { type: 'presence', subscription_id: 'a', content_container_uuid: chat, count: 1 });
    await a.expectNothingPending();
    await plain.expectNothingPending();
    await c.expectNothingPending(); // unsubscribed: no more presence
  });

  test('malformed signal frames get error frames and the socket stays open', async (t) => {
    const { open } = await listen(t);
    const chat = randomUUID();
    const client = await open();
    for (const signals of ['yes', 1, null, {}]) {
      client.send({ ...subscribeFrame('bad', chat), signals });
      assert.deepEqual(await client.next(), { type: 'error', message: 'signals must be true or false', subscription_id: 'bad' }, JSON.stringify(signals));
    }
    for (const bad of [{ type: 'typing' }, typing('not-a-uuid'), { type: 'typing', content_container_uuid: 7 }]) {
      client.send(bad);
      assert.deepEqual(await client.next(), { type: 'error', message: 'content_container_uuid must be a uuid' });
    }
    client.send({ ...subscribeFrame('off', chat), signals: false });
    assert.equal((await client.next()).type, 'subscribe_success');
    await client.expectNothingPending(); // signals: false is a plain subscription
    assert.equal(await subscribeWithSignals(client, 'ok', chat), 1);
  });
});
