/** <vf-conversations-count> against the real server, with a mock realtime feed. */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { createdEvent, startMockFeed } from './support/realtime.ts';
import { getContainer, newReader, seedConversation, setContainerSettings, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, shadow, waitFor } from './support/dom.ts';
import '../../elements/vf-conversations-count/define.ts';
import { visibleCount } from '../../elements/vf-conversations-count/ConversationsCount.tsx';
import type { AuthResult, Container, User } from '../../core/api/types.ts';
import { clearTokens, writeTokens } from '../../core/session/storage.ts';
import { loggedIn, loggedOut } from '../../core/session/slice.ts';
import { getStore } from '../../core/store/index.ts';

const feed = startMockFeed();
let other: Reader;

before(async () => {
  await bootCore();
  other = await newReader('Count Reader');
});

async function mount(containerId: string) {
  const wrapper = await fixture<HTMLElement>(html`<p>Read <span></span></p>`);
  wrapper.querySelector('span')!.innerHTML = `<vf-conversations-count vf-container-id="${containerId}"></vf-conversations-count>`;
  return wrapper.querySelector('vf-conversations-count') as HTMLElement;
}

const countText = (el: Element) => $(el, '[part="count"]')?.textContent ?? null;

/** Signs this page in as the seeded demo moderator, as the login dialog would. */
async function logInAsModerator(): Promise<void> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'moderator@vf.local', password: 'moderator-demo-1', section: siteUuid }),
  });
  const auth = ((await res.json()) as { result: AuthResult }).result;
  writeTokens(auth);
  getStore().dispatch(loggedIn(auth));
}

describe('<vf-conversations-count>', () => {
  it('shows the plural count', async () => {
    const id = unique('count');
    await seedConversation(other, id, 3);
    const el = await mount(id);
    await waitUntil(() => countText(el) === '3 comments', '3 comments');
  });

  it('uses the singular for one', async () => {
    const id = unique('count-one');
    await seedConversation(other, id, 1);
    const el = await mount(id);
    await waitUntil(() => countText(el) === '1 comment', '1 comment');
  });

  it('shows nothing at zero', async () => {
    const id = unique('count-zero');
    await getContainer(id);
    const el = await mount(id);
    // Wait until the container is loaded and subscribed, then check nothing is shown.
    const container = await getContainer(id);
    await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
    expect(countText(el)).to.equal(null);
    expect(shadow(el).textContent).to.equal('');
  });

  it('updates on a realtime event', async () => {
    const id = unique('count-live');
    const container = await seedConversation(other, id, 1);
    const el = await mount(id);
    await waitUntil(() => countText(el) === '1 comment', '1 comment');
    const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
    feed.send(sub, await createdEvent(container.content_container_uuid, 'Live one'));
    await waitUntil(() => countText(el) === '2 comments', '2 comments');
  });

  it('appears from zero when the first comment arrives live', async () => {
    const id = unique('count-first');
    const container = await getContainer(id);
    const el = await mount(id);
    const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
    expect(countText(el)).to.equal(null);
    feed.send(sub, await createdEvent(container.content_container_uuid, 'First!'));
    await waitUntil(() => countText(el) === '1 comment', '1 comment');
  });

  it('is accessible inline text', async () => {
    const id = unique('count-a11y');
    await seedConversation(other, id, 2);
    const el = await mount(id);
    await waitUntil(() => countText(el) === '2 comments', 'rendered');
    await expect(el.parentElement!).to.be.accessible();
  });

  describe('a hidden conversation', () => {
    it('shows no count to readers, and the count to a moderator once they log in', async () => {
      const id = unique('count-hidden');
      const container = await seedConversation(other, id, 2);
      await setContainerSettings(container.content_container_uuid, { is_hidden: true });
      const el = await mount(id);
      await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      expect(countText(el)).to.equal(null, 'hidden from a guest');
      try {
        await logInAsModerator();
        await waitUntil(() => countText(el) === '2 comments', 'a moderator sees the count');
      } finally {
        clearTokens();
        getStore().dispatch(loggedOut());
      }
      await waitUntil(() => countText(el) === null, 'gone again after logging out');
    });
  });

  describe('visibility rule', () => {
    const container = (total: number, hidden: boolean): Container => ({
      content_container_uuid: 'c',
      container_id: 'x',
      section_uuid: 's',
      total_visible_content: total,
      settings: { is_hidden: hidden, is_closed: false },
    });
    const user = (privilege: User['user_privilege']) => ({ uuid: 'u', user_privilege: privilege }) as User;

    it('shows only nonzero integers', () => {
      expect(visibleCount(container(0, false), null)).to.equal(null);
      expect(visibleCount(container(2.5, false), null)).to.equal(null);
      expect(visibleCount(container(-1, false), null)).to.equal(null);
      expect(visibleCount(container(4, false), null)).to.equal(4);
    });

    it('hides a hidden container except from moderators and admins', () => {
      expect(visibleCount(container(4, true), null)).to.equal(null);
      expect(visibleCount(container(4, true), user('user'))).to.equal(null);
      expect(visibleCount(container(4, true), user('mod'))).to.equal(4);
      expect(visibleCount(container(4, true), user('admin'))).to.equal(4);
    });
  });
});
