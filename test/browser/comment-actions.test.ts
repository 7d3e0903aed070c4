/**
 * <vf-conversations> per-comment actions as a signed-in reader, against the real server (HTTP)
 * with a mock realtime feed: the "More actions" menu, edit in place, remove, report, mute, live
 * edits, and links in comment text.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { getContainer, newReader, postComment, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { changeEvent, commentCall } from './support/commentCalls.ts';
import { $, $$, commentTexts, shadow, typeInto, waitFor } from './support/dom.ts';
import { logIn, moderatorToken } from './support/login.ts';
import { startMockFeed } from './support/realtime.ts';
import type { ContentEvent } from '../../core/api/types.ts';
import '../../elements/vf-conversations/define.ts';

const feed = startMockFeed();
let me: Reader;
let other: Reader;

before(async () => {
  await bootCore();
  [me, other] = await Promise.all([newReader('Mia Author'), newReader('Otto Other')]);
  await logIn(me);
});

async function mount(containerId: string) {
  const el = await fixture<HTMLElement>(html`<div></div>`);
  el.innerHTML = `<vf-conversations vf-container-id="${containerId}"></vf-conversations>`;
  return el.firstElementChild as HTMLElement;
}

/** A conversation with one comment by `author`, mounted and rendered. */
async function withComment(author: Reader, text: string) {
  const container = await getContainer(unique('actions'));
  const comment = await postComment(author, container.content_container_uuid, text);
  const el = await mount(container.container_id);
  await waitFor(() => commentTexts(el).includes(text), 'comment shown');
  return { el, comment, containerUuid: container.content_container_uuid };
}

const article = (el: Element, uuid: string) => $<HTMLElement>(el, `article[data-uuid="${uuid}"]`);
const menuButton = (el: Element, uuid: string) => article(el, uuid)?.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]') ?? null;
const menuItems = (el: Element) => $$<HTMLButtonElement>(el, '[role="menuitem"]');
const itemIds = (el: Element) => menuItems(el).map((b) => b.dataset.action);

async function choose(el: Element, uuid: string, action: string) {
  menuButton(el, uuid)!.click();
  const item = await waitFor(() => menuItems(el).find((b) => b.dataset.action === action), `menu item ${action}`);
  item.click();
}

