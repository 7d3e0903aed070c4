// Browser push (docs/push.md): the VAPID key, the user's push switch, subscriptions checked whole
// before anything is stored, and notifications delivered to a local RFC 8030 push service that
// checks VAPID and decrypts what it receives, as a browser's push service would.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { PushPayload } from '../../core/api/notificationTypes.ts';
import { pushNotifications } from '../../server/notifications/push.ts';
import type { NotificationsTable } from '../../server/storage/schema.ts';
import { updateSiteSettings } from '../../server/engine/sites.ts';
import { findOrCreatePage } from '../../server/pages/queries.ts';
import { startPushService, type PushService } from '../support/pushService.ts';
import { bearer, build, container, countRows, postComment, resultOf, SITE, signup } from './helpers.ts';

const OTHER_SITE = randomUUID();

async function withPushService(t: TestContext): Promise<PushService> {
  const service = await startPushService();
  t.after(() => service.close());
  return service;
}

async function pushOn(app: FastifyInstance): Promise<void> {
  await updateSiteSettings(app.db, SITE, { enable_push_notifications: true });
}

const subscribe = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/v5/subscriptions/${SITE}/push`, headers: bearer(token), payload: { service_type: 'web_push', ...body } });

function notificationRow(fields: Partial<NotificationsTable> & Pick<NotificationsTable, 'user_uuid' | 'actor_uuid' | 'type'>): NotificationsTable {
  return { uuid: randomUUID(), site_uuid: SITE, grouping_key: `${fields.type}:x`, content_uuid: null, container_uuid: null, target_uuid: null, status: 'new', date_created: Date.now(), ...fields };
}

test('the VAPID public key is made once, kept, and the same on every call', async (t) => {
  const app = await build(t);
  const keyOf = async () => resultOf<{ public_key: string }>(await app.inject({ method: 'GET', url: `/api/v5/notifications/${SITE}/push/key` })).public_key;
  const first = await keyOf();
  assert.equal(Buffer.from(first, 'base64url').length, 65);
  assert.equal(await keyOf(), first);
  assert.equal(await countRows(app, 'server_keys'), 1);
});

test('is_user_notification_on is off by default, set by the user, and refused to guests and other sites', async (t) => {
  const app = await build(t);
  const reader = await signup(app);
  const url = `/api/v5/notifications/${SITE}/settings`;
  assert.equal((await app.inject({ method: 'GET', url })).statusCode, 401);
  assert.deepEqual(resultOf(await app.inject({ method: 'GET', url, headers: bearer(reader.access_token) })), { is_user_notification_on: false });
  const set = await app.inject({ method: 'POST', url, headers: bearer(reader.access_token), payload: { is_user_notification_on: true } });
  assert.deepEqual(resultOf(set), { is_user_notification_on: true });
  assert.deepEqual(resultOf(await app.inject({ method: 'GET', url, headers: bearer(reader.access_token) })), { is_user_notification_on: true });
  const elsewhere = await app.inject({ method: 'GET', url: `/api/v5/notifications/${OTHER_SITE}/settings`, headers: bearer(reader.access_token) });
  assert.deepEqual([elsewhere.statusCode, elsewhere.json().message], [403, 'This account belongs to another site']);
  const bad = await app.inject({ method: 'POST', url, headers: bearer(reader.access_token), payload: { is_user_notification_on: 'yes' } });
  assert.equal(bad.statusCode, 400);
});

test('a bad subscription gets a 400 naming the field and stores nothing', async (t) => {
  const app = await build(t);
  await pushOn(app);
  const push = await withPushService(t);
  const reader = await signup(app);
  const good = push.subscriber();
  const base = { subscription_id: good.id, endpoint: good.endpoint, public_key: good.public_key, auth_secret: good.auth_secret };
  const offCurve = Buffer.alloc(65, 7);
  offCurve[0] = 4;
  const cases: [Record<string, unknown>, number, string][] = [
    [{ service_type: 'fcm' }, 400, 'Unsupported service_type fcm'],
    [{ endpoint: 'http://push.example.com/x' }, 400, 'endpoint must be an https: URL of a push service'],
    [{ endpoint: 'not a url' }, 400, 'endpoint must be an https: URL of a push service'],
    // The server POSTs to the endpoint: only push services' hosts (no internal address to probe).
    [{ endpoint: 'https://intranet.example.com/admin' }, 400, 'endpoint must be an https: URL of a push service'],
    [{ endpoint: 'https://fcm.googleapis.com.evil.example/x' }, 400, 'endpoint must be an https: URL of a push service'],
    [{ public_key: offCurve.toString('base64url') }, 400, 'public_key must be a base64url uncompressed P-256 public key (65 bytes)'],
    [{ public_key: Buffer.alloc(33, 2).toString('base64url') }, 400, 'public_key must be a base64url uncompressed P-256 public key (65 bytes)'],
    [{ public_key: 'not*base64' }, 400, 'public_key must be a base64url uncompressed P-256 public key (65 bytes)'],
    [{ auth_secret: Buffer.alloc(8).toString('base64url') }, 400, 'auth_secret must be 16 bytes in base64url'],
  ];
  for (const [change, status, message] of cases) {
    const response = await subscribe(app, reader.access_token, { ...base, ...change });
    assert.deepEqual([response.statusCode, response.json().message], [status, message], JSON.stringify(change));
  }
  const missing = await subscribe(app, reader.access_token, { subscription_id: good.id, endpoint: good.endpoint, public_key: good.public_key });
  assert.deepEqual([missing.statusCode, missing.json().field], [400, 'auth_secret']);
  assert.equal((await subscribe(app, '', base)).statusCode, 401);
  assert.equal(await countRows(app, 'push_subscriptions'), 0);
  const settings = await app.inject({ method: 'GET', url: `/api/v5/notifications/${SITE}/settings`, headers: bearer(reader.access_token) });
  assert.deepEqual(resultOf(settings), { is_user_notification_on: false });
  // A real push service's endpoint is taken.
  resultOf(await subscribe(app, reader.access_token, { ...base, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' }));
});

test('outside demo mode a local endpoint is refused: only the push services\' hosts (VF_PUSH_HOSTS)', async (t) => {
  const app = await build(t, { VF_DEMO: '0', VF_PUSH_HOSTS: 'push.example.net' });
  await pushOn(app);
  const push = await withPushService(t);
  const reader = await signup(app);
  const s = push.subscriber();
  const body = { subscription_id: s.id, endpoint: s.endpoint, public_key: s.public_key, auth_secret: s.auth_secret };
  assert.equal((await subscribe(app, reader.access_token, body)).statusCode, 400);
  assert.equal((await subscribe(app, reader.access_token, { ...body, endpoint: 'https://fcm.googleapis.com/fcm/send/x' })).statusCode, 400);
  resultOf(await subscribe(app, reader.access_token, { ...body, endpoint: 'https://eu.push.example.net/x' }));
  assert.equal(await countRows(app, 'push_subscriptions'), 1);
});

test('subscribing needs enable_push_notifications; it turns push on, and removing the last subscription turns it off', async (t) => {
  const app = await build(t);
  const push = await withPushService(t);
  const reader = await signup(app);
  const s = push.subscriber();
  const body = { subscription_id: s.id, endpoint: s.endpoint, public_key: s.public_key, auth_secret: s.auth_secret };
  const refused = await subscribe(app, reader.access_token, body);
  assert.deepEqual([refused.statusCode, refused.json().message], [403, 'Push notifications are not enabled on this site']);
  await pushOn(app);
  assert.deepEqual(resultOf(await subscribe(app, reader.access_token, body)), { subscription_id: s.id, subscribed: true });
  const settingsUrl = `/api/v5/notifications/${SITE}/settings`;
  assert.deepEqual(resultOf(await app.inject({ method: 'GET', url: settingsUrl, headers: bearer(reader.access_token) })), { is_user_notification_on: true });
  const unsubscribe = (service_type: string) =>
    app.inject({ method: 'DELETE', url: `/api/v5/subscriptions/${SITE}/push`, headers: bearer(reader.access_token), payload: { service_type, subscription_id: s.id } });
  assert.equal((await unsubscribe('apns')).json().message, 'Unsupported service_type apns');
  assert.deepEqual(resultOf(await unsubscribe('web_push')), { subscription_id: s.id, subscribed: false });
  assert.equal(await countRows(app, 'push_subscriptions'), 0);
  assert.deepEqual(resultOf(await app.inject({ method: 'GET', url: settingsUrl, headers: bearer(reader.access_token) })), { is_user_notification_on: false });
});

test('a reply notification reaches the push service signed, encrypted, and in the language of its page', async (t) => {
  const app = await build(t);
  await pushOn(app);
  const push = await withPushService(t);
  const [author, replier] = [await signup(app), await signup(app, 'AdaReplier')];
  const s = push.subscriber();
  resultOf(await subscribe(app, author.access_token, { subscription_id: s.id, endpoint: s.endpoint, public_key: s.public_key, auth_secret: s.auth_secret }));
  const c = await container(app, 'push-article');
  await findOrCreatePage(app.db, SITE, {
    unique_id: 'push-article', url: 'https://news.example/artikel', title: 'Artikel', description: '', image_url: null, image_alt: null, page_type: 'article', owners: [], topics: [], page_section: null, lang: 'de-DE',
  });
  const parent = await postComment(app, author.access_token, c.content_container_uuid, 'My take');
  const reply = await postComment(app, replier.access_token, c.content_container_uuid, 'I <b>agree</b> &amp; more', parent.content_uuid);
  const row = notificationRow({ user_uuid: author.user.uuid, actor_uuid: replier.user.uuid, type: 'reply', content_uuid: reply.content_uuid, grouping_key: `reply:${parent.content_uuid}` });

  await pushNotifications(app, [row]);
  const [message] = await push.until(1);
  const german = JSON.parse(readFileSync('i18n/de-de/base.json', 'utf8'))['base.push.message.reply'] as string;
  const expected: PushPayload = {
    title: german.replace('{name}', 'AdaReplier'),
    body: 'I agree & more',
    url: `https://news.example/artikel#vf-${reply.content_uuid}`,
    tag: `reply:${parent.content_uuid}`,
    icon: null,
  };
  assert.deepEqual(message!.payload, expected);
  assert.equal(message!.ttl, 86400);
  assert.deepEqual([message!.claims.aud, message!.claims.sub], [push.origin, 'mailto:admin@127.0.0.1']);
});

