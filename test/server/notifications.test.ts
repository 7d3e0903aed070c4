// Notifications (docs/notifications.md): what creates one, who never gets one, the list's shape and
// rules, status moving forward, and live delivery on the user's own channel.
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { NotificationFeed } from '../../core/api/notificationTypes.ts';
import { setSiteSettings } from './comment-calls.ts';
import { connect } from './realtime-client.ts';
import { seed } from '../../server/demo/index.ts';
import { bearer, build, buildWithDemoContent, container, countRows, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';

const v5 = `/api/v5`;
const feedOf = async (app: FastifyInstance, token: string, query = '') =>
  resultOf<NotificationFeed>(await app.inject({ method: 'GET', url: `${v5}/notifications/${SITE}/all${query}`, headers: bearer(token) }));
const like = (app: FastifyInstance, token: string, c: string, item: string, method: 'POST' | 'DELETE' = 'POST') =>
  app.inject({ method, url: `/api/comments/${SITE}/${c}/comments/${item}/like`, headers: bearer(token) });

test('a reply, likes and a follow notify the author; grouped by key; own actions never notify', async (t) => {
  const app = await build(t);
  const [ada, bob, cy] = [await signup(app), await signup(app), await signup(app)];
  const c = (await container(app)).content_container_uuid;
  const mine = await postComment(app, ada.access_token, c, 'my take');
  await postComment(app, ada.access_token, c, 'talking to myself', mine.content_uuid);
  const reply = await postComment(app, bob.access_token, c, 'a reply', mine.content_uuid);
  for (const reader of [bob, cy]) resultOf(await like(app, reader.access_token, c, mine.content_uuid));
  resultOf(await like(app, cy.access_token, c, mine.content_uuid, 'DELETE'));
  resultOf(await like(app, cy.access_token, c, mine.content_uuid)); // given again: still one notification
  resultOf(await like(app, ada.access_token, c, mine.content_uuid)); // own like: none
  resultOf(await app.inject({ method: 'POST', url: `${v5}/subscriptions/${SITE}/users/${ada.user.uuid}`, headers: bearer(cy.access_token) }));

  const feed = await feedOf(app, ada.access_token);
  assert.deepEqual(feed.notifications.map((n) => [n.notification_type, n.actor_uuid]), [
    ['follow', cy.user.uuid], ['like', cy.user.uuid], ['like', bob.user.uuid], ['reply', bob.user.uuid],
  ]);
  assert.deepEqual(feed.groups.map((g) => [g.grouping_key, g.notifications.length]), [
    [`follow:${ada.user.uuid}`, 1], [`like:${mine.content_uuid}`, 2], [`reply:${mine.content_uuid}`, 1],
  ]);
  const replyNote = feed.notifications.find((n) => n.notification_type === 'reply')!;
  assert.deepEqual([replyNote.content_uuid, replyNote.target_uuid, replyNote.service_type, replyNote.status], [reply.content_uuid, mine.content_uuid, 'comments', 'new']);
  assert.equal(feed.contents[reply.content_uuid]!.excerpt, 'a reply');
  assert.equal(feed.actors[bob.user.uuid]!.name, bob.user.name);
  assert.equal(feed.counts.new, 4);
  assert.match(feed.channel, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.notEqual(feed.channel, (await feedOf(app, bob.access_token)).channel);

  assert.deepEqual((await feedOf(app, ada.access_token, '?filter=likes')).notifications.map((n) => n.notification_type), ['like', 'like']);
  assert.deepEqual((await feedOf(app, ada.access_token, '?filter=replies')).notifications.map((n) => n.notification_type), ['reply']);
  assert.equal((await feedOf(app, ada.access_token, '?filter=editor-picks')).notifications.length, 0);
  const mod = await signupAs(app, 'mod');
  resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${c}/comments/${reply.content_uuid}/pick`, headers: bearer(mod.access_token) }));
  assert.deepEqual((await feedOf(app, ada.access_token, '?filter=editor-picks')).notifications.map((n) => n.content_uuid), [reply.content_uuid]);
  assert.equal((await feedOf(app, ada.access_token, '?limit=2')).notifications.length, 2);
  const older = await feedOf(app, ada.access_token, `?before=${feed.notifications[1]!.time}`);
  assert.ok(older.notifications.every((n) => n.time < feed.notifications[1]!.time));

  assert.equal((await app.inject({ method: 'GET', url: `${v5}/notifications/${SITE}/all` })).statusCode, 401);
  assert.equal((await app.inject({ method: 'GET', url: `${v5}/notifications/${SITE}/all?filter=dislikes`, headers: bearer(ada.access_token) })).statusCode, 400);
});

test('muted, site-muted and ghost-banned actors and content that is not visible never notify, and drop out of the list later; a held reply notifies on approval', async (t) => {
  const app = await build(t);
  const [ada, muted, siteMuted, banned, later] = [await signup(app), await signup(app), await signup(app), await signup(app), await signup(app)];
  const mod = await signupAs(app, 'mod');
  const c = (await container(app)).content_container_uuid;
  const mine = await postComment(app, ada.access_token, c, 'my take');
  await setSiteSettings(app, { enable_muting: true });
  resultOf(await app.inject({ method: 'PUT', url: `/api/v2/mutes/${muted.user.uuid}`, headers: bearer(ada.access_token) }));
  await postComment(app, muted.access_token, c, 'muted reply', mine.content_uuid);
  await app.db.updateTable('users').set({ is_muted: 1 }).where('uuid', '=', siteMuted.user.uuid).execute();
  resultOf(await like(app, siteMuted.access_token, c, mine.content_uuid)); // muted by the site: reads and reacts, notifies no one
  await postComment(app, banned.access_token, c, 'before the ban', mine.content_uuid);
  // A ghost ban given afterwards hides what they did (a banned user can no longer post or react at all).
  resultOf(await app.inject({ method: 'POST', url: `/api/v2/users/${banned.user.uuid}/ban`, headers: bearer(mod.access_token), payload: { ban_level: 'ghost', reason: 'no', permanent: true } }));
  resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${c}/settings`, headers: bearer(mod.access_token), payload: { is_premoderated: true } }));
  const held = await postComment(app, later.access_token, c, 'held for a moderator', mine.content_uuid);
  resultOf(await app.inject({ method: 'DELETE', url: `/api/comments/${SITE}/${c}/settings`, headers: bearer(mod.access_token), payload: { is_premoderated: true } }));
  assert.equal(held.state, 'awaiting_moderation');
  const lateReply = await postComment(app, later.access_token, c, 'fine at first', mine.content_uuid);
  assert.deepEqual((await feedOf(app, ada.access_token)).notifications.map((n) => n.actor_uuid), [later.user.uuid]);

  resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${c}/moderation/${lateReply.content_uuid}/spam`, headers: bearer(mod.access_token) }));
  const feed = await feedOf(app, ada.access_token);
  assert.deepEqual([feed.notifications.length, feed.groups.length], [0, 0]);

  // The held reply notifies once a moderator approves it.
  resultOf(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${c}/moderation/${held.content_uuid}/enable`, headers: bearer(mod.access_token) }));
  assert.deepEqual((await feedOf(app, ada.access_token)).notifications.map((n) => n.content_uuid), [held.content_uuid]);
});

