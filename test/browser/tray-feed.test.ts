/**
 * <vf-tray>'s feed view and <vf-tray-trigger>'s unread badge against the real server: other
 * readers like and reply to the page reader's comments; the feed groups them under Today, marks
 * them seen when opened and read when followed, filters, deletes, marks all read, and shows a
 * new reply that arrives over the real socket (announced politely). A moderator sends a
 * broadcast. Then loading, error, offline, empty and guest states, each checked with axe.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-tray/define.ts';
import '../../elements/vf-tray-trigger/define.ts';
import type { NotificationFeed } from '../../core/api/notificationTypes.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { wentOffline, wentOnline } from '../../core/network/slice.ts';
import { loggedIn } from '../../core/session/slice.ts';
import { writeTokens } from '../../core/session/storage.ts';
import { getStore } from '../../core/store/index.ts';
import { bootCore } from './support/boot.ts';
import { getContainer, newReader, postComment, testConfig, unique, type Reader } from './support/api.ts';
import { commentCall } from './support/commentCalls.ts';
import { $, $$, buttonByText, typeInto, waitFor } from './support/dom.ts';
import { logIn, logOut, MODERATOR, moderatorToken } from './support/login.ts';
import { pickComment } from './support/moderation.ts';
import { throttleFetch } from './support/network.ts';

const v5 = () => `${testConfig().origin}/api/v5`;

/** The reader's list as the server has it now. */
async function serverFeed(reader: Reader): Promise<NotificationFeed> {
  const res = await fetch(`${v5()}/notifications/${testConfig().siteUuid}/all`, { headers: { authorization: `Bearer ${reader.token}` } });
  return ((await res.json()) as { result: NotificationFeed }).result;
}

function signIn(reader: Reader): void {
  writeTokens(reader.auth);
  getStore().dispatch(loggedIn(reader.auth));
}

/** The feed's entries as read: text without the hidden status word. */
const entries = (el: Element) =>
  $$(el, '.vf-feed-item__link').map((link) => (link.textContent ?? '').replace(/^(New|Unread): /, ''));
const statuses = (el: Element) => $$(el, '.vf-feed-item').map((item) => item.dataset.status);
const filterButton = (el: Element, label: string) => $$<HTMLButtonElement>(el, '.vf-feed__filter').find((b) => b.textContent === label)!;

