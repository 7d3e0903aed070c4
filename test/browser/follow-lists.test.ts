/**
 * The tray profile's follow lists against the real server: the topics, people and pages a reader
 * follows (each with Unfollow) and who follows them; empty and loading states; axe.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import '../../elements/vf-tray/define.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { getStore } from '../../core/store/index.ts';
import { newReader, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, waitFor } from './support/dom.ts';
import { followPageAs, followTopicAs, followUserAs, pagesOf, topicsOf } from './support/follows.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';

/** The texts of one list, by its heading. */
function section(el: Element, title: string): HTMLElement | null {
  return $$(el, '.vf-follows__section').find((s) => s.querySelector('h3')?.textContent === title) ?? null;
}
const names = (el: Element, title: string) => [...(section(el, title)?.querySelectorAll('.vf-follows__name') ?? [])].map((n) => n.textContent);
const emptyText = (el: Element, title: string) => section(el, title)?.querySelector('[part="empty"]')?.textContent ?? null;

describe('<vf-tray> profile: follow lists', () => {
  let tray: Element;
  let reader: Reader;

  before(async () => {
    await bootCore();
    await waitUntil(() => getStore().getState().page.stored, 'the page is stored');
    tray = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
  });

  afterEach(async () => {
    trayActions.close();
    await logOut();
  });

  it('a new reader sees each list empty, after a loading state; axe finds nothing', async () => {
    reader = await newReader('Empty Lists');
    const held = throttleFetch({ pattern: /\/subscriptions\/[^/]+\/users\/subscribers/ });
    try {
      await logIn(reader);
      trayActions.open('profile');
      const skeleton = await waitFor(() => section(tray, 'Your followers')?.querySelector('[part="skeleton"]'), 'followers loading');
      expect(skeleton.getAttribute('aria-label')).to.equal('Loading…');
      held.release();
    } finally {
      held.restore();
    }
    await waitUntil(() => emptyText(tray, 'Your followers') === 'No one follows you yet.', 'followers empty');
    // Each list has its own call: one may still be on its way when the followers' answer is in.
    await waitUntil(() => emptyText(tray, 'Topics you follow') === 'You don’t follow any topics yet.', 'topics empty');
    await waitUntil(() => emptyText(tray, 'People you follow') === 'You don’t follow anyone yet.', 'people empty');
    await waitUntil(() => emptyText(tray, 'Pages you follow') === 'You don’t follow any pages yet.', 'pages empty');
    await expect(tray).to.be.accessible();
  });

  it('lists the topics, people and pages followed and the followers; Unfollow removes them on the server too', async () => {
    reader = await newReader('Lists Reader');
    const followee = await newReader('Lists Followee');
    const follower = await newReader('Lists Follower');
    const topic = unique('list-topic');
    await followTopicAs(reader, topic, 'Listed Topic');
    await followUserAs(reader, followee.auth.user.uuid);
    await followUserAs(follower, reader.auth.user.uuid);
    const page = getStore().getState().page.stored!;
    await followPageAs(reader, page.id);

    await logIn(reader);
    trayActions.open('profile');
    await waitUntil(() => names(tray, 'Topics you follow').includes('Listed Topic'), 'topic listed');
    await waitUntil(() => names(tray, 'People you follow').includes('Lists Followee'), 'followee listed');
    await waitUntil(() => names(tray, 'Your followers').includes('Lists Follower'), 'follower listed');
    await waitUntil(() => names(tray, 'Pages you follow').length === 1, 'page listed');
    const link = section(tray, 'Pages you follow')!.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal(page.url);
    expect(link.textContent).to.equal(page.title || page.url);
    expect(section(tray, 'People you follow')!.querySelector('[part="avatar"]')).to.not.equal(null);
    await expect(tray).to.be.accessible();

    const unfollow = (title: string, name: string) =>
      section(tray, title)!.querySelector<HTMLButtonElement>(`button[aria-label="Unfollow ${name}"]`)!.click();
    unfollow('Topics you follow', 'Listed Topic');
    await waitUntil(() => emptyText(tray, 'Topics you follow') !== null, 'topic gone');
    // The list drops the row at once; the server's answer may come a moment later (a loaded machine).
    await waitUntil(async () => (await topicsOf(reader)).length === 0, 'the server no longer has the topic');
    unfollow('People you follow', 'Lists Followee');
    await waitUntil(() => emptyText(tray, 'People you follow') !== null, 'followee gone');
    unfollow('Pages you follow', page.title || page.url);
    await waitUntil(() => emptyText(tray, 'Pages you follow') !== null, 'page gone');
    await waitUntil(async () => (await pagesOf(reader)).length === 0, 'the server no longer has the page');
    expect(names(tray, 'Your followers')).to.deep.equal(['Lists Follower']);
    expect($(tray, '[part="failed"]')).to.equal(null);
  });
});
