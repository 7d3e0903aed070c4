/**
 * "Report illegal content" in every element that shows readers' content besides comments
 * (docs/law.md "Notices of illegal content"), as a guest, against the real server: a chat
 * message's and a review's "More actions", a live-blog reply's, and a reader's name and picture in
 * <vf-users>. Each opens the same form, naming what is reported, and the server accepts the
 * notice sent from it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { newReader, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { mountChat, seedChat, unmountChats } from './support/chat.ts';
import { $, $$, buttonByText, waitFor } from './support/dom.ts';
import { mountLive, replyTo, seedLiveblog, unmountLive } from './support/liveblog.ts';
import { logOut } from './support/login.ts';
import { itemIds, menuItems, noticeDialog, noticeField, openNotice } from './support/notices.ts';
import { writeReview } from './support/reviews.ts';
import { waitUntil } from './support/wait.ts';
import '../../elements/vf-livechat/define.ts';
import '../../elements/vf-liveblog/define.ts';
import '../../elements/vf-reviews/define.ts';
import '../../elements/vf-users/define.ts';

let author: Reader;

before(async () => {
  await bootCore();
  await logOut().catch(() => undefined);
  author = await newReader('Nora Writer');
});

afterEach(() => {
  unmountChats();
  unmountLive();
});

const subject = (el: Element) => noticeDialog(el)!.querySelector('.vf-notice__subject')!.textContent;

/** Sends a complete notice from the open form and waits for its reference. */
async function sendNotice(el: Element): Promise<string> {
  const select = noticeField<HTMLSelectElement>(el, 'kind');
  select.value = 'hate_speech';
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const set = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  set(noticeField<HTMLTextAreaElement>(el, 'explanation'), 'It calls for violence against a group.');
  set(noticeField(el, 'name'), 'Gus Guest');
  set(noticeField(el, 'email'), `${unique('guest')}@example.com`);
  noticeField(el, 'good_faith').click();
  noticeDialog(el)!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
  const reference = await waitFor(() => noticeDialog(el)?.querySelector('.vf-notice__reference')?.textContent, 'reference');
  return reference;
}

/** Closes the dialog with its Close (confirmation) or Cancel (form) button. */
async function closeDialog(el: Element): Promise<void> {
  [...noticeDialog(el)!.querySelectorAll('button')].find((b) => !b.getAttribute('aria-label') && ['Close', 'Cancel'].includes(b.textContent!))!.click();
  await waitUntil(() => !noticeDialog(el), 'dialog closed');
}

describe('"Report illegal content" beyond comments', () => {
  it('<vf-livechat>: a chat message’s menu has it beside Report; the notice is accepted', async () => {
    const id = unique('notice-chat');
    const { messages } = await seedChat(author, id, ['Buy followers here']);
    const el = await mountChat(id);
    const button = await waitFor(() => $<HTMLButtonElement>(el, `[data-uuid="${messages[0]!.content_uuid}"] [aria-haspopup="menu"]`), 'menu button');
    button.click();
    await waitFor(() => menuItems(el).length > 0, 'menu open');
    expect(itemIds(el)).to.deep.equal(['flag', 'notice']);
    button.click();
    await openNotice(el, button);
    expect(subject(el)).to.equal('A chat message by Nora Writer');
    await expect(el).shadowDom.to.be.accessible();
    expect(await sendNotice(el)).to.match(/\S{4,}/);
    await closeDialog(el);
  });

  it('<vf-reviews>: a guest gets a "More actions" menu on a review with only this entry', async () => {
    const id = unique('notice-reviews');
    await writeReview(author, id, { rating: 2, title: 'Awful', content: 'The owner is a criminal.' });
    const wrapper = await fixture<HTMLElement>(html`<div></div>`);
    wrapper.innerHTML = `<vf-reviews vf-container-id="${id}"></vf-reviews>`;
    const el = wrapper.firstElementChild as HTMLElement;
    const button = await waitFor(() => $<HTMLButtonElement>(el, '[part="review"] [aria-haspopup="menu"]'), 'menu button');
    expect(button.getAttribute('aria-label')).to.equal('More actions for Nora Writer’s review');
    button.click();
    await waitFor(() => menuItems(el).length > 0, 'menu open');
    expect(itemIds(el)).to.deep.equal(['notice']);
    button.click();
    await openNotice(el, button);
    expect(subject(el)).to.equal('A review by Nora Writer');
    expect(noticeDialog(el)!.querySelector('blockquote')!.textContent).to.equal('The owner is a criminal.');
    expect(await sendNotice(el)).to.match(/\S{4,}/);
    await closeDialog(el);
    await expect(el).shadowDom.to.be.accessible();
  });

  it('<vf-liveblog>: a reader’s reply has a "More actions" menu with it; an editor’s post has none', async () => {
    const id = unique('notice-liveblog');
    const { container, posts } = await seedLiveblog(id, ['Kick-off']);
    await replyTo(author, container.content_container_uuid, posts[0]!.content_uuid, 'The referee takes bribes');
    const el = await mountLive('vf-liveblog', id);
    (await waitFor(() => buttonByText(el, '1 reply'), 'replies toggle')).click();
    const button = await waitFor(() => $<HTMLButtonElement>(el, '.vf-reply [aria-haspopup="menu"]'), 'reply menu button');
    expect(button.getAttribute('aria-label')).to.equal('More actions for Nora Writer’s reply');
    expect($$(el, '[aria-haspopup="menu"]').length).to.equal(1);
    await openNotice(el, button);
    expect(subject(el)).to.equal('A reply to the live blog by Nora Writer');
    expect(await sendNotice(el)).to.match(/\S{4,}/);
    await closeDialog(el);
  });

  it('<vf-users>: a reader’s name (and picture, when they have one) can be reported', async () => {
    const wrapper = await fixture<HTMLElement>(html`<div></div>`);
    wrapper.innerHTML = '<vf-users></vf-users>';
    const el = wrapper.firstElementChild as HTMLElement;
    const user = await waitFor(() => $(el, '[part="user"]'), 'a top user');
    const name = user.querySelector('[part="name"]')!.textContent!;
    const button = user.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!;
    expect(button.getAttribute('aria-label')).to.equal(`More actions for ${name}`);
    button.click();
    await waitFor(() => menuItems(el).length > 0, 'menu open');
    expect(itemIds(el)[0]).to.equal('notice-name');
    expect(menuItems(el)[0]!.textContent).to.equal('Report their name as illegal');
    button.click();
    await openNotice(el, button, 'notice-name');
    expect(subject(el)).to.equal(`The name of the reader “${name}”`);
    await expect(el).shadowDom.to.be.accessible();
    expect(await sendNotice(el)).to.match(/\S{4,}/);
    await closeDialog(el);
  });
});