test('new content by a followed user and on a followed page; one notification per recipient', async (t) => {
  const app = await build(t);
  const [ada, bob, cy] = [await signup(app), await signup(app), await signup(app)];
  const page = resultOf<{ id: string }>(await app.inject({
    method: 'POST', url: '/api/v2/pages', headers: bearer(bob.access_token),
    payload: { section: SITE, title: 'The article', url: 'http://127.0.0.1/article.html', unique_id: 'article-1', page_type: 'article' },
  }));
  const c = (await container(app, 'article-1')).content_container_uuid;
  resultOf(await app.inject({ method: 'POST', url: `${v5}/subscriptions/${SITE}/users/${bob.user.uuid}`, headers: bearer(ada.access_token) }));
  resultOf(await app.inject({ method: 'POST', url: `${v5}/subscriptions/${SITE}/pages/${page.id}`, headers: bearer(ada.access_token) }));
  resultOf(await app.inject({ method: 'POST', url: `${v5}/subscriptions/${SITE}/pages/${page.id}`, headers: bearer(cy.access_token) }));
  const bobs = await postComment(app, bob.access_token, c, 'by bob');
  const adas = await postComment(app, ada.access_token, c, 'by ada'); // cy hears of it through the page
  await postComment(app, bob.access_token, c, 'bob answers ada', adas.content_uuid);

  const forAda = await feedOf(app, ada.access_token);
  assert.deepEqual(forAda.notifications.map((n) => n.notification_type), ['reply', 'subscribed_user_content']);
  assert.equal(forAda.contents[bobs.content_uuid]!.url, `http://127.0.0.1/article.html#vf-${bobs.content_uuid}`);
  const forCy = await feedOf(app, cy.access_token);
  assert.deepEqual(forCy.notifications.map((n) => [n.notification_type, n.actor_uuid]), [
    ['subscribed_page_content', bob.user.uuid], ['subscribed_page_content', ada.user.uuid], ['subscribed_page_content', bob.user.uuid],
  ]);
  assert.equal(new Set(forCy.notifications.map((n) => n.grouping_key)).size, 1);

  const pages = resultOf<{ items: { page_uuid: string; title: string }[] }>(await app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/pages`, headers: bearer(ada.access_token) }));
  assert.deepEqual(pages.items.map((p) => [p.page_uuid, p.title]), [[page.id, 'The article']]);
  const follows = resultOf<{ total_count: number; items: { user_uuid: string }[] }>(await app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/users/subscriptions`, headers: bearer(ada.access_token) }));
  assert.deepEqual([follows.total_count, follows.items.map((i) => i.user_uuid)], [1, [bob.user.uuid]]);
  const followers = resultOf<{ items: { user_uuid: string }[] }>(await app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/users/subscribers`, headers: bearer(bob.access_token) }));
  assert.deepEqual(followers.items.map((i) => i.user_uuid), [ada.user.uuid]);

  const self = await app.inject({ method: 'POST', url: `${v5}/subscriptions/${SITE}/users/${ada.user.uuid}`, headers: bearer(ada.access_token) });
  assert.deepEqual([self.statusCode, self.json().message], [403, 'Users cannot follow themselves']);
  const unknownPage = await app.inject({ method: 'POST', url: `${v5}/subscriptions/${SITE}/pages/${crypto.randomUUID()}`, headers: bearer(ada.access_token) });
  assert.equal(unknownPage.statusCode, 404);
  resultOf(await app.inject({ method: 'DELETE', url: `${v5}/subscriptions/${SITE}/pages/${page.id}`, headers: bearer(ada.access_token) }));
  assert.deepEqual(resultOf(await app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/pages/${page.id}`, headers: bearer(ada.access_token) })), { page_uuid: page.id, subscribed: false });
});

