/**
 * The community views against the real server: <vf-community-comments>, <vf-community-popular>,
 * <vf-trending-comments> (one conversation each, so other tests' comments stay out), <vf-users>
 * (site-wide), and the tray's community view — lists, links, follow, states, keyboard, axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-community-comments/define.ts';
import '../../elements/vf-community-popular/define.ts';
import '../../elements/vf-trending-comments/define.ts';
import '../../elements/vf-users/define.ts';
import '../../elements/vf-tray/define.ts';
import type { Comment, User } from '../../core/api/types.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { getStore } from '../../core/store/index.ts';
import { getContainer, newReader, postComment, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { commentCall } from './support/commentCalls.ts';
import { $, $$, shadow, transitionsDone, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';
import { registerArticle } from './support/pages.ts';

const texts = (el: Element) => $$(el, '[part="item"] .vf-comment__text').map((n) => n.textContent);
const LIST_CALL = /\/api\/v2\/comments\?/;

async function mount(tag: string, attrs: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
  wrapper.insertAdjacentHTML('beforeend', `<${tag} ${attrs}></${tag}>`);
  return wrapper.querySelector(tag) as HTMLElement;
}

const like = (reader: Reader, c: Comment) => commentCall(reader.token, 'POST', `${c.content_container_uuid}/comments/${c.content_uuid}/like`);

describe('community views', () => {
  const containerId = unique('community');
  let first: Comment;
  let articleUrl: string;
  let loved: Comment;

  before(async () => {
    await bootCore();
    const [ana, ben] = [await newReader('Ana Community'), await newReader('Ben Community')];
    const c = await getContainer(containerId);
    articleUrl = (await registerArticle(containerId, 'River trees')).url;
    first = await postComment(ana, c.content_container_uuid, 'First thoughts');
    loved = await postComment(ana, c.content_container_uuid, 'Much loved');
    await like(ben, loved);
    await like(ben, first);
    await postComment(ben, c.content_container_uuid, 'A reply', first.content_uuid);
  });

  afterEach(async () => {
    if (getStore().getState().session.user?.user_privilege === 'user') await logOut();
  });

  describe('<vf-community-comments>', () => {
    it('lists the newest first, each linking to its page with the deeplink; axe finds nothing', async () => {
      const el = await mount('vf-community-comments', `vf-container-id="${containerId}"`);
      await waitUntil(() => texts(el).length === 3, 'three comments');
      expect(texts(el)).to.deep.equal(['A reply', 'Much loved', 'First thoughts']);
      expect($(el, '[part="heading"]')!.textContent).to.equal('Latest comments');
      const link = $$<HTMLAnchorElement>(el, '[part="link"]')[2]!;
      expect(link.textContent).to.equal('Read it on “River trees”');
      const deeplink = new URL(articleUrl);
      deeplink.searchParams.set('deeplink', first.content_uuid);
      expect(link.href).to.equal(deeplink.href);
      await expect(el).to.be.accessible();

      const events: unknown[] = [];
      el.addEventListener('vf-community-link', (event) => events.push((event as CustomEvent).detail));
      shadow(el).addEventListener('click', (event) => event.preventDefault()); // stay on the test page
      link.click();
      expect(events).to.deep.equal([{ contentUuid: first.content_uuid, containerUuid: first.content_container_uuid, url: link.href }]);
    });

    it('limit keeps the first n (an out-of-range limit takes the default, 5)', async () => {
      const el = await mount('vf-community-comments', `vf-container-id="${containerId}" limit="1"`);
      await waitUntil(() => texts(el).join() === 'A reply', 'one comment');
      el.setAttribute('limit', '500');
      await waitUntil(() => texts(el).length === 3, 'the default');
    });

    it('loading, error with Retry, offline', async () => {
      const empty = () => mount('vf-community-comments', `vf-container-id="${unique('empty')}"`);
      await expectLoadingState(empty, throttleFetch({ pattern: LIST_CALL }), 'Loading comments…');
      const el = await expectErrorState(empty, throttleFetch({ pattern: LIST_CALL, failures: 1 }), 'The comments couldn’t be loaded.', (e) => !!$(e, '[part="empty"]'));
      expect($(el, '[part="empty"]')!.textContent).to.equal('No comments yet.');
      await expect(el).to.be.accessible();
      await expectOfflineState(el);
    });

    it('keyboard: Tab reaches each comment’s link in order', async () => {
      const el = await mount('vf-community-comments', `vf-container-id="${containerId}"`);
      await waitUntil(() => texts(el).length === 3, 'loaded');
      document.querySelector<HTMLButtonElement>('#before')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal($$(el, '[part="link"]')[0]);
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal($$(el, '[part="link"]')[1]);
    });
  });

  describe('<vf-community-popular> and <vf-trending-comments>', () => {
    it('popular: liked comments, most liked first; trending: liked or replied to', async () => {
      const popular = await mount('vf-community-popular', `vf-container-id="${containerId}" days="2"`);
      await waitUntil(() => texts(popular).length === 2, 'two liked');
      expect(texts(popular)).to.deep.equal(['Much loved', 'First thoughts']); // one like each: the newer first
      expect($(popular, '[part="heading"]')!.textContent).to.equal('Most popular comments');
      const trending = await mount('vf-trending-comments', `vf-container-id="${containerId}" hours="48"`);
      await waitUntil(() => texts(trending).length === 2, 'two trending');
      expect(texts(trending)[0]).to.equal('First thoughts'); // a like and a reply
      await expect(trending).to.be.accessible();
    });

    it('empty: says nothing is trending', async () => {
      const el = await mount('vf-trending-comments', `vf-container-id="${unique('quiet')}"`);
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
      expect(empty.textContent).to.equal('Nothing is trending right now.');
      await expect(el).to.be.accessible();
    });
  });

  describe('<vf-users>', () => {
    it('at most five users with counters; a guest pressing Follow is asked to log in', async () => {
      const el = await mount('vf-users', '');
      await waitFor(() => $$(el, '[part="user"]').length > 0, 'users');
      expect($$(el, '[part="user"]').length).to.be.at.most(5);
      expect($(el, '[part="counters"]')!.textContent).to.match(/^\d+ comments?, \d+ likes? received$/);
      await expect(el).to.be.accessible();
      $<HTMLButtonElement>(el, '[part~="button"]')!.click();
      await waitFor(() => $(el, 'dialog[open]'), 'login dialog');
    });

    it('a reader follows a top user with the keyboard; the event goes out and the server agrees', async () => {
      const reader = await newReader('Follower Community');
      await logIn(reader);
      const el = await mount('vf-users', '');
      const button = await waitFor(() => $<HTMLButtonElement>(el, '[part~="button"][aria-pressed="false"]'), 'a Follow button');
      const name = button.closest('[part="user"]')!.querySelector('[part="name"]')!.textContent;
      const events: { uuid: string; name: string }[] = [];
      el.addEventListener('vf-user-followed', (event) => events.push((event as CustomEvent).detail));
      button.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => events.length === 1, 'followed');
      expect(events[0]!.name).to.equal(name);
      await waitUntil(() => $$(el, '[part~="button"][aria-pressed="true"]').length === 1, 'shown as Following');
      const { apiBase } = testConfig();
      const user = (await (await fetch(`${apiBase}/users/${events[0]!.uuid}`, { headers: { authorization: `Bearer ${reader.token}` } })).json()) as { result: User };
      expect(user.result.date_following).to.be.a('number');
      await transitionsDone(el);
      await expect(el).to.be.accessible();
    });
  });

  describe('<vf-tray> community view', () => {
    it('is a tab with top users, latest and popular comments; arrow keys move between tabs; axe finds nothing', async () => {
      const tray = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
      trayActions.open('community');
      const tab = await waitFor(() => $<HTMLButtonElement>(tray, '#vf-community-tab[aria-selected="true"]'), 'community tab');
      expect(tab.textContent).to.equal('Community');
      const panel = $(tray, '#vf-community')!;
      const headings = () => [...panel.querySelectorAll('h3')].map((h) => h.textContent).join();
      await waitUntil(() => headings() === 'Top commenters,Latest comments,Most popular comments', 'three lists');
      await waitUntil(() => panel.querySelectorAll('[part="item"], [part="user"]').length > 0, 'loaded');
      // The tray slides open and its buttons fade in: axe judges colours once they are final.
      await transitionsDone(tray);
      await expect(tray).to.be.accessible();
      tab.focus();
      await sendKeys({ press: 'ArrowLeft' });
      await waitFor(() => $(tray, '#vf-profile-tab[aria-selected="true"]'), 'profile tab');
      await sendKeys({ press: 'ArrowRight' });
      await waitFor(() => $(tray, '#vf-community-tab[aria-selected="true"]'), 'back to community');
      trayActions.close();
    });
  });
});