describe('<vf-conversations> comment actions', () => {
  describe('the "More actions" menu', () => {
    it('offers Report, Report illegal content and Mute on another reader’s comment, Edit/Remove never on it', async () => {
      const { el, comment } = await withComment(other, 'Not mine');
      menuButton(el, comment.content_uuid)!.click();
      await waitFor(() => menuItems(el).length > 0, 'menu open');
      expect(itemIds(el)).to.deep.equal(['flag', 'notice', 'mute']);
    });

    it('offers Edit and Remove (not Report or Mute) on your own comment', async () => {
      const { el, comment } = await withComment(me, 'Mine');
      menuButton(el, comment.content_uuid)!.click();
      await waitFor(() => menuItems(el).length > 0, 'menu open');
      expect(itemIds(el)).to.deep.equal(['edit', 'remove']);
    });

    it('keyboard: ArrowDown opens on the first item, arrows wrap, Escape closes and returns focus', async () => {
      const { el, comment } = await withComment(other, 'Keyboard menu');
      const button = menuButton(el, comment.content_uuid)!;
      expect(button.getAttribute('aria-haspopup')).to.equal('menu');
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      button.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => shadow(el).activeElement === menuItems(el)[0], 'first item focused');
      expect(button.getAttribute('aria-expanded')).to.equal('true');
      await sendKeys({ press: 'ArrowUp' });
      await waitUntil(() => shadow(el).activeElement === menuItems(el).at(-1), 'wrapped to the last item');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => menuItems(el).length === 0, 'menu closed');
      expect(shadow(el).activeElement).to.equal(button);
    });

    it('passes axe with the menu open', async () => {
      const { el, comment } = await withComment(other, 'Accessible menu');
      menuButton(el, comment.content_uuid)!.click();
      await waitFor(() => menuItems(el).length > 0, 'menu open');
      await expect(el).shadowDom.to.be.accessible();
    });
  });

  describe('edit', () => {
    it('opens the editor with the text; Save shows the new text marked "Edited" and the server keeps it', async () => {
      const { el, comment, containerUuid } = await withComment(me, 'First words');
      await choose(el, comment.content_uuid, 'edit');
      const field = await waitFor(() => $<HTMLTextAreaElement>(el, '.vf-edit-form textarea'), 'edit field');
      expect(field.value).to.equal('First words');
      expect(shadow(el).activeElement).to.equal(field);
      typeInto(field, 'Better words');
      $<HTMLButtonElement>(el, '.vf-edit-form button[type="submit"]')!.click();
      await waitUntil(() => commentTexts(el).includes('Better words') && !$(el, '.vf-edit-form'), 'edited text shown');
      const mark = article(el, comment.content_uuid)!.querySelector('.vf-comment__edited')!;
      expect(mark.textContent).to.equal('(edited)');
      expect(mark.getAttribute('title')).to.match(/^Edited /);
      const stored = await commentCall(me.token, 'GET', `${containerUuid}/comments/${comment.content_uuid}`);
      expect(stored.content).to.equal('Better words');
      expect(stored.is_edited).to.equal(true);
    });

    it('Cancel closes the editor and leaves the comment unchanged', async () => {
      const { el, comment } = await withComment(me, 'Stay as is');
      await choose(el, comment.content_uuid, 'edit');
      const field = await waitFor(() => $<HTMLTextAreaElement>(el, '.vf-edit-form textarea'), 'edit field');
      typeInto(field, 'Changed my mind');
      field.focus();
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !$(el, '.vf-edit-form'), 'editor closed');
      expect(commentTexts(el)).to.include('Stay as is');
      expect(article(el, comment.content_uuid)!.querySelector('.vf-comment__edited')).to.equal(null);
    });
  });

  describe('remove', () => {
    it('asks first; Cancel keeps the comment, Remove takes it away', async () => {
      const { el, comment } = await withComment(me, 'Soon gone');
      await choose(el, comment.content_uuid, 'remove');
      await waitFor(() => $(el, '.vf-confirm'), 'confirmation');
      [...$(el, '.vf-confirm')!.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
      await waitUntil(() => !$(el, '.vf-confirm'), 'confirmation closed');
      expect(commentTexts(el)).to.include('Soon gone');
      await choose(el, comment.content_uuid, 'remove');
      await waitFor(() => $(el, '.vf-confirm'), 'confirmation again');
      [...$(el, '.vf-confirm')!.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!.click();
      await waitUntil(() => !article(el, comment.content_uuid), 'comment removed');
      await waitUntil(() => $(el, '.vf-heading')?.textContent === 'Comments', 'count back to none');
    });

    it('a removed comment with replies stays as a placeholder above its replies', async () => {
      const container = await getContainer(unique('placeholder'));
      const mine = await postComment(me, container.content_container_uuid, 'Parent text');
      await postComment(other, container.content_container_uuid, 'A reply', mine.content_uuid);
      const el = await mount(container.container_id);
      await waitFor(() => commentTexts(el).includes('A reply'), 'reply shown');
      await choose(el, mine.content_uuid, 'remove');
      await waitFor(() => $(el, '.vf-confirm'), 'confirmation');
      [...$(el, '.vf-confirm')!.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!.click();
      await waitFor(() => article(el, mine.content_uuid)?.querySelector('.vf-comment__removed'), 'placeholder');
      expect(article(el, mine.content_uuid)!.querySelector('.vf-comment__removed')!.textContent).to.equal('This comment was removed.');
      expect(commentTexts(el)).to.deep.equal(['A reply']);
    });
  });

  describe('report', () => {
    it('Report becomes "Undo report", and the server counts one flag per reader', async () => {
      const { el, comment, containerUuid } = await withComment(other, 'Questionable');
      await choose(el, comment.content_uuid, 'flag');
      menuButton(el, comment.content_uuid)!.click();
      await waitFor(() => itemIds(el).includes('unflag'), 'undo offered');
      const flagged = await commentCall(me.token, 'GET', `${containerUuid}/comments/${comment.content_uuid}`);
      expect(flagged.actions.flagged).to.equal(true);
      menuItems(el).find((b) => b.dataset.action === 'unflag')!.click();
      await waitUntil(async () => !(await commentCall(me.token, 'GET', `${containerUuid}/comments/${comment.content_uuid}`)).actions.flagged, 'flag taken back');
      menuButton(el, comment.content_uuid)!.click();
      await waitFor(() => itemIds(el).includes('flag'), 'report offered again');
    });
  });

  describe('mute', () => {
    it('muting the author hides their comments at once and after a reload', async () => {
      const muted = await newReader('Mo Muted');
      const container = await getContainer(unique('mute'));
      const theirs = await postComment(muted, container.content_container_uuid, 'From the muted one');
      await postComment(other, container.content_container_uuid, 'From someone else');
      const el = await mount(container.container_id);
      await waitFor(() => commentTexts(el).length === 2, 'both shown');
      await choose(el, theirs.content_uuid, 'mute');
      await waitUntil(() => commentTexts(el).join() === 'From someone else', 'muted author hidden');
      // The page hides them at once; the server's answer follows once the mute is stored.
      const listed = async () => (await commentCall<{ contents: { content: string }[] }>(me.token, 'GET', `${container.content_container_uuid}/comments?limit=10`)).contents.map((c) => c.content);
      await waitUntil(async () => (await listed()).join() === 'From someone else', 'the server leaves the muted author out');
    });
  });

  describe('realtime', () => {
    it('an edit made elsewhere shows without reload, marked "Edited"', async () => {
      const { el, comment, containerUuid } = await withComment(other, 'Original');
      const edited = await commentCall(other.token, 'POST', `${containerUuid}/content/${comment.content_uuid}/edit`, { content: 'Edited elsewhere' });
      const sub = await waitFor(() => feed.subscriptionFor(containerUuid), 'subscribed');
      feed.send(sub, await changeEvent('updated', edited));
      await waitUntil(() => commentTexts(el).includes('Edited elsewhere'), 'live edit shown');
      expect(article(el, comment.content_uuid)!.querySelector('.vf-comment__edited')).to.not.equal(null);
    });
  });

  describe('moderation seen by a reader, live', () => {
    it('a malformed change event changes nothing; the next good one applies', async () => {
      const { el, comment, containerUuid } = await withComment(other, 'Sturdy');
      const sub = await waitFor(() => feed.subscriptionFor(containerUuid), 'subscribed');
      const edit = (content: string) => commentCall(other.token, 'POST', `${containerUuid}/content/${comment.content_uuid}/edit`, { content });
      const first = await changeEvent('updated', await edit('Sturdy, once'));
      feed.send(sub, { ...first, content: { ...first.content, content: null, state: 'nonsense' } } as unknown as ContentEvent);
      feed.send(sub, await changeEvent('updated', await edit('Sturdy, twice')));
      await waitUntil(() => commentTexts(el).includes('Sturdy, twice'), 'the good event applied in place');
      expect(article(el, comment.content_uuid)).to.not.equal(null);
    });

    it('a comment a moderator disables leaves the list; one they pin shows "Pinned"', async () => {
      const container = await getContainer(unique('live-moderation'));
      const gone = await postComment(other, container.content_container_uuid, 'To be disabled');
      const kept = await postComment(other, container.content_container_uuid, 'To be pinned');
      const el = await mount(container.container_id);
      await waitFor(() => commentTexts(el).length === 2, 'both shown');
      const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      const mod = await moderatorToken();
      const disabled = await commentCall(mod, 'POST', `${container.content_container_uuid}/moderation/${gone.content_uuid}/disable`);
      feed.send(sub, await changeEvent('disabled', disabled));
      await waitUntil(() => commentTexts(el).join() === 'To be pinned', 'disabled comment gone');
      expect($(el, '.vf-heading')?.textContent).to.equal('1 comment');
      const pinned = await commentCall(mod, 'POST', `${container.content_container_uuid}/content/${kept.content_uuid}/pin`);
      feed.send(sub, await changeEvent('pinned', pinned));
      await waitFor(() => article(el, kept.content_uuid)?.querySelector('.vf-badge--pinned'), 'pinned mark');
    });
  });

  describe('content', () => {
    it('http(s) addresses are links with rel="nofollow ugc noopener"; other schemes stay text', async () => {
      const { el, comment } = await withComment(other, 'Read https://example.com/news. Not javascript:alert(1)');
      const links = [...article(el, comment.content_uuid)!.querySelectorAll('a')];
      expect(links.map((a) => [a.getAttribute('href'), a.rel, a.textContent])).to.deep.equal([
        ['https://example.com/news', 'nofollow ugc noopener', 'https://example.com/news'],
      ]);
    });
  });
});