test('seen and read move forward only; delete is the owner\'s alone', async (t) => {
  const app = await build(t);
  const [ada, bob] = [await signup(app), await signup(app)];
  const c = (await container(app)).content_container_uuid;
  const mine = await postComment(app, ada.access_token, c, 'my take');
  for (let i = 0; i < 3; i++) await postComment(app, bob.access_token, c, `reply ${i}`, mine.content_uuid);
  const [first, second, third] = (await feedOf(app, ada.access_token)).notifications.map((n) => n.notification_uuid);
  const patch = (status: string, uuid: string, token = ada.access_token) =>
    app.inject({ method: 'PATCH', url: `${v5}/notifications/${SITE}/${status}/${uuid}`, headers: bearer(token) });

  assert.deepEqual(resultOf(await patch('read', first!)), { notification_uuid: first, status: 'read' });
  assert.deepEqual(resultOf(await patch('seen', first!)), { notification_uuid: first, status: 'read' }); // never back
  assert.equal((await patch('read', second!, bob.access_token)).statusCode, 404);
  resultOf(await patch('seen', 'all'));
  assert.deepEqual((await feedOf(app, ada.access_token)).notifications.map((n) => n.status), ['read', 'seen', 'seen']);
  assert.equal((await feedOf(app, ada.access_token)).counts.new, 0);
  assert.equal((await patch('seen', 'nope')).statusCode, 400);
  // The client sends a PATCH as a POST with verb PATCH (platform.md §7).
  const viaPost = await app.inject({ method: 'POST', url: `${v5}/notifications/${SITE}/read/all`, headers: bearer(ada.access_token), payload: { verb: 'PATCH', section: SITE } });
  assert.deepEqual(resultOf(viaPost), { notification_uuid: 'all', status: 'read' });
  assert.deepEqual((await feedOf(app, ada.access_token)).notifications.map((n) => n.status), ['read', 'read', 'read']);

  const remove = (uuid: string, token: string) => app.inject({ method: 'DELETE', url: `${v5}/notifications/${SITE}/single/${uuid}`, headers: bearer(token) });
  assert.equal((await remove(third!, bob.access_token)).statusCode, 404);
  assert.deepEqual(resultOf(await remove(third!, ada.access_token)), { notification_uuid: third, deleted: true });
  assert.equal((await feedOf(app, ada.access_token)).notifications.length, 2);
  assert.equal(await countRows(app, 'notifications'), 2);
});