test('a broadcast is pushed with its own title, description and address; push off or site push off sends nothing', async (t) => {
  const app = await build(t);
  await pushOn(app);
  const push = await withPushService(t);
  const [reader, quiet, moderator] = [await signup(app), await signup(app), await signup(app)];
  for (const account of [reader, quiet]) {
    const s = push.subscriber();
    resultOf(await subscribe(app, account.access_token, { subscription_id: s.id, endpoint: s.endpoint, public_key: s.public_key, auth_secret: s.auth_secret }));
  }
  // quiet keeps the subscription but switches push off.
  resultOf(await app.inject({ method: 'POST', url: `/api/v5/notifications/${SITE}/settings`, headers: bearer(quiet.access_token), payload: { is_user_notification_on: false } }));
  const broadcast = randomUUID();
  await app.db
    .insertInto('broadcasts')
    .values({ uuid: broadcast, site_uuid: SITE, actor_uuid: moderator.user.uuid, topic_id: null, title: 'Polls open', description: 'Vote today', url: 'https://news.example/vote', image_url: null, image_alt: null, date_created: Date.now() })
    .execute();
  const rowFor = (user_uuid: string) => notificationRow({ user_uuid, actor_uuid: moderator.user.uuid, type: 'broadcast_site', target_uuid: broadcast, grouping_key: `broadcast:${broadcast}` });

  await pushNotifications(app, [rowFor(reader.user.uuid), rowFor(quiet.user.uuid)]);
  const received = await push.until(1);
  assert.deepEqual(received.map((m) => m.payload), [{ title: 'Polls open', body: 'Vote today', url: 'https://news.example/vote', tag: `broadcast:${broadcast}`, icon: null }]);

  await updateSiteSettings(app.db, SITE, { enable_push_notifications: false });
  await pushNotifications(app, [rowFor(reader.user.uuid)]);
  assert.equal(push.received.length, 1);
});

test('a subscription the push service calls gone (410) is removed', async (t) => {
  const app = await build(t);
  await pushOn(app);
  const push = await withPushService(t);
  const [reader, follower] = [await signup(app), await signup(app)];
  const s = push.subscriber();
  resultOf(await subscribe(app, reader.access_token, { subscription_id: s.id, endpoint: s.endpoint, public_key: s.public_key, auth_secret: s.auth_secret }));
  push.gone(s.id);

  await pushNotifications(app, [notificationRow({ user_uuid: reader.user.uuid, actor_uuid: follower.user.uuid, type: 'follow', target_uuid: reader.user.uuid })]);
  assert.equal(await countRows(app, 'push_subscriptions'), 0);
  assert.equal(push.received.length, 0);
});
