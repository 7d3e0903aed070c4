/**
 * Webhooks' admin API (docs/webhooks.md): admins register, change, list and remove webhooks;
 * the secret shows once; a test ping arrives signed; readers, moderators and guests are refused;
 * bad URLs are refused and nothing is stored; outside demo mode private targets are refused
 * unless VF_WEBHOOK_ALLOW_PRIVATE=1.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Webhook, WebhookDelivery } from '../../core/api/webhookTypes.ts';
import { addOtherSite, OTHER_SITE } from './comment-calls.ts';
import { bearer, build, countRows, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { receiver, verifySignature } from './support/webhookReceiver.ts';
import { MAX_WEBHOOKS_PER_SITE } from '../../server/webhooks/routes.ts';

const base = `/api/v2/sites/${SITE}/webhooks`;

function hooks(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', token: string | undefined, path = '', payload?: object) {
  return app.inject({ method, url: `${base}${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

describe('webhooks API', () => {
  test('an admin registers a webhook: the secret shows once, the list never shows it, changes and removal stick', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const created = resultOf<Webhook>(await hooks(app, 'POST', admin.access_token, '', { url: 'https://hooks.example.com/vf', events: ['comment.created', 'user.banned'], description: ' CRM sync ' }));
    assert.match(created.secret!, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual({ ...created, secret: undefined, webhook_uuid: undefined, date_created: undefined, date_updated: undefined }, {
      url: 'https://hooks.example.com/vf', description: 'CRM sync', events: ['comment.created', 'user.banned'], last_delivery: null,
      secret: undefined, webhook_uuid: undefined, date_created: undefined, date_updated: undefined,
    });
    const listed = resultOf<Webhook[]>(await hooks(app, 'GET', admin.access_token));
    assert.equal(listed.length, 1);
    assert.equal('secret' in listed[0]!, false, 'the list never carries the secret');
    assert.equal(JSON.stringify(listed).includes(created.secret!), false);

    const changed = resultOf<Webhook>(await hooks(app, 'PATCH', admin.access_token, `/${created.webhook_uuid}`, { events: ['comment.deleted'], description: 'audit' }));
    assert.deepEqual([changed.url, changed.events, changed.description, 'secret' in changed], ['https://hooks.example.com/vf', ['comment.deleted'], 'audit', false]);

    const rotated = resultOf<Webhook>(await hooks(app, 'POST', admin.access_token, `/${created.webhook_uuid}/secret`));
    assert.match(rotated.secret!, /^whsec_/);
    assert.notEqual(rotated.secret, created.secret);

    assert.deepEqual(resultOf(await hooks(app, 'DELETE', admin.access_token, `/${created.webhook_uuid}`)), { webhook_uuid: created.webhook_uuid, removed: true });
    assert.deepEqual(resultOf(await hooks(app, 'GET', admin.access_token)), []);
    assert.equal((await hooks(app, 'DELETE', admin.access_token, `/${created.webhook_uuid}`)).statusCode, 404);
  });

  test('a test ping arrives signed with the secret and shows as the last delivery', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const sink = await receiver(t);
    const hook = resultOf<Webhook>(await hooks(app, 'POST', admin.access_token, '', { url: sink.url, events: ['comment.created'] }));
    const ping = resultOf<WebhookDelivery>(await hooks(app, 'POST', admin.access_token, `/${hook.webhook_uuid}/ping`));
    assert.deepEqual([ping.event, ping.status, ping.attempts, ping.last_status, ping.last_error], ['webhook.ping', 'delivered', 1, 204, null]);
    const [got] = sink.received;
    assert.ok(verifySignature(hook.secret!, got!.headers['x-vf-signature'] as string, got!.body), 'the signature verifies with the secret');
    assert.equal(verifySignature('whsec_wrong', got!.headers['x-vf-signature'] as string, got!.body), false);
    assert.equal(got!.headers['x-vf-event'], 'webhook.ping');
    assert.equal(got!.headers['x-vf-delivery'], ping.delivery_uuid);
    assert.deepEqual({ ...got!.payload, created_at: undefined }, { id: ping.delivery_uuid, type: 'webhook.ping', site: SITE, created_at: undefined, data: { webhook_uuid: hook.webhook_uuid } });
    assert.ok(!Number.isNaN(Date.parse(got!.payload.created_at)));

    const [listed] = resultOf<Webhook[]>(await hooks(app, 'GET', admin.access_token));
    assert.deepEqual(listed!.last_delivery, ping);
    assert.deepEqual(resultOf<WebhookDelivery[]>(await hooks(app, 'GET', admin.access_token, `/${hook.webhook_uuid}/deliveries`)), [ping]);

    sink.answer = 500;
    const failed = resultOf<WebhookDelivery>(await hooks(app, 'POST', admin.access_token, `/${hook.webhook_uuid}/ping`));
    assert.deepEqual([failed.status, failed.last_status, failed.last_error, failed.next_attempt_at], ['failed', 500, 'HTTP 500', null], 'a ping is not retried');
  });

  test('guests get 401; readers, moderators and admins of another site get 403; nothing is stored', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const hook = resultOf<Webhook>(await hooks(app, 'POST', admin.access_token, '', { url: 'https://hooks.example.com/', events: ['comment.created'] }));
    const reader = await signup(app);
    const mod = await signupAs(app, 'mod');
    const body = { url: 'https://evil.example.com/', events: ['comment.created'] };
    for (const [token, status] of [[undefined, 401], [reader.access_token, 403], [mod.access_token, 403]] as const) {
      assert.equal((await hooks(app, 'GET', token)).statusCode, status);
      assert.equal((await hooks(app, 'POST', token, '', body)).statusCode, status);
      assert.equal((await hooks(app, 'PATCH', token, `/${hook.webhook_uuid}`, { url: body.url })).statusCode, status);
      assert.equal((await hooks(app, 'DELETE', token, `/${hook.webhook_uuid}`)).statusCode, status);
      assert.equal((await hooks(app, 'POST', token, `/${hook.webhook_uuid}/secret`)).statusCode, status);
      assert.equal((await hooks(app, 'POST', token, `/${hook.webhook_uuid}/ping`)).statusCode, status);
      assert.equal((await hooks(app, 'GET', token, `/${hook.webhook_uuid}/deliveries`)).statusCode, status);
    }
    await addOtherSite(app);
    const elsewhere = await app.inject({ method: 'POST', url: `/api/v2/sites/${OTHER_SITE}/webhooks`, headers: bearer(admin.access_token), payload: body });
    assert.equal(elsewhere.statusCode, 403, "an admin of this site is no admin of another");
    const [listed] = resultOf<Webhook[]>(await hooks(app, 'GET', admin.access_token));
    assert.equal(listed!.url, 'https://hooks.example.com/');
    assert.equal(await countRows(app, 'webhooks'), 1);
    assert.equal(await countRows(app, 'webhook_deliveries'), 0);
  });

  test('bad URLs and event lists answer 400 with the reason, and nothing is stored', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const cases: [object, RegExp][] = [
      [{ url: 'ftp://hooks.example.com/', events: ['comment.created'] }, /https:\/\//],
      [{ url: 'http://hooks.example.com/', events: ['comment.created'] }, /https:\/\//],
      [{ url: 'https://user:pw@hooks.example.com/', events: ['comment.created'] }, /user name or password/],
      [{ url: 'not a url', events: ['comment.created'] }, /not a valid URL/],
      [{ url: `https://hooks.example.com/${'a'.repeat(2048)}`, events: ['comment.created'] }, /url/],
      [{ url: 'https://hooks.example.com/', events: [] }, /events/],
      [{ url: 'https://hooks.example.com/', events: ['comment.exploded'] }, /events/],
      [{ url: 'https://hooks.example.com/', events: ['comment.created', 'comment.created'] }, /events/],
      [{ url: 'https://hooks.example.com/' }, /events/],
      [{ url: 'https://hooks.example.com/', events: ['comment.created'], secret: 'mine' }, /secret/],
    ];
    for (const [body, message] of cases) {
      const response = await hooks(app, 'POST', admin.access_token, '', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.match((response.json() as { message: string }).message, message);
    }
    assert.equal(await countRows(app, 'webhooks'), 0);
  });

  test(`a site has at most ${MAX_WEBHOOKS_PER_SITE} webhooks: one more is a 400 and is not stored`, async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    for (let i = 0; i < MAX_WEBHOOKS_PER_SITE; i++) {
      assert.equal((await hooks(app, 'POST', admin.access_token, '', { url: `https://hooks.example.com/${i}`, events: ['comment.created'] })).statusCode, 200);
    }
    const over = await hooks(app, 'POST', admin.access_token, '', { url: 'https://hooks.example.com/over', events: ['comment.created'] });
    assert.equal(over.statusCode, 400);
    assert.match((over.json() as { message: string }).message, new RegExp(`at most ${MAX_WEBHOOKS_PER_SITE} webhooks`));
    assert.equal(await countRows(app, 'webhooks'), MAX_WEBHOOKS_PER_SITE);
  });

  test('outside demo mode: https only, private-network targets refused unless VF_WEBHOOK_ALLOW_PRIVATE=1', async (t) => {
    const strict = await build(t, { VF_DEMO: '0' });
    const admin = await signupAs(strict, 'admin');
    for (const url of ['http://127.0.0.1:9/', 'https://127.0.0.1/', 'https://localhost/', 'https://10.1.2.3/', 'https://192.168.0.10/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://[fd00::1]/', 'https://[::ffff:10.0.0.1]/']) {
      const response = await hooks(strict, 'POST', admin.access_token, '', { url, events: ['comment.created'] });
      assert.equal(response.statusCode, 400, url);
    }
    assert.equal(await countRows(strict, 'webhooks'), 0);

    const open = await build(t, { VF_DEMO: '0', VF_WEBHOOK_ALLOW_PRIVATE: '1' });
    const other = await signupAs(open, 'admin');
    resultOf(await hooks(open, 'POST', other.access_token, '', { url: 'https://10.1.2.3/hooks', events: ['comment.created'] }));
    assert.equal((await hooks(open, 'POST', other.access_token, '', { url: 'http://10.1.2.3/hooks', events: ['comment.created'] })).statusCode, 400, 'still https only');
  });
});