test('topics: follow, count, list, bad input; a topic broadcast reaches its followers only, a site broadcast everyone', async (t) => {
  const app = await build(t);
  const [ada, bob, cy] = [await signup(app), await signup(app), await signup(app)];
  const admin = await signupAs(app, 'admin');
  const topicUrl = `${v5}/notifications/${SITE}/topics/politics`;
  const followed = resultOf<{ topic_id: string; topic_name: string; topic_type: string }>(
    await app.inject({ method: 'POST', url: topicUrl, headers: bearer(ada.access_token), payload: { topic_name: 'Politics' } }));
  assert.deepEqual([followed.topic_id, followed.topic_name, followed.topic_type], ['politics', 'Politics', 'topic']);
  resultOf(await app.inject({ method: 'POST', url: topicUrl, headers: bearer(ada.access_token), payload: { topic_name: 'Politics' } })); // idempotent
  resultOf(await app.inject({ method: 'POST', url: topicUrl, headers: bearer(bob.access_token), payload: { topic_name: 'Politics', topic_type: 'section' } }));
  const count = () => app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/topics/politics/count` }).then((r) => resultOf<{ count: number }>(r).count);
  assert.equal(await count(), 2);
  assert.equal((await app.inject({ method: 'POST', url: topicUrl, payload: { topic_name: 'Politics' } })).statusCode, 401);
  const rows = await countRows(app, 'topic_follows');
  for (const [url, payload] of [[`${v5}/notifications/${SITE}/topics/bad%20id`, { topic_name: 'x' }], [topicUrl, { topic_name: '' }], [topicUrl, {}], [topicUrl, { topic_name: '   ' }]] as const) {
    assert.equal((await app.inject({ method: 'POST', url, headers: bearer(cy.access_token), payload })).statusCode, 400, `${url} ${JSON.stringify(payload)}`);
  }
  assert.equal(await countRows(app, 'topic_follows'), rows);
  resultOf(await app.inject({ method: 'DELETE', url: topicUrl, headers: bearer(bob.access_token) }));
  assert.equal(await count(), 1);
  const mine = resultOf<{ items: { topic_id: string }[] }>(await app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/topics`, headers: bearer(ada.access_token) }));
  assert.deepEqual(mine.items.map((i) => i.topic_id), ['politics']);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const live = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
  live.send({ type: 'subscribe', subscription_id: 'n', filter: { one_of: [{ key: 'notification_channel', values: [(await feedOf(app, ada.access_token)).channel, 'broadcast'] }] } });
  assert.equal((await live.next()).type, 'subscribe_success');

  const broadcastUrl = `${v5}/notifications/${SITE}/broadcasts`;
  const topicCast = { scope: 'topic', topic_id: 'politics', title: 'Election night', description: 'Live from 8 pm\nWith the maps', url: 'https://news.example/live', image_url: 'https://news.example/i.jpg', image_alt: 'A ballot box' };
  assert.equal((await app.inject({ method: 'POST', url: broadcastUrl, headers: bearer(ada.access_token), payload: topicCast })).statusCode, 403);
  assert.equal((await app.inject({ method: 'POST', url: broadcastUrl, headers: bearer(admin.access_token), payload: { ...topicCast, url: 'javascript:alert(1)' } })).statusCode, 400);
  assert.equal((await app.inject({ method: 'POST', url: broadcastUrl, headers: bearer(admin.access_token), payload: { scope: 'topic', title: 'no topic' } })).statusCode, 400);
  assert.equal((await app.inject({ method: 'POST', url: broadcastUrl, headers: bearer(admin.access_token), payload: { ...topicCast, description: 'bell \u0007' } })).statusCode, 400);
  assert.equal(await countRows(app, 'broadcasts'), 0);
  const sent = resultOf<{ recipients: number; broadcast: { notification_uuid: string } }>(await app.inject({ method: 'POST', url: broadcastUrl, headers: bearer(admin.access_token), payload: topicCast }));
  assert.equal(sent.recipients, 1);
  const frame = await live.next();
  assert.equal(frame.type, 'notification');
  assert.deepEqual(frame.type === 'notification' && [frame.data.notification_type, frame.data.target_topic_id, frame.data.broadcast?.target_title], ['broadcast_topic', 'politics', 'Election night']);
  const adaFeed = await feedOf(app, ada.access_token);
  assert.deepEqual(adaFeed.notifications.map((n) => n.notification_type), ['broadcast_topic']);
  assert.equal(adaFeed.broadcasts[sent.broadcast.notification_uuid]!.target_image_alt, 'A ballot box');
  assert.equal(adaFeed.broadcasts[sent.broadcast.notification_uuid]!.target_description, 'Live from 8 pm\nWith the maps');
  assert.equal((await feedOf(app, bob.access_token)).notifications.length, 0);

  const siteCast = resultOf<{ recipients: number }>(await app.inject({ method: 'POST', url: broadcastUrl, headers: bearer(admin.access_token), payload: { scope: 'site', title: 'Welcome' } }));
  assert.equal(siteCast.recipients, await siteUsers(app));
  assert.equal((await feedOf(app, cy.access_token)).notifications[0]!.notification_type, 'broadcast_site');
  assert.equal((await feedOf(app, admin.access_token)).notifications.length, 0); // not to the sender
});

