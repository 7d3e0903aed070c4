/**
 * <vf-conversations> against the real vf server (HTTP) with a mock realtime feed. Core boots
 * once for the file, as the loader would; comments by "other readers" are posted through the
 * real API before the element renders them.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { ctrlEnter } from './support/keys.ts';
import { startMockFeed, createdEvent } from './support/realtime.ts';
import { getContainer, newReader, postComment, seedConversation, unique, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, commentTexts, shadow, typeInto, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import '../../elements/vf-conversations/define.ts';
import { getStore } from '../../core/store/index.ts';
import { commentQueriesApi } from '../../core/api/comments.ts';

const feed = startMockFeed(); // before boot: core must open the socket on the mock
let other: Reader;

before(async () => {
  await bootCore();
  other = await newReader('Ada Lovelace');
});

const COMMENT = '.vf-comment:not(.vf-comment--reply)';
const topLevelTexts = (el: Element) => $$(el, `${COMMENT} .vf-comment__text`).map((t) => t.textContent ?? '');

const mount = mountConversations;

describe('<vf-conversations>', () => {
  it('renders the existing comments, newest first, with author and count', async () => {
    const id = unique('existing');
    await seedConversation(other, id, 3);
    const el = await mount(id);
    await waitFor(() => topLevelTexts(el).length === 3, 'three comments');
    expect(topLevelTexts(el)).to.deep.equal(['Seeded comment 3', 'Seeded comment 2', 'Seeded comment 1']);
    expect($(el, '.vf-heading')?.textContent).to.equal('3 comments');
    expect($(el, '.vf-comment__author')?.textContent).to.equal('Ada Lovelace');
    expect($(el, '.vf-comment time')?.getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT/);
  });

  it('keeps paragraphs and renders an HTML/script payload as text', async () => {
    const id = unique('payload');
    const container = await getContainer(id);
    (window as unknown as { __vfPwned?: number }).__vfPwned = undefined;
    const payload = '<img src=x onerror="window.__vfPwned=1"><script>window.__vfPwned=2</script><b>bold</b>';
    await postComment(other, container.content_container_uuid, `First paragraph\n\n${payload}`);
    const el = await mount(id);
    const text = await waitFor(() => $(el, '.vf-comment__text'), 'comment rendered');
    expect([...text.children].map((c) => c.localName)).to.deep.equal(['p', 'p']);
    expect(text.querySelector('img, script, b')).to.equal(null);
    expect(text.textContent).to.contain('bold');
    expect((window as unknown as { __vfPwned?: number }).__vfPwned).to.equal(undefined);
  });

  it('shows the empty state for a new conversation', async () => {
    const el = await mount(unique('empty'));
    await waitFor(() => $(el, '[part="empty"]'), 'empty state');
    expect($(el, '[part="empty"]')?.textContent).to.equal('Be the first to comment.');
    expect($<HTMLTextAreaElement>(el, 'textarea')?.placeholder).to.equal('Join the conversation');
  });

  it('loads more replies of a thread', async () => {
    const id = unique('replies');
    const container = await getContainer(id);
    const thread = await postComment(other, container.content_container_uuid, 'A thread');
    for (let i = 1; i <= 4; i++) await postComment(other, container.content_container_uuid, `Reply ${i}`, thread.content_uuid);
    const el = await mount(id);
    await waitUntil(() => $$(el, '.vf-comment--reply').length === 2, 'reply-limit 2 replies');
    const more = await waitFor(() => buttonByText(el, 'Load 2 more replies'), 'load more replies');
    more.click();
    await waitUntil(() => $$(el, '.vf-comment--reply').length === 4, 'all four replies');
    expect(commentTexts(el).slice(1)).to.deep.equal(['Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']);
    expect(buttonByText(el, 'Load 2 more replies')).to.equal(null);
  });

  describe('attributes', () => {
    // A fresh container per test: the list cache is shared by elements with the same arguments.
    let id: string;
    beforeEach(async () => {
      id = unique('limits');
      await seedConversation(other, id, 5);
    });

    it('limit sets the first page, "Load more comments" fetches pagination-limit more', async () => {
      const el = await mount(id, 'limit="2" pagination-limit="2"');
      await waitUntil(() => topLevelTexts(el).length === 2, 'two comments');
      buttonByText(el, 'Load more comments')!.click();
      await waitUntil(() => topLevelTexts(el).length === 4, 'four comments');
    });

    it('without pagination-limit, "Load more comments" fetches its default of 10', async () => {
      const el = await mount(id, 'limit="2"');
      await waitUntil(() => topLevelTexts(el).length === 2, 'two comments');
      buttonByText(el, 'Load more comments')!.click();
      await waitUntil(() => topLevelTexts(el).length === 5, 'the other three at once');
      expect(buttonByText(el, 'Load more comments')).to.equal(null);
    });

    it('changing limit re-renders; removing it returns to the default (10)', async () => {
      const el = await mount(id, 'limit="2"');
      await waitUntil(() => topLevelTexts(el).length === 2, 'two comments');
      el.setAttribute('limit', '3');
      await waitUntil(() => topLevelTexts(el).length === 3, 'three comments');
      el.removeAttribute('limit');
      await waitUntil(() => topLevelTexts(el).length === 5, 'all five (default limit 10)');
      expect(buttonByText(el, 'Load more comments')).to.equal(null);
    });

    it('an out-of-range limit takes the default', async () => {
      const el = await mount(id, 'limit="500"');
      await waitUntil(() => topLevelTexts(el).length === 5, 'default limit');
    });

    it('sort="oldest" lists the oldest first', async () => {
      const el = await mount(id, 'sort="oldest"');
      await waitUntil(() => topLevelTexts(el).length === 5, 'five comments');
      expect(topLevelTexts(el)[0]).to.equal('Seeded comment 1');
    });
  });

  describe('accessibility', () => {
    it('passes axe with comments and the compose box', async () => {
      const id = unique('a11y');
      await seedConversation(other, id, 2);
      const el = await mount(id);
      await waitUntil(() => topLevelTexts(el).length === 2, 'rendered');
      await expect(el).to.be.accessible();
    });

    it('exposes like state with aria-pressed and labels the compose field', async () => {
      const id = unique('aria');
      await seedConversation(other, id, 1);
      const el = await mount(id);
      const like = await waitFor(() => $<HTMLElement>(el, '.vf-like'), 'like button');
      expect(like.getAttribute('aria-pressed')).to.equal('false');
      const field = $<HTMLTextAreaElement>(el, 'textarea')!;
      expect($(el, `label[for="${field.id}"]`)?.textContent).to.equal('Write a comment');
      expect($(el, 'section')?.getAttribute('aria-label')).to.equal('Comments');
    });
  });

  describe('as a guest', () => {
    it('focusing the compose box opens the login dialog with focus on its first field', async () => {
      const el = await mount(unique('guest'));
      const field = await waitFor(() => $<HTMLTextAreaElement>(el, 'textarea'), 'compose');
      field.focus();
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), 'dialog open');
      expect(shadow(el).activeElement?.getAttribute('name')).to.equal('email');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog.open, 'closed with Escape');
      // Focus returns to the compose box without reopening the dialog.
      expect(dialog.open).to.equal(false);
    });

    it('clicking Like opens the login dialog', async () => {
      const id = unique('guest-like');
      await seedConversation(other, id, 1);
      const el = await mount(id);
      (await waitFor(() => $<HTMLElement>(el, '.vf-like'), 'like button')).click();
      await waitFor(() => $(el, 'dialog[open]'), 'dialog open');
    });
  });

  describe('events', () => {
    it('signing up through the dialog fires vf-login-success; posting shows the comment and fires vf-comment-posted', async () => {
      const el = await mount(unique('signup'));
      const field = await waitFor(() => $<HTMLTextAreaElement>(el, 'textarea'), 'compose');
      field.click();
      await waitFor(() => $(el, 'dialog[open]'), 'dialog open');
      $$<HTMLButtonElement>(el, 'dialog [role="tab"]').find((tab) => tab.textContent === 'Sign up')!.click();
      const name = await waitFor(() => $<HTMLInputElement>(el, 'input[name="name"]'), 'name field');
      typeInto(name, 'Grace Hopper');
      typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, `${unique('grace')}@example.com`);
      typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, 'a long enough password');
      const login = oneEvent(document, 'vf-login-success');
      $<HTMLButtonElement>(el, '[role="tabpanel"] button[type="submit"]')!.click();
      const loginEvent = await login;
      expect(loginEvent.detail.user.name).to.equal('Grace Hopper');
      expect(loginEvent.detail.isNew).to.equal(true);
      await waitUntil(() => !$(el, 'dialog[open]'), 'dialog closed');

      typeInto(field, 'Hello from Grace');
      const posted = oneEvent(el, 'vf-comment-posted');
      $<HTMLButtonElement>(el, '.vf-compose button[type="submit"]')!.click();
      const event = await posted;
      expect(event.bubbles && event.composed).to.equal(true);
      expect(event.detail.comment.content).to.equal('Hello from Grace');
      await waitUntil(() => topLevelTexts(el)[0] === 'Hello from Grace', 'comment shown');
      // The realtime event can show the comment a moment before the POST's answer clears the box.
      await waitUntil(() => field.value === '', 'compose box cleared');
      // The same events go through the vf bus (window.vf.$publish) for $subscribe.
      const names = published.filter((p) => p.channel === 'vf-conversations').map((p) => p.name);
      expect(names).to.include.members(['vf-login-success', 'vf-comment-posted']);
    });

    it('liking fires vf-comment-liked and presses the button', async () => {
      const id = unique('like');
      await seedConversation(other, id, 1);
      const el = await mount(id);
      const like = await waitFor(() => $<HTMLElement>(el, '.vf-like'), 'like button');
      const liked = oneEvent(el, 'vf-comment-liked');
      like.click();
      const event = await liked;
      expect(event.detail.liked).to.equal(true);
      await waitUntil(() => like.getAttribute('aria-pressed') === 'true', 'pressed');
      expect(like.textContent).to.equal('1');
    });

    it('disliking fires vf-comment-disliked, presses the button, and a reload shows it kept', async () => {
      const id = unique('dislike');
      await seedConversation(other, id, 1);
      const el = await mount(id);
      const dislike = await waitFor(() => $<HTMLElement>(el, '.vf-dislike'), 'dislike button');
      const disliked = oneEvent(el, 'vf-comment-disliked');
      dislike.click();
      expect((await disliked).detail.disliked).to.equal(true);
      await waitUntil(() => dislike.getAttribute('aria-pressed') === 'true', 'pressed');
      expect(dislike.textContent).to.equal('1');
      expect($(el, '.vf-like')?.textContent).to.equal('0', 'likes untouched');
      // The server keeps it: a fresh element with a fresh cache shows the viewer's dislike.
      el.remove();
      getStore().dispatch(commentQueriesApi.util.resetApiState());
      const again = await mount(id);
      const kept = await waitFor(() => $<HTMLElement>(again, '.vf-dislike[aria-pressed="true"]'), 'dislike kept');
      expect(kept.textContent).to.equal('1');
    });
  });

  describe('keyboard', () => {
    it('Ctrl+Enter posts from the compose box; Reply opens a focused inline editor', async () => {
      const id = unique('keys');
      await seedConversation(other, id, 1);
      const el = await mount(id);
      const field = await waitFor(() => $<HTMLTextAreaElement>(el, '.vf-compose textarea'), 'compose');
      field.focus();
      await sendKeys({ type: 'Typed and sent' });
      await ctrlEnter();
      await waitUntil(() => topLevelTexts(el)[0] === 'Typed and sent', 'posted with the keyboard');

      buttonByText(el, 'Reply')!.focus();
      await sendKeys({ press: 'Enter' });
      const reply = await waitFor(() => $<HTMLTextAreaElement>(el, '.vf-reply-box textarea'), 'reply editor');
      // Conditions, not expect(element): a failed expect carrying an element cannot be sent to the
      // test runner (structuredClone), and the file then hangs instead of failing.
      await waitUntil(() => shadow(el).activeElement === reply, 'reply editor focused');
      await sendKeys({ type: 'A keyboard reply' });
      await ctrlEnter();
      await waitUntil(() => commentTexts(el).includes('A keyboard reply'), 'reply shown');
      await waitUntil(() => $(el, '.vf-reply-box') === null, 'reply editor closed once posted');
    });
  });

  describe('realtime', () => {
    it('a comment created elsewhere is held behind "Show 1 new comment" until the reader reveals it', async () => {
      const id = unique('live');
      const container = await seedConversation(other, id, 1);
      const el = await mount(id);
      await waitUntil(() => topLevelTexts(el).length === 1, 'initial comment');
      const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      feed.send(sub, await createdEvent(container.content_container_uuid, 'Arrived live'));
      const control = await waitFor(() => buttonByText(el, 'Show 1 new comment'), 'new-comments control');
      expect(topLevelTexts(el)).to.deep.equal(['Seeded comment 1'], 'the list does not jump');
      expect($(el, '.vf-heading')?.textContent).to.equal('2 comments');
      await expect(el).to.be.accessible();
      control.click();
      await waitUntil(() => topLevelTexts(el)[0] === 'Arrived live', 'live comment shown at the top');
      await waitUntil(() => shadow(el).activeElement?.textContent?.includes('Arrived live'), 'focus on the revealed comment');
      expect(buttonByText(el, 'Show 1 new comment')).to.equal(null);
    });

    it('in an empty conversation a new comment simply shows (nothing to jump)', async () => {
      const id = unique('live-empty');
      const container = await getContainer(id);
      const el = await mount(id);
      await waitFor(() => $(el, '[part="empty"]'), 'empty state');
      const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      feed.send(sub, await createdEvent(container.content_container_uuid, 'First one'));
      await waitUntil(() => topLevelTexts(el)[0] === 'First one', 'shown at once');
      expect($(el, '[part="new-comments"]')).to.equal(null);
    });
  });
});
