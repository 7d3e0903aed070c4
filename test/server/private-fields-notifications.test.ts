/**
 * The notification and subscription calls answer only what their response schemas name
 * (support/plantedFields.ts plants an email, an IP, a password hash and a login id in every object
 * of every answer): a feed names the people in it by name and picture, a follow list the same.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NotificationFeed } from '../../core/api/notificationTypes.ts';
import { bearer, container, postComment, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { clean, leakyApp } from './support/plantedFields.ts';

const v5 = '/api/v5';

test('notifications and subscriptions: nothing private in any answer; the feed keeps what the bell reads', async (t) => {
  const app = await leakyApp(t);
  const [ada, bob, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
  const call = (method: string, path: string, token: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `${v5}/${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  // The pages call is not one of these (its answer is checked elsewhere).
  const page = resultOf<{ id: string }>(await app.inject({
    method: 'POST', url: '/api/v2/pages', headers: bearer(bob.access_token),
    payload: { section: SITE, title: 'The article', url: 'http://127.0.0.1/article.html', unique_id: 'article-private', page_type: 'article' },
  }));
  const c = (await container(app, 'article-private')).content_container_uuid;
  clean(await call('POST', `subscriptions/${SITE}/users/${bob.user.uuid}`, ada.access_token), 'follow a user');
  clean(await call('POST', `subscriptions/${SITE}/pages/${page.id}`, ada.access_token), 'follow a page');
  clean(await call('POST', `notifications/${SITE}/topics/science`, ada.access_token, { topic_name: 'Science' }), 'follow a topic');
  const mine = await postComment(app, ada.access_token, c, 'my comment');
  await postComment(app, bob.access_token, c, 'an answer', mine.content_uuid);
  clean(await app.inject({ method: 'POST', url: `/api/comments/${SITE}/${c}/comments/${mine.content_uuid}/like`, headers: bearer(bob.access_token) }), 'like');
  const sent = clean<{ recipients: number }>(
    await call('POST', `notifications/${SITE}/broadcasts`, mod.access_token, { scope: 'topic', topic_id: 'science', title: 'News' }), 'broadcast',
  );
  assert.equal(sent.recipients, 1);

  const feed = clean<NotificationFeed>(await call('GET', `notifications/${SITE}/all`, ada.access_token), 'feed');
  assert.deepEqual(new Set(feed.notifications.map((n) => n.notification_type)), new Set(['reply', 'like', 'broadcast_topic']));
  assert.deepEqual(feed.actors[bob.user.uuid], { uuid: bob.user.uuid, name: bob.user.name, pic_small: null }, 'an actor is a name and a picture');
  assert.equal(feed.contents[mine.content_uuid]?.excerpt, 'my comment');
  assert.equal(Object.values(feed.broadcasts)[0]?.target_title, 'News');
  assert.deepEqual([feed.counts.new, typeof feed.channel], [3, 'string']);
  clean(await call('GET', `notifications/${SITE}/mentions/${c}`, ada.access_token), 'mentions');
  const [first, second] = feed.notifications;
  clean(await call('PATCH', `notifications/${SITE}/seen/${first!.notification_uuid}`, ada.access_token), 'seen');
  const read = clean<{ status: string }>(await call('POST', `notifications/${SITE}/read/all`, ada.access_token, { verb: 'PATCH' }), 'read all');
  assert.equal(read.status, 'read');
  clean(await call('DELETE', `notifications/${SITE}/single/${second!.notification_uuid}`, ada.access_token), 'delete');

  assert.equal(clean<{ count: number }>(await call('GET', `subscriptions/${SITE}/topics/science/count`, ada.access_token), 'topic count').count, 1);
  const topics = clean<{ items: { topic_name: string }[] }>(await call('GET', `subscriptions/${SITE}/topics`, ada.access_token), 'topics');
  assert.deepEqual(topics.items.map((item) => item.topic_name), ['Science']);
  clean(await call('DELETE', `notifications/${SITE}/topics/science`, ada.access_token), 'unfollow a topic');
  const followers = clean<{ items: { user_uuid: string; name: string }[] }>(await call('GET', `subscriptions/${SITE}/users/subscribers`, bob.access_token), 'followers');
  assert.deepEqual(followers.items.map((item) => [item.user_uuid, item.name]), [[ada.user.uuid, ada.user.name]]);
  assert.ok(!JSON.stringify(followers).includes(ada.user.email!), 'a follower is not their email');
  clean(await call('GET', `subscriptions/${SITE}/users/subscriptions`, ada.access_token), 'followees');
  const pages = clean<{ items: { title: string }[] }>(await call('GET', `subscriptions/${SITE}/pages`, ada.access_token), 'pages');
  assert.deepEqual(pages.items.map((item) => item.title), ['The article']);
  assert.equal(clean<{ subscribed: boolean }>(await call('GET', `subscriptions/${SITE}/pages/${page.id}`, ada.access_token), 'page follow').subscribed, true);
  clean(await call('DELETE', `subscriptions/${SITE}/pages/${page.id}`, ada.access_token), 'unfollow a page');
  const unfollowed = clean<{ date_created: null }>(await call('DELETE', `subscriptions/${SITE}/users/${bob.user.uuid}`, ada.access_token), 'unfollow a user');
  assert.equal(unfollowed.date_created, null);
});
