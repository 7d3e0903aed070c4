/**
 * Webhook deliveries (docs/webhooks.md): content and moderation events reach the webhooks that
 * asked for them, signed, with public fields only; a failing receiver is retried with back-off
 * and then given up; a deleted webhook hears nothing more; two workers send each delivery once.
 * The worker's clock is moved forward instead of waiting.
 */
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Webhook, WebhookContentData, WebhookEventType } from '../../core/api/webhookTypes.ts';
import { claimDue } from '../../server/webhooks/outboxQueries.ts';
import { createWebhook } from '../../server/webhooks/queries.ts';
import { enqueueDeliveries } from '../../server/engine/outbox.ts';
import { WebhookWorker } from '../../server/webhooks/worker.ts';
import { call } from './comment-calls.ts';
import { bearer, build, container, postComment, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { receiver, verifySignature } from './support/webhookReceiver.ts';

const ALL: WebhookEventType[] = ['comment.created', 'reply.created', 'comment.edited', 'comment.deleted', 'comment.approved', 'comment.rejected', 'comment.flagged', 'user.banned'];

/** An app whose worker runs on a clock the test moves, an admin, a receiver and a webhook to it. */
async function setup(t: TestContext, events: WebhookEventType[] = ALL, env: Record<string, string> = {}) {
  const app = await build(t, env);
  let offset = 0;
  app.webhooks.now = () => Date.now() + offset;
  app.webhooks.random = () => 0.5; // no jitter: the back-off's base values
  const admin = await signupAs(app, 'admin');
  const sink = await receiver(t);
  const hook = resultOf<Webhook>(await app.inject({ method: 'POST', url: `/api/v2/sites/${SITE}/webhooks`, headers: bearer(admin.access_token), payload: { url: sink.url, events } }));
  const advance = (ms: number) => void (offset += ms);
  return { app, admin, sink, hook, advance };
}

async function lastDelivery(app: FastifyInstance, token: string) {
  const [hook] = resultOf<Webhook[]>(await app.inject({ method: 'GET', url: `/api/v2/sites/${SITE}/webhooks`, headers: bearer(token) }));
  return hook!.last_delivery!;
}

const contentData = (body: unknown) => body as WebhookContentData;

describe('webhook deliveries', () => {
  test('a new comment and a reply arrive signed, as comment.created and reply.created, with public fields only', async (t) => {
    const { app, sink, hook } = await setup(t);
    const reader = await signup(app);
    const c = await container(app, 'article-webhooks');
    const comment = await postComment(app, reader.access_token, c.content_container_uuid, 'First!');
    const reply = await postComment(app, reader.access_token, c.content_container_uuid, 'And again', comment.content_uuid);
    await app.webhooks.tick();
    assert.deepEqual(sink.received.map((r) => r.payload.type).sort(), ['comment.created', 'reply.created']);
    for (const got of sink.received) {
      assert.ok(verifySignature(hook.secret!, got.headers['x-vf-signature'] as string, got.body));
      assert.equal(got.headers['x-vf-event'], got.payload.type);
      assert.equal(got.headers['x-vf-delivery'], got.payload.id);
      assert.equal(got.payload.site, SITE);
      assert.doesNotMatch(got.body, /@example\.test|password|scrypt|"ip"|email/i, 'no emails, password hashes or addresses');
    }
    const byType = (type: string) => contentData(sink.received.find((r) => r.payload.type === type)!.payload.data);
    const first = byType('comment.created');
    assert.deepEqual(Object.keys(first).sort(), ['by_uuid', 'comment', 'container', 'content_type']);
    assert.deepEqual(first.container, { uuid: c.content_container_uuid, container_id: 'article-webhooks', kind: 'conversation' });
    assert.deepEqual([first.content_type, first.by_uuid, first.comment.content_uuid, first.comment.content, first.comment.actor.name], ['comment', reader.user.uuid, comment.content_uuid, 'First!', reader.user.name]);
    assert.equal('actions' in first.comment, false);
    const second = byType('reply.created');
    assert.deepEqual([second.content_type, second.comment.content_uuid, second.comment.parent_uuid], ['reply', reply.content_uuid, comment.content_uuid]);
    assert.equal((await lastDelivery(app, (await signupAs(app, 'admin')).access_token)).status, 'delivered');
  });

  test('edits, flags, moderation, deletion and bans arrive as their events', async (t) => {
    const { app, admin, sink } = await setup(t);
    const reader = await signup(app);
    const flagger = await signup(app);
    const c = await container(app);
    const comment = await postComment(app, reader.access_token, c.content_container_uuid, 'Words');
    resultOf(await call(app, 'POST', c, `content/${comment.content_uuid}/edit`, reader.access_token, { content: 'Better words' }));
    resultOf(await call(app, 'POST', c, `comments/${comment.content_uuid}/flag`, flagger.access_token));
    resultOf(await call(app, 'POST', c, `moderation/${comment.content_uuid}/disable`, admin.access_token));
    resultOf(await call(app, 'POST', c, `moderation/${comment.content_uuid}/enable`, admin.access_token));
    resultOf(await call(app, 'DELETE', c, `comments/${comment.content_uuid}`, admin.access_token)); // locked for its author now
    resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${reader.user.uuid}/ban`, headers: bearer(admin.access_token), payload: { ban_level: 'posting', reason: 'Spam links', permanent: true } }));
    await app.webhooks.tick();
    // Deliveries are not ordered (docs/webhooks.md): each event once, found by its type.
    const types = sink.received.map((r) => r.payload.type).sort();
    assert.deepEqual(types, ['comment.approved', 'comment.created', 'comment.deleted', 'comment.edited', 'comment.flagged', 'comment.rejected', 'user.banned']);
    const of = (type: string) => sink.received.find((r) => r.payload.type === type)!.payload.data as unknown as Record<string, unknown>;
    assert.equal(contentData(of('comment.edited')).comment.content, 'Better words');
    assert.equal('by_uuid' in of('comment.flagged'), false, 'the flagger stays private');
    assert.equal(JSON.stringify(of('comment.flagged')).includes(flagger.user.uuid), false);
    assert.deepEqual([contentData(of('comment.rejected')).by_uuid, contentData(of('comment.rejected')).comment.state], [admin.user.uuid, 'disabled']);
    assert.equal(contentData(of('comment.approved')).comment.state, 'visible');
    const deleted = contentData(of('comment.deleted')).comment;
    assert.deepEqual([deleted.state, deleted.content], ['deleted', ''], "a deleted comment's words are not sent");
    assert.deepEqual(
      { ...of('user.banned'), ban: { ...(of('user.banned')['ban'] as object), ban_uuid: 'x', date_created: 0 } },
      { user: { uuid: reader.user.uuid, name: reader.user.name }, ban: { ban_uuid: 'x', ban_level: 'posting', reason: 'Spam links', is_permanent: true, date_created: 0, date_expired: null }, by_uuid: admin.user.uuid },
    );
  });

  test('a webhook hears only the events it asked for', async (t) => {
    const { app, sink } = await setup(t, ['comment.deleted']);
    const reader = await signup(app);
    const c = await container(app);
    const comment = await postComment(app, reader.access_token, c.content_container_uuid, 'Hello');
    resultOf(await call(app, 'POST', c, `comments/${comment.content_uuid}/like`, (await signup(app)).access_token));
    await app.webhooks.tick();
    assert.equal(sink.received.length, 0);
    resultOf(await call(app, 'DELETE', c, `comments/${comment.content_uuid}`, reader.access_token));
    await app.webhooks.tick();
    assert.deepEqual(sink.received.map((r) => r.payload.type), ['comment.deleted']);
  });

  test('a failing receiver is retried after 10 s and 1 min, then the delivery fails (VF_WEBHOOK_MAX_ATTEMPTS)', async (t) => {
    const { app, admin, sink, advance } = await setup(t, ['comment.created'], { VF_WEBHOOK_MAX_ATTEMPTS: '3' });
    sink.answer = 500;
    const c = await container(app);
    await postComment(app, (await signup(app)).access_token, c.content_container_uuid, 'Hello');
    await app.webhooks.tick();
    let last = await lastDelivery(app, admin.access_token);
    assert.deepEqual([last.status, last.attempts, last.last_status, last.last_error], ['pending', 1, 500, 'HTTP 500']);
    assert.equal(last.next_attempt_at! - last.date_last_attempt!, 10_000);
    assert.equal(app.webhooks.pending, 1, 'the outbox depth /metrics shows');
    advance(9_000);
    await app.webhooks.tick();
    assert.equal(sink.received.length, 1, 'not before its time');
    advance(1_000);
    await app.webhooks.tick();
    last = await lastDelivery(app, admin.access_token);
    assert.deepEqual([sink.received.length, last.attempts, last.next_attempt_at! - last.date_last_attempt!], [2, 2, 60_000]);
    advance(60_000);
    await app.webhooks.tick();
    last = await lastDelivery(app, admin.access_token);
    assert.deepEqual([sink.received.length, last.status, last.attempts, last.next_attempt_at], [3, 'failed', 3, null]);
    assert.equal(new Set(sink.received.map((r) => r.payload.id)).size, 1, 'every retry is the same delivery');
    assert.equal(app.webhooks.pending, 0);
    advance(24 * 60 * 60_000);
    await app.webhooks.tick();
    assert.equal(sink.received.length, 3);
  });

  test('a receiver that does not answer in time is retried; the retry that succeeds delivers it', async (t) => {
    const { app, admin, sink, advance } = await setup(t, ['comment.created']);
    app.webhooks.timeoutMs = 300;
    sink.answer = 'hang';
    const c = await container(app);
    await postComment(app, (await signup(app)).access_token, c.content_container_uuid, 'Hello');
    await app.webhooks.tick();
    let last = await lastDelivery(app, admin.access_token);
    assert.deepEqual([last.status, last.last_status, last.last_error], ['pending', null, 'no answer within 0.3 s']);
    sink.answer = 200;
    advance(10_000);
    await app.webhooks.tick();
    last = await lastDelivery(app, admin.access_token);
    assert.deepEqual([last.status, last.attempts, last.last_status, last.last_error], ['delivered', 2, 200, null]);
  });

  test('a deleted webhook gets no more deliveries, retries included', async (t) => {
    const { app, admin, sink, hook, advance } = await setup(t, ['comment.created']);
    sink.answer = 503;
    const c = await container(app);
    const reader = await signup(app);
    await postComment(app, reader.access_token, c.content_container_uuid, 'One');
    await app.webhooks.tick();
    assert.equal(sink.received.length, 1);
    resultOf(await app.inject({ method: 'DELETE', url: `/api/v2/sites/${SITE}/webhooks/${hook.webhook_uuid}`, headers: bearer(admin.access_token) }));
    await postComment(app, reader.access_token, c.content_container_uuid, 'Two');
    advance(60 * 60_000);
    await app.webhooks.tick();
    assert.equal(sink.received.length, 1);
  });

  test('two workers on one database send each delivery once', async (t) => {
    const { app, sink } = await setup(t, ['comment.created']);
    const other = new WebhookWorker(app.db, app.log, { policy: app.webhooks.policy, timeoutMs: 5000, maxAttempts: 8 });
    const c = await container(app);
    const reader = await signup(app);
    for (let i = 0; i < 30; i++) await postComment(app, reader.access_token, c.content_container_uuid, `Comment ${i}`);
    await Promise.all([app.webhooks.tick(), other.tick(), other.tick()]);
    const ids = sink.received.map((r) => r.payload.id);
    assert.equal(ids.length, 30);
    assert.equal(new Set(ids).size, 30);
  });

  test('outside demo mode a target that resolves into a private network is refused when sending, not contacted', async (t) => {
    const app = await build(t, { VF_DEMO: '0' });
    const sink = await receiver(t);
    const admin = await signupAs(app, 'admin');
    const port = new URL(sink.url).port;
    // As if registered while public and moved since (a DNS change): stored straight into the table.
    for (const url of [`https://127.0.0.1:${port}/hooks`, `https://localhost:${port}/hooks`]) {
      const hook = await createWebhook(app.db, SITE, admin.user.uuid, { url, events: ['comment.created'], description: '' });
      await enqueueDeliveries(app.db, SITE, [hook.webhook_uuid], 'comment.created', { webhook_uuid: hook.webhook_uuid });
    }
    await app.webhooks.tick();
    const rows = await app.db.selectFrom('webhook_deliveries').select(['status', 'attempts', 'last_error']).execute();
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(Number(row.attempts), 1);
      assert.match(row.last_error!, /^refused: .*private address/);
    }
    assert.equal(sink.received.length, 0);
  });

  test('a delivery leased by a process that died is sent by another once the lease runs out', async (t) => {
    const { app, hook, sink, advance } = await setup(t, ['comment.created']);
    await app.webhooks.close(); // no background rounds: this test plays both processes
    const live = new WebhookWorker(app.db, app.log, { policy: app.webhooks.policy, timeoutMs: 1000, maxAttempts: 8 });
    live.now = app.webhooks.now;
    t.after(() => live.close());
    await enqueueDeliveries(app.db, SITE, [hook.webhook_uuid], 'comment.created', { webhook_uuid: hook.webhook_uuid }, live.now());
    // The dead process claimed it (its lease: its timeout plus 30 s) and never sent it.
    assert.equal((await claimDue(app.db, live.now(), 31_000, 10)).length, 1);
    await live.tick();
    assert.equal(sink.received.length, 0, 'not while the lease holds');
    advance(31_001);
    await live.tick();
    assert.equal(sink.received.length, 1);
    const [row] = await app.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    assert.deepEqual([row!.status, Number(row!.attempts)], ['delivered', 1]);
  });
});
