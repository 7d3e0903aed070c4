/**
 * <vf-liveblog> as a reader, against the real vf server (HTTP) with a mock realtime feed: its
 * states, the order of posts, rich text, live arrivals (at the top, and held while scrolled
 * away), replies, and a guest's attempt acted on 1 s after login. Posts are published by the
 * demo moderator through the real API. Editors' flows: vf-liveblog-editor.test.ts.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { newReader, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, buttonByText, shadow, waitFor } from './support/dom.ts';
import { ctrlEnter } from './support/keys.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut } from './support/login.ts';
import {
  liveEvent, makeLiveblog, mountLive, pin, publish, replyTo, seedLiveblog, setLiveblogSettings, throttleLiveblog, unmountLive, uploadImage,
} from './support/liveblog.ts';
import { startMockFeed } from './support/realtime.ts';
import '../../elements/vf-liveblog/define.ts';

const feed = startMockFeed(); // before boot: core must open the socket on the mock
let reader: Reader;

before(async () => {
  await bootCore();
  reader = await newReader('Rita Reader');
});
afterEach(unmountLive);

const mount = (id: string, attrs = '', after = '') => mountLive('vf-liveblog', id, attrs, after);
const postTexts = (el: Element, list = 'list') => $$(el, `[part="${list}"] > li > .vf-post .vf-rich-text`).map((t) => t.textContent ?? '');
const postByText = (el: Element, text: string) => $$(el, '.vf-post').find((p) => p.querySelector('.vf-rich-text')?.textContent === text) ?? null;

describe('<vf-liveblog>', () => {
  describe('states', () => {
    it('loading: a labelled skeleton until the live blog arrives', async () => {
      await expectLoadingState(() => mount(unique('lb-loading')), throttleLiveblog(), 'Loading the live blog…');
    });

    it('empty: "No posts yet."', async () => {
      const el = await mount(unique('lb-empty'));
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty state');
      expect(empty.textContent).to.equal('No posts yet.');
      expect($(el, 'section')?.getAttribute('aria-label')).to.equal('Live blog');
      expect($(el, '[part="composer"]')).to.equal(null, 'readers get no composer');
      await expect(el).to.be.accessible();
    });

    it('closed: says it has ended, offers no Reply, Like still works', async () => {
      const id = unique('lb-closed');
      const { container } = await seedLiveblog(id, ['Final whistle']);
      await setLiveblogSettings(container.content_container_uuid, { is_closed: true });
      const el = await mount(id);
      const closed = await waitFor(() => $(el, '[part="closed"]'), 'closed notice');
      expect(closed.textContent).to.equal('This live blog has ended.');
      await waitUntil(() => postTexts(el).length === 1, 'the post');
      expect(buttonByText(el, 'Reply')).to.equal(null);
      expect($(el, '.vf-like')).to.not.equal(null);
      await expect(el).to.be.accessible();
    });

    it('error: says so with Retry, and Retry loads it', async () => {
      const id = unique('lb-error');
      await seedLiveblog(id, ['After the retry']);
      const flaky = throttleLiveblog({ failures: 1 });
      await expectErrorState(() => mount(id), flaky, "The live blog couldn't be loaded.", (el) => postTexts(el)[0] === 'After the retry');
      expect(flaky.calls()).to.be.greaterThan(1);
    });

    it('offline: says new posts will come when back online', async () => {
      const id = unique('lb-offline');
      await seedLiveblog(id, ['Before the tunnel']);
      const el = await mount(id);
      await waitUntil(() => postTexts(el).length === 1, 'the post');
      await expectOfflineState(el);
    });
  });

  describe('posts', () => {
    it('newest first, the pinned post on top and marked, with author, role, avatar and time', async () => {
      const id = unique('lb-order');
      const { container, posts } = await seedLiveblog(id, ['First', 'Second', 'Third']);
      await pin(container.content_container_uuid, posts[0]!.content_uuid);
      const el = await mount(id);
      await waitUntil(() => postTexts(el).length === 2 && postTexts(el, 'pinned').length === 1, 'pinned and the rest');
      expect(postTexts(el, 'pinned')).to.deep.equal(['First']);
      expect(postTexts(el)).to.deep.equal(['Third', 'Second']);
      const pinned = $(el, '[part="pinned"] .vf-post')!;
      expect(pinned.querySelector('.vf-badge--pinned')?.textContent).to.equal('Pinned');
      expect(pinned.querySelector('[part="author"]')?.textContent).to.equal('Demo Moderator');
      expect(pinned.querySelector('[part="role"]')?.textContent).to.equal('Moderator');
      expect(pinned.querySelector('[part="avatar"]')).to.not.equal(null);
      expect(pinned.querySelector('time')?.getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT/);
      await expect(el).to.be.accessible();
    });

    it('renders bold, italics, lists, links, cards and images as elements; markup in the text stays text', async () => {
      const id = unique('lb-rich');
      const container = await makeLiveblog(id);
      const media = await uploadImage(container.content_container_uuid, 30, 20);
      (window as unknown as { __vfPwned?: number }).__vfPwned = undefined;
      const payload = '<img src=x onerror="window.__vfPwned=1"><script>window.__vfPwned=2</script>';
      const content = [
        '**Goal** for *the hosts*', '', '- one', '- two', '', 'See [the report](https://example.com/report)', '',
        `![A crowd cheering](media:${media})`, '', 'https://www.youtube.com/watch?v=abc', '', payload,
      ].join('\n');
      await publish(container.content_container_uuid, content);
      const el = await mount(id);
      const text = await waitFor(() => $(el, '.vf-rich-text'), 'post rendered');
      expect(text.querySelector('strong')?.textContent).to.equal('Goal');
      expect(text.querySelector('em')?.textContent).to.equal('the hosts');
      expect([...text.querySelectorAll('ul > li')].map((li) => li.textContent)).to.deep.equal(['one', 'two']);
      const link = text.querySelector<HTMLAnchorElement>('a[part="post-link"]')!;
      expect(link.href).to.equal('https://example.com/report');
      expect(link.rel).to.contain('noopener');
      const img = text.querySelector<HTMLImageElement>('img[part="post-image"]')!;
      expect([img.getAttribute('width'), img.getAttribute('height'), img.alt]).to.deep.equal(['30', '20', 'A crowd cheering']);
      const card = text.querySelector<HTMLAnchorElement>('[part="link-card"]')!;
      expect(card.textContent).to.contain('Video on youtube.com');
      expect(text.querySelectorAll('img')).to.have.length(1, 'only the uploaded image');
      expect(text.querySelector('script, iframe')).to.equal(null);
      expect(text.textContent).to.contain('<img src=x onerror=');
      expect((window as unknown as { __vfPwned?: number }).__vfPwned).to.equal(undefined);
      await expect(el).to.be.accessible();
    });
  });

  describe('live', () => {
    it('a new post shows at the top for a reader at the top, and is announced', async () => {
      const id = unique('lb-live-top');
      const { container } = await seedLiveblog(id, ['Kick-off']);
      const el = await mount(id);
      await waitUntil(() => postTexts(el).length === 1, 'the first post');
      const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      const post = await publish(container.content_container_uuid, 'First goal');
      const event = await liveEvent('created', post);
      feed.send(sub, event);
      await waitUntil(() => postTexts(el)[0] === 'First goal', 'at the top');
      expect($(el, '[part="new-posts"]')).to.equal(null, 'no button: nothing to jump');
      expect($(el, '.vf-new-posts[role="status"]')?.textContent).to.equal('1 new post published');
      feed.send(sub, event); // a catch-up may deliver it again: still one
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(postTexts(el)).to.deep.equal(['First goal', 'Kick-off']);
    });

    it('a reader scrolled away gets a "1 new post" button instead of a jump; it shows and focuses the post', async () => {
      const id = unique('lb-live-scrolled');
      const { container } = await seedLiveblog(id, ['Early news']);
      const el = await mount(id, '', '<div style="height: 4000px"></div>');
      await waitUntil(() => postTexts(el).length === 1, 'the first post');
      // The top of the posts just above the viewport, the rest of the live blog still in view.
      window.scrollTo(0, $(el, '.vf-liveblog__top')!.getBoundingClientRect().top + window.scrollY + 40);
      await new Promise((resolve) => setTimeout(resolve, 150)); // the observer reports the scroll
      const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      feed.send(sub, await liveEvent('created', await publish(container.content_container_uuid, 'Breaking')));
      const button = await waitFor(() => buttonByText(el, '1 new post'), 'the new-posts button');
      expect(postTexts(el)).to.deep.equal(['Early news'], 'the list does not jump');
      await expect(el).to.be.accessible();
      button.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => postTexts(el)[0] === 'Breaking', 'shown at the top');
      await waitUntil(() => shadow(el).activeElement === postByText(el, 'Breaking'), 'focus on it');
    });
  });

  describe('replies', () => {
    it('are collapsed behind "N replies"; the toggle shows them', async () => {
      const id = unique('lb-replies');
      const { container, posts } = await seedLiveblog(id, ['Half time']);
      await replyTo(reader, container.content_container_uuid, posts[0]!.content_uuid, 'Great match');
      await replyTo(reader, container.content_container_uuid, posts[0]!.content_uuid, 'Agreed');
      const el = await mount(id);
      const toggle = await waitFor(() => buttonByText(el, '2 replies'), 'toggle');
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect($(el, '.vf-reply')).to.equal(null);
      toggle.click();
      await waitUntil(() => $$(el, '.vf-reply').length === 2, 'replies shown');
      expect($$(el, '.vf-reply .vf-comment__text').map((r) => r.textContent)).to.deep.equal(['Great match', 'Agreed']);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      await expect(el).to.be.accessible();
    });

    it('a guest’s Reply asks to log in and opens the reply box 1 s after the login; the reply is posted by keyboard', async () => {
      const id = unique('lb-reply');
      await seedLiveblog(id, ['Second half']);
      const el = await mount(id);
      (await waitFor(() => buttonByText(el, 'Reply'), 'Reply')).click();
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), 'login dialog');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog.open, 'closed');
      const loggedInAt = Date.now();
      await logIn(reader);
      try {
        const field = await waitFor(() => $<HTMLTextAreaElement>(el, '.vf-reply-box textarea'), 'reply box', 5000);
        expect(Date.now() - loggedInAt).to.be.at.least(900, 'acted on about 1000 ms after the login');
        // The box is drawn, then focused by its effect: on a loaded machine a check may fall between.
        await waitUntil(() => shadow(el).activeElement === field, 'the reply box has the focus');
        await sendKeys({ type: 'What a game' });
        await ctrlEnter();
        await waitUntil(() => $$(el, '.vf-reply .vf-comment__text').some((r) => r.textContent === 'What a game'), 'reply shown');
        expect(buttonByText(el, '1 reply')?.getAttribute('aria-expanded')).to.equal('true');
      } finally {
        await logOut();
      }
    });
  });
});