async function siteUsers(app: FastifyInstance): Promise<number> {
  const row = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('site_uuid', '=', SITE).where('user_privilege', 'in', ['user', 'mod', 'admin']).executeTakeFirstOrThrow();
  return Number(row.n) - 1; // less the sender
}

test('a reply reaches the author\'s open page live on their channel, and no one else\'s', async (t) => {
  const app = await build(t);
  const [ada, bob] = [await signup(app), await signup(app)];
  const c = (await container(app)).content_container_uuid;
  const mine = await postComment(app, ada.access_token, c, 'my take');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = async (channel: string) => {
    const client = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
    client.send({ type: 'subscribe', subscription_id: 'mine', filter: { one_of: [{ key: 'notification_channel', values: [channel] }] } });
    assert.equal((await client.next()).type, 'subscribe_success');
    return client;
  };
  const adaPage = await socket((await feedOf(app, ada.access_token)).channel);
  const bobPage = await socket((await feedOf(app, bob.access_token)).channel);
  const reply = await postComment(app, bob.access_token, c, 'hello Ada', mine.content_uuid);
  const frame = await adaPage.next();
  assert.equal(frame.type, 'notification');
  const notice = frame.type === 'notification' ? frame.data : null;
  assert.deepEqual([notice?.notification_type, notice?.section_uuid], ['reply', SITE]);
  assert.equal((await feedOf(app, ada.access_token)).notifications[0]!.notification_uuid, notice?.notification_uuid);
  assert.equal((await feedOf(app, ada.access_token)).notifications[0]!.content_uuid, reply.content_uuid);
  await bobPage.expectNothingPending();
  const bad = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
  bad.send({ type: 'subscribe', subscription_id: 'x', filter: { one_of: [{ key: 'notification_channel', values: ['not-a-channel'] }] } });
  assert.equal((await bad.next()).type, 'error');
});