describe('<vf-tray> feed', () => {
  let ada: Reader;
  let bo: Reader;
  let cy: Reader;
  let containerUuid: string;
  let first: string;
  let el: Element;
  let trigger: Element;
  const pageUrl = location.href.split('#')[0]!;

  before(async () => {
    await bootCore();
    [ada, bo, cy] = await Promise.all([newReader('Ada Author'), newReader('Bo Liker'), newReader('Cy Replier')]);
    // The container's page is this page: the feed links here with the #vf-{uuid} deep link.
    const containerId = unique('feed');
    await fetch(`${testConfig().apiBase}/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: pageUrl, unique_id: containerId, title: 'Feed test', section: testConfig().siteUuid }),
    });
    containerUuid = (await getContainer(containerId)).content_container_uuid;
    first = (await postComment(ada, containerUuid, 'Ada’s first comment')).content_uuid;
    const picked = (await postComment(ada, containerUuid, 'Ada’s picked comment')).content_uuid;
    await pickComment(containerUuid, picked);
    await commentCall(bo.token, 'POST', `${containerUuid}/comments/${first}/like`, {});
    await commentCall(cy.token, 'POST', `${containerUuid}/comments/${first}/like`, {});
    await postComment(cy, containerUuid, 'Cy answers Ada', first);
    await commentCall(bo.token, 'POST', `${containerUuid}/comments/${picked}/like`, {});
    signIn(ada);
    el = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
    trigger = await waitFor(() => document.querySelector('vf-tray-trigger'), 'the page trigger');
  });

  after(() => trayActions.close());

  describe('unread badge on <vf-tray-trigger>', () => {
    it('shows counts.new and says it in the button label', async () => {
      const badge = await waitFor(() => $(trigger, '[part="badge"]'), 'badge');
      expect(badge.textContent).to.equal('4');
      expect($(trigger, 'button')!.getAttribute('aria-label')).to.equal('Open notifications, 4 new');
    });
  });

  describe('reading', () => {
    it('groups by grouping key under Today, newest first, with actors, excerpt and deep link', async () => {
      trayActions.open('feed');
      await waitFor(() => entries(el).length === 3, 'three groups');
      expect($$(el, '.vf-feed__heading').map((h) => h.textContent)).to.deep.equal(['Today']);
      expect(entries(el)).to.deep.equal([
        'Bo Liker liked your comment',
        'Cy Replier replied to your comment',
        'Cy Replier and 1 other liked your comment',
      ]);
      expect($$(el, '.vf-feed-item__excerpt').map((p) => p.textContent)).to.deep.equal(['Ada’s picked comment', 'Cy answers Ada', 'Ada’s first comment']);
      const reply = (await serverFeed(ada)).notifications.find((n) => n.notification_type === 'reply')!;
      expect($$<HTMLAnchorElement>(el, 'a.vf-feed-item__link')[1]!.href).to.equal(`${pageUrl}#vf-${reply.content_uuid}`);
    });

    it('opening the feed marks new notifications seen; the badge goes', async () => {
      await waitFor(() => statuses(el).every((s) => s === 'seen'), 'all seen');
      await waitFor(() => !$(trigger, '[part="badge"]'), 'badge gone');
      expect($(trigger, 'button')!.getAttribute('aria-label')).to.equal('Open notifications');
      const feed = await waitFor(async () => { const answer = await serverFeed(ada); return answer.notifications.every((n) => n.status === 'seen') && answer; }, 'seen on the server');
      expect(feed.notifications.map((n) => n.status)).to.deep.equal(['seen', 'seen', 'seen', 'seen']);
      expect(feed.counts.new).to.equal(0);
    });

    it('following a group’s link marks every member read and closes the tray', async () => {
      $$<HTMLAnchorElement>(el, 'a.vf-feed-item__link')[2]!.click();
      await waitFor(() => !$(el, 'dialog[open]'), 'tray closed');
      trayActions.open('feed');
      await waitFor(() => statuses(el)[2] === 'read', 'group read');
      expect(statuses(el)).to.deep.equal(['seen', 'seen', 'read']);
      // The tray shows it read at once; the server stores it once the call has landed.
      const groupOnServer = async () => (await serverFeed(ada)).notifications.filter((n) => n.notification_type === 'like' && n.content_uuid === first).map((n) => n.status);
      const stored = await waitFor(async () => { const group = await groupOnServer(); return group.every((status) => status === 'read') && group; }, 'read on the server');
      expect(stored).to.deep.equal(['read', 'read']);
    });

    it('is accessible', async () => {
      await expect(el).to.be.accessible();
    });
  });

  describe('filters', () => {
    it('a toolbar of toggle buttons: likes, replies, editor’s picks', async () => {
      expect($(el, '[role="toolbar"]')!.getAttribute('aria-label')).to.equal('Filter notifications');
      filterButton(el, 'Likes').click();
      await waitFor(() => filterButton(el, 'Likes').getAttribute('aria-pressed') === 'true', 'likes pressed');
      await waitFor(() => entries(el).length === 2 && entries(el).every((e) => e.includes('liked')), 'likes only');
      filterButton(el, 'Replies').click();
      await waitFor(() => entries(el).join() === 'Cy Replier replied to your comment', 'replies only');
      filterButton(el, 'Editor’s picks').click();
      await waitFor(() => entries(el).join() === 'Bo Liker liked your comment', 'picked only');
      expect(filterButton(el, 'All').getAttribute('aria-pressed')).to.equal('false');
    });

    it('moves between filters with the arrow keys (one tab stop)', async () => {
      filterButton(el, 'Editor’s picks').focus();
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => filterButton(el, 'All').getAttribute('aria-pressed') === 'true', 'wrapped to all');
      expect(el.shadowRoot!.activeElement).to.equal(filterButton(el, 'All'));
      expect($$(el, '.vf-feed__filter').map((b) => b.tabIndex)).to.deep.equal([0, -1, -1, -1]);
      await waitFor(() => entries(el).length === 3, 'all groups back');
    });
  });

  describe('acting on notifications', () => {
    it('Delete removes the group here and on the server', async () => {
      $$<HTMLButtonElement>(el, '.vf-feed-item__delete')[0]!.click();
      await waitFor(() => entries(el).length === 2, 'one group fewer');
      expect(entries(el)[0]).to.equal('Cy Replier replied to your comment');
      const feed = await waitFor(async () => { const answer = await serverFeed(ada); return answer.notifications.length === 3 && answer; }, 'deleted on the server');
      expect(feed.notifications).to.have.length(3);
    });

    it('Mark all as read marks every one read', async () => {
      buttonByText(el, 'Mark all as read')!.click();
      await waitFor(() => statuses(el).every((s) => s === 'read'), 'all read');
      const feed = await waitFor(async () => { const answer = await serverFeed(ada); return answer.notifications.every((n) => n.status === 'read') && answer; }, 'all read on the server');
      expect(feed.notifications.every((n) => n.status === 'read')).to.equal(true);
      expect(buttonByText(el, 'Mark all as read')!.disabled).to.equal(true);
    });
  });

  describe('realtime', () => {
    it('a reply made elsewhere arrives through the socket and is announced', async () => {
      await waitFor(
        () => Object.values(getStore().getState().realtime.subscriptions).some((s) => s.id.startsWith('notification_channel:') && s.status === 'subscribed'),
        'subscribed to the channel',
      );
      await postComment(bo, containerUuid, 'Bo answers too', first);
      await waitFor(() => entries(el)[0] === 'Bo Liker and 1 other replied to your comment', 'live reply', 15_000);
      const live = $$(el, '.vf-feed > .vf-visually-hidden[role="status"]')[0]!;
      await waitFor(() => live.textContent === '1 new notification', 'announced');
      // The feed is open: the new one is seen at once.
      await waitFor(() => statuses(el)[0] === 'seen', 'seen while open');
    });

    it('a site broadcast sent elsewhere arrives too, with its text', async () => {
      await fetch(`${v5()}/notifications/${testConfig().siteUuid}/broadcasts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await moderatorToken()}` },
        body: JSON.stringify({ scope: 'site', title: 'Live news', description: 'Read all about it' }),
      });
      await waitFor(() => entries(el)[0] === 'Announcement: Live news', 'live broadcast', 15_000);
      expect($$(el, '.vf-feed-item__excerpt')[0]!.textContent).to.equal('Read all about it');
    });
  });

  describe('broadcasts', () => {
    it('a reader gets no composer', () => {
      expect($(el, '[part="broadcast"]')).to.equal(null);
    });

    it('a moderator sends one to the site; a title is required', async () => {
      await logIn(MODERATOR);
      const open = await waitFor(() => buttonByText(el, 'New announcement'), 'composer button');
      open.click();
      await waitFor(() => open.getAttribute('aria-expanded') === 'true', 'composer open');
      buttonByText(el, 'Send')!.click();
      await waitFor(() => $(el, '.vf-broadcast .vf-error')?.textContent === 'Enter a title.', 'title error');
      expect($(el, 'input[name="title"]')!.getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();
      typeInto($<HTMLInputElement>(el, 'input[name="title"]')!, 'Site news');
      typeInto($<HTMLTextAreaElement>(el, 'textarea[name="text"]')!, 'Comments are open all week.');
      typeInto($<HTMLInputElement>(el, 'input[name="url"]')!, 'https://example.com/news');
      buttonByText(el, 'Send')!.click();
      await waitFor(() => /^Sent to \d+ readers\.$/.test($(el, '.vf-broadcast__status[role="status"]')?.textContent ?? ''), 'sent status');
      const feed = await serverFeed(ada);
      const broadcast = Object.values(feed.broadcasts).find((b) => b.target_title === 'Site news')!;
      expect(broadcast.target_description).to.equal('Comments are open all week.');
      expect(broadcast.target_url).to.equal('https://example.com/news');
      // Success clears after 4000 ms (content.md §4).
      await waitFor(() => $(el, '.vf-broadcast__status[role="status"]')!.textContent === '', 'status cleared', 6000);
      await logOut();
    });
  });

  describe('states', () => {
    it('a guest is asked to log in', async () => {
      await waitFor(() => $(el, '.vf-feed--guest'), 'guest view');
      expect($(el, '.vf-feed--guest p')!.textContent).to.equal('Log in to see your notifications.');
      expect(buttonByText(el, 'Log in')).to.not.equal(null);
      await expect(el).to.be.accessible();
    });

    it('loading, then empty per filter', async () => {
      const held = throttleFetch({ pattern: /\/api\/v5\/notifications\/[^/]+\/all/ });
      try {
        signIn(await newReader('Dee Empty'));
        const skeleton = await waitFor(() => $(el, '.vf-feed .vf-skeleton'), 'skeleton');
        expect(skeleton.getAttribute('aria-label')).to.equal('Loading…');
        await expect(el).to.be.accessible();
      } finally {
        held.release();
        held.restore();
      }
      await waitFor(() => $(el, '.vf-feed [part="empty"]')?.textContent === 'No notifications yet', 'empty');
      filterButton(el, 'Likes').click();
      await waitFor(() => $(el, '.vf-feed [part="empty"]')?.textContent === 'No likes yet', 'empty likes');
      await expect(el).to.be.accessible();
    });

    it('an error offers Try again, which loads', async () => {
      const failing = throttleFetch({ pattern: /\/api\/v5\/notifications\/[^/]+\/all/, failures: 1 });
      try {
        signIn(await newReader('Eve Error'));
        const alert = await waitFor(() => $(el, '.vf-feed [part="error"]'), 'error');
        expect(alert.getAttribute('role')).to.equal('alert');
        expect(alert.querySelector('p')!.textContent).to.equal('Your notifications couldn’t be loaded.');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Try again')!.click();
        await waitFor(() => $(el, '.vf-feed [part="empty"]'), 'loaded after retry');
      } finally {
        failing.restore();
      }
    });

    it('offline: says so, and reads the list again when back online', async () => {
      getStore().dispatch(wentOffline());
      const note = await waitFor(() => $(el, '[part="offline"]'), 'offline note');
      expect(note.textContent).to.equal('You’re offline. Notifications will update when you’re back online.');
      await expect(el).to.be.accessible();
      getStore().dispatch(wentOnline());
      await waitFor(() => !$(el, '[part="offline"]'), 'online again');
    });
  });
});
