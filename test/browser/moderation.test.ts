/**
 * <vf-conversations> for a moderator, against the real server (HTTP) with a mock realtime feed:
 * moderation from the comment's menu (disable, approve, spam, pin, pick, remove), state badges
 * and report counts, banning an author in a dialog, and the conversation's settings control.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { getContainer, newReader, postComment, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { changeEvent, commentCall } from './support/commentCalls.ts';
import { $, $$, buttonByText, commentTexts, shadow, typeInto, waitFor } from './support/dom.ts';
import { logIn, MODERATOR, moderatorToken } from './support/login.ts';
import { startMockFeed } from './support/realtime.ts';
import '../../elements/vf-conversations/define.ts';

const feed = startMockFeed();
let ada: Reader;
let bob: Reader;
let modToken: string;

before(async () => {
  await bootCore();
  [ada, bob] = await Promise.all([newReader('Ada Writer'), newReader('Bob Flagger')]);
  await logIn(MODERATOR);
  modToken = await moderatorToken();
});

async function withComment(text: string) {
  const container = await getContainer(unique('moderation'));
  const comment = await postComment(ada, container.content_container_uuid, text);
  const el = await fixture<HTMLElement>(html`<div></div>`);
  el.innerHTML = `<vf-conversations vf-container-id="${container.container_id}"></vf-conversations>`;
  const conv = el.firstElementChild as HTMLElement;
  await waitFor(() => commentTexts(conv).includes(text), 'comment shown');
  return { el: conv, comment, containerUuid: container.content_container_uuid };
}

const article = (el: Element, uuid: string) => $<HTMLElement>(el, `article[data-uuid="${uuid}"]`)!;
const badges = (el: Element, uuid: string) => [...article(el, uuid).querySelectorAll('.vf-badge')].map((b) => b.textContent);
const menuItems = (el: Element) => $$<HTMLButtonElement>(el, '[role="menuitem"]');

async function choose(el: Element, uuid: string, action: string) {
  article(el, uuid).querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!.click();
  const item = await waitFor(() => menuItems(el).find((b) => b.dataset.action === action), `menu item ${action}`);
  item.click();
}

const stored = (containerUuid: string, uuid: string) => commentCall(modToken, 'GET', `${containerUuid}/comments/${uuid}`);

describe('<vf-conversations> for a moderator', () => {
  it('the menu holds the moderation actions for a visible comment', async () => {
    const { el, comment } = await withComment('Moderate me');
    article(el, comment.content_uuid).querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!.click();
    await waitFor(() => menuItems(el).length > 0, 'menu open');
    expect(menuItems(el).map((b) => b.dataset.action)).to.deep.equal(['flag', 'notice', 'remove', 'mute', 'disable', 'spam', 'pin', 'pick', 'ban']);
  });

  it('disable shows the "Disabled" badge and the server agrees; Approve makes it visible again', async () => {
    const { el, comment, containerUuid } = await withComment('Borderline');
    await choose(el, comment.content_uuid, 'disable');
    await waitUntil(() => badges(el, comment.content_uuid).includes('Disabled'), 'disabled badge');
    expect((await stored(containerUuid, comment.content_uuid)).state).to.equal('disabled');
    expect($(el, '.vf-heading')?.textContent).to.equal('Comments');
    await choose(el, comment.content_uuid, 'enable');
    await waitUntil(() => badges(el, comment.content_uuid).length === 0, 'badge gone');
    expect((await stored(containerUuid, comment.content_uuid)).state).to.equal('visible');
    expect($(el, '.vf-heading')?.textContent).to.equal('1 comment');
  });

  it('spam and "Not spam"', async () => {
    const { el, comment, containerUuid } = await withComment('Buy now');
    await choose(el, comment.content_uuid, 'spam');
    await waitUntil(() => badges(el, comment.content_uuid).includes('Marked as spam'), 'spam badge');
    expect((await stored(containerUuid, comment.content_uuid)).state).to.equal('spam');
    await choose(el, comment.content_uuid, 'unspam');
    await waitUntil(() => badges(el, comment.content_uuid).length === 0, 'visible again');
  });

  it('pin and pick show their marks; undoing them removes the marks', async () => {
    const { el, comment, containerUuid } = await withComment('Worth keeping');
    await choose(el, comment.content_uuid, 'pin');
    await waitUntil(() => badges(el, comment.content_uuid).includes('Pinned'), 'pinned');
    await choose(el, comment.content_uuid, 'pick');
    await waitUntil(() => badges(el, comment.content_uuid).includes("Editor's pick"), 'picked');
    const both = await stored(containerUuid, comment.content_uuid);
    expect([both.is_pinned, both.is_picked]).to.deep.equal([true, true]);
    await choose(el, comment.content_uuid, 'unpin');
    await choose(el, comment.content_uuid, 'unpick');
    await waitUntil(() => badges(el, comment.content_uuid).length === 0, 'marks gone');
  });

  it('shows how many readers reported a comment; Approve clears the reports', async () => {
    const container = await getContainer(unique('reports'));
    const comment = await postComment(ada, container.content_container_uuid, 'Reported text');
    await commentCall(bob.token, 'POST', `${container.content_container_uuid}/comments/${comment.content_uuid}/flag`);
    const host = await fixture<HTMLElement>(html`<div></div>`);
    host.innerHTML = `<vf-conversations vf-container-id="${container.container_id}"></vf-conversations>`;
    const el = host.firstElementChild as HTMLElement;
    // A newly mounted conversation reads its comments from the server: waitFor's 10 s, not waitUntil's 1 s.
    await waitFor(() => $(el, `article[data-uuid="${comment.content_uuid}"] .vf-badge--flags`)?.textContent === '1 report', 'report count');
    await choose(el, comment.content_uuid, 'enable');
    await waitUntil(() => !article(el, comment.content_uuid).querySelector('.vf-badge--flags'), 'reports cleared');
    expect((await stored(container.content_container_uuid, comment.content_uuid)).total_flags).to.equal(0);
  });

  it('sees a held comment with its badge and approves it', async () => {
    const container = await getContainer(unique('held'));
    await commentCall(modToken, 'POST', `${container.content_container_uuid}/settings`, { is_premoderated: true });
    const held = await postComment(ada, container.content_container_uuid, 'Please approve');
    expect(held.state).to.equal('awaiting_moderation');
    const host = await fixture<HTMLElement>(html`<div></div>`);
    host.innerHTML = `<vf-conversations vf-container-id="${container.container_id}"></vf-conversations>`;
    const el = host.firstElementChild as HTMLElement;
    await waitUntil(() => $(el, `article[data-uuid="${held.content_uuid}"]`) && badges(el, held.content_uuid).includes('Awaiting moderation'), 'held badge');
    await choose(el, held.content_uuid, 'enable');
    await waitUntil(() => badges(el, held.content_uuid).length === 0, 'approved');
    expect((await stored(container.content_container_uuid, held.content_uuid)).state).to.equal('visible');
  });

  it('an approved comment its author edits under premoderation comes back held, with the new words', async () => {
    const container = await getContainer(unique('reheld'));
    const containerUuid = container.content_container_uuid;
    await commentCall(modToken, 'POST', `${containerUuid}/settings`, { is_premoderated: true });
    const posted = await postComment(ada, containerUuid, 'Harmless words');
    await commentCall(modToken, 'POST', `${containerUuid}/moderation/${posted.content_uuid}/enable`);
    const host = await fixture<HTMLElement>(html`<div></div>`);
    host.innerHTML = `<vf-conversations vf-container-id="${container.container_id}"></vf-conversations>`;
    const el = host.firstElementChild as HTMLElement;
    await waitFor(() => commentTexts(el).includes('Harmless words'), 'approved comment shown');

    const edited = await commentCall(ada.token, 'POST', `${containerUuid}/content/${posted.content_uuid}/edit`, { content: 'Different words' });
    const sub = await waitFor(() => feed.subscriptionFor(containerUuid), 'subscribed');
    feed.send(sub, await changeEvent('updated', edited));
    await waitUntil(() => commentTexts(el).includes('Different words') && badges(el, posted.content_uuid).includes('Awaiting moderation'), 'held again');
  });

  it('removing a comment as a moderator', async () => {
    const { el, comment, containerUuid } = await withComment('Over the line');
    await choose(el, comment.content_uuid, 'remove');
    const confirm = await waitFor(() => $(el, '.vf-confirm'), 'confirmation');
    [...confirm.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!.click();
    await waitUntil(() => article(el, comment.content_uuid)?.querySelector('.vf-comment__removed'), 'removed placeholder for the moderator');
    expect((await stored(containerUuid, comment.content_uuid)).state).to.equal('deleted');
  });

  describe('ban dialog', () => {
    it('asks for a reason, then bans the author; their next post is refused', async () => {
      const author = await newReader('Ban Target');
      const container = await getContainer(unique('ban'));
      const comment = await postComment(author, container.content_container_uuid, 'Rude words');
      const host = await fixture<HTMLElement>(html`<div></div>`);
      host.innerHTML = `<vf-conversations vf-container-id="${container.container_id}"></vf-conversations>`;
      const el = host.firstElementChild as HTMLElement;
      await waitFor(() => commentTexts(el).includes('Rude words'), 'comment shown');
      await choose(el, comment.content_uuid, 'ban');
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog.vf-ban-dialog[open]'), 'ban dialog open');
      await expect(el).shadowDom.to.be.accessible();
      expect([...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((r) => [r.value, r.checked])).to.deep.equal([
        ['posting', true], ['ghost', false], ['hide', false],
      ]);
      dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      const missing = await waitFor(() => dialog.querySelector('textarea[aria-invalid="true"]'), 'reason required');
      expect(shadow(el).activeElement).to.equal(missing);
      typeInto(dialog.querySelector('textarea')!, 'Insults');
      const select = dialog.querySelector<HTMLSelectElement>('select')!;
      select.value = 'permanent';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitUntil(() => !$(el, 'dialog.vf-ban-dialog'), 'dialog closed');
      expect(article(el, comment.content_uuid).querySelector('[role="status"]')?.textContent).to.equal('Ban Target is banned.');
      let refused = '';
      await postComment(author, container.content_container_uuid, 'Again').catch((e: Error) => (refused = e.message));
      expect(refused).to.match(/→ 403 .*65540/);
    });

    it('Cancel closes it without banning', async () => {
      const { el, comment } = await withComment('Not so bad');
      await choose(el, comment.content_uuid, 'ban');
      await waitFor(() => $(el, 'dialog.vf-ban-dialog[open]'), 'ban dialog open');
      buttonByText(el, 'Cancel')!.click();
      await waitUntil(() => !$(el, 'dialog.vf-ban-dialog'), 'closed');
      expect(await postComment(ada, comment.content_container_uuid, 'Still allowed')).to.have.property('state', 'visible');
    });
  });

  describe('conversation settings', () => {
    it('Closed closes the conversation for everyone and can be undone', async () => {
      const { el, containerUuid } = await withComment('Open for now');
      const closed = await waitFor(() => $<HTMLButtonElement>(el, '[data-setting="is_closed"]'), 'settings control');
      expect(closed.getAttribute('aria-pressed')).to.equal('false');
      closed.click();
      await waitUntil(() => closed.getAttribute('aria-pressed') === 'true', 'pressed');
      let refused = '';
      await postComment(bob, containerUuid, 'Too late').catch((e: Error) => (refused = e.message));
      expect(refused).to.match(/→ 403 /);
      closed.click();
      await waitUntil(() => closed.getAttribute('aria-pressed') === 'false', 'open again');
      expect(await postComment(bob, containerUuid, 'Back in')).to.have.property('state', 'visible');
    });

    it('Premoderation holds new comments; the moderator view passes axe', async () => {
      const { el, containerUuid } = await withComment('Before premoderation');
      const premod = await waitFor(() => $<HTMLButtonElement>(el, '[data-setting="is_premoderated"]'), 'premoderation switch');
      premod.click();
      await waitUntil(() => premod.getAttribute('aria-pressed') === 'true', 'premoderation on');
      expect((await postComment(bob, containerUuid, 'Held one')).state).to.equal('awaiting_moderation');
      await expect(el).shadowDom.to.be.accessible();
    });
  });
});