test('the demo editors find the demo content\'s replies and likes in their feed, once', async (t) => {
  const { app, dataDir } = await buildWithDemoContent(t);
  const login = resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'moderator@vf.local', password: 'moderator-demo-1', section: SITE } }));
  const feed = await feedOf(app, login.access_token);
  const types = new Set(feed.notifications.map((n) => n.notification_type));
  assert.ok(types.has('reply') && types.has('like'), [...types].join());
  const rows = await countRows(app, 'notifications');
  await seed(app, { demoContent: { dataDir } });
  assert.equal(await countRows(app, 'notifications'), rows);
});

test('a reader follows at most 500 topics, and their list holds every one', async (t) => {
  const app = await build(t);
  const ada = await signup(app);
  const rows = Array.from({ length: 500 }, (_, i) => ({ user_uuid: ada.user.uuid, site_uuid: SITE, topic_id: `t${i}`, topic_name: `Topic ${i}`, topic_type: 'topic', date_created: i }));
  await app.db.insertInto('topic_follows').values(rows).execute();
  const follow = (id: string) => app.inject({ method: 'POST', url: `${v5}/notifications/${SITE}/topics/${id}`, headers: bearer(ada.access_token), payload: { topic_name: id } });
  const refused = await follow('one-more');
  assert.deepEqual([refused.statusCode, refused.json().message], [409, 'You follow 500 topics, the most one reader can; unfollow one first']);
  resultOf(await follow('t7')); // one already followed: still fine
  const list = resultOf<{ items: unknown[] }>(await app.inject({ method: 'GET', url: `${v5}/subscriptions/${SITE}/topics`, headers: bearer(ada.access_token) }));
  assert.equal(list.items.length, 500);
  resultOf(await app.inject({ method: 'DELETE', url: `${v5}/notifications/${SITE}/topics/t0`, headers: bearer(ada.access_token) }));
  resultOf(await follow('one-more'));
});

test('mentions: the notifications about one container; unsubscribing from a user stops their content notifying', async (t) => {
  const app = await build(t);
  const [ada, bob] = [await signup(app), await signup(app)];
  const [first, second] = [(await container(app)).content_container_uuid, (await container(app)).content_container_uuid];
  const adaFirst = await postComment(app, ada.access_token, first, 'on the first page');
  const adaSecond = await postComment(app, ada.access_token, second, 'on the second page');
  await postComment(app, bob.access_token, first, 'reply one', adaFirst.content_uuid);
  await postComment(app, bob.access_token, second, 'reply two', adaSecond.content_uuid);
  const mentions = resultOf<NotificationFeed>(await app.inject({ method: 'GET', url: `${v5}/notifications/${SITE}/mentions/${second}`, headers: bearer(ada.access_token) }));
  assert.deepEqual(mentions.notifications.map((n) => n.content_container_uuid), [second]);
  assert.equal((await app.inject({ method: 'GET', url: `${v5}/notifications/${SITE}/mentions/${second}` })).statusCode, 401);

  const subscription = `${v5}/subscriptions/${SITE}/users/${bob.user.uuid}`;
  resultOf(await app.inject({ method: 'POST', url: subscription, headers: bearer(ada.access_token) }));
  assert.deepEqual(resultOf(await app.inject({ method: 'DELETE', url: subscription, headers: bearer(ada.access_token) })), { user_uuid: bob.user.uuid, date_created: null });
  const before = await countRows(app, 'notifications');
  await postComment(app, bob.access_token, first, 'Bob on his own');
  assert.equal(await countRows(app, 'notifications'), before);
});

test('approving items that no longer show (hidden again by another moderator) notifies nobody and fails nothing', async (t) => {
  const app = await build(t);
  const before = await countRows(app, 'notifications');
  await app.contentNotices.approved([randomUUID(), randomUUID()]);
  assert.equal(await countRows(app, 'notifications'), before);
});
