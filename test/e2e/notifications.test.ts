// Notifications end to end, on the demo article with the built client and the real server:
// reader A follows reader B, B comments, and A's open tray shows it without a reload; a reply to A
// shows in A's feed; an admin's topic broadcast reaches the topic's followers and no one else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { AuthResult } from '../../core/api/types.ts';
import type { NotificationFeed } from '../../core/api/notificationTypes.ts';
import { browser, call, server, SITE, signedInReader, signInPage, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

/** The demo topics page (it has a bell), signed in as `who` (the tokens a login stores), with the tray open on its feed. */
async function openFeed(who: AuthResult): Promise<Page> {
  const page = await browser.newPage();
  await signInPage(page, who);
  await page.goto(`${server.origin}/demo/topics.html`);
  await page.getByRole('button', { name: /^Open notifications/ }).first().click();
  await page.locator('#vf-feed').waitFor();
  return page;
}

const feed = (page: Page) => page.locator('#vf-feed');

describe('notifications in the tray', () => {
  it('a followed reader\'s comment and a reply arrive live in the open feed, and the bell counts them', async () => {
    const [ada, bob] = [await signedInReader('Ada Follower'), await signedInReader('Bob Author')];
    await call('POST', `/api/v5/subscriptions/${SITE}/users/${bob.user.uuid}`, ada.access_token);
    const container = await call<{ content_container_uuid: string }>('GET', `/api/comments/${SITE}/contentcontainer/id?container_id=demo-article-river-trees`);
    const comments = `/api/comments/${SITE}/${container.content_container_uuid}/comments`;
    const adas = await call<{ content_uuid: string }>('POST', comments, ada.access_token, { content: 'Ada wonders about the willows' });

    // The article's page record, as the article's own script registers it on a visit: the deep link's address.
    await call('POST', '/api/v2/pages', ada.access_token, { title: 'River trees', url: `${server.origin}/demo/article.html`, unique_id: 'demo-article-river-trees', page_type: 'article' });
    const page = await openFeed(ada);
    await feed(page).getByText('No notifications yet').waitFor();
    await call('POST', comments, bob.access_token, { content: 'Bob on the alders' });
    await feed(page).getByText('Bob Author posted something new').waitFor();
    await call('POST', `${comments}/${adas.content_uuid}`, bob.access_token, { content: 'Bob answers Ada' });
    await feed(page).getByText('Bob Author replied to your comment').waitFor();
    const link = feed(page).getByRole('link', { name: /Bob Author replied to your comment/ });
    assert.match((await link.getAttribute('href')) ?? '', /\/demo\/article\.html#vf-[0-9a-f-]{36}$/);

    // The feed was open, so what arrived is seen but not read: the server agrees.
    const stored = await call<NotificationFeed>('GET', `/api/v5/notifications/${SITE}/all`, ada.access_token);
    assert.deepEqual(stored.notifications.map((n) => n.notification_type), ['reply', 'subscribed_user_content']);
    await page.close();
  });

  it('an admin\'s topic broadcast reaches the topic\'s followers only', async () => {
    const [fan, other] = [await signedInReader('Topic Fan'), await signedInReader('Not A Fan')];
    await call('POST', `/api/v5/notifications/${SITE}/topics/politics`, fan.access_token, { topic_name: 'Politics' });
    const admin = await call<AuthResult>('POST', '/api/v2/users/login', undefined, { email: 'admin@vf.local', password: 'admin-demo-1' });
    const [fanPage, otherPage] = [await openFeed(fan), await openFeed(other)];
    await call('POST', `/api/v5/notifications/${SITE}/broadcasts`, admin.access_token, { scope: 'topic', topic_id: 'politics', title: 'Election night live', url: `${server.origin}/demo/liveblog.html` });
    await feed(fanPage).getByText('Announcement: Election night live').waitFor();
    // The other reader's page heard the broadcast too (one notice per site) but does not follow the topic.
    const forOther = await call<NotificationFeed>('GET', `/api/v5/notifications/${SITE}/all`, other.access_token);
    assert.equal(forOther.notifications.length, 0);
    assert.equal(await feed(otherPage).getByText('Announcement: Election night live').count(), 0);
    await fanPage.close();
    await otherPage.close();
  });
});
