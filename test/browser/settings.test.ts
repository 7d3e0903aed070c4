/**
 * <vf-conversations> honours the site's settings and the permission rules: an admin turns
 * commenting and widget logins off through the real API before core boots (settings come with
 * bootstrap); the file restores them after. Also: the page is created on the server after
 * bootstrap and its id becomes the page's id in the store.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { getStore } from '../../core/store/index.ts';
import { bootCore, published } from './support/boot.ts';
import { newReader, seedConversation, testConfig, unique, type Reader } from './support/api.ts';
import { setSiteSettings } from './support/moderation.ts';
import { $, $$, buttonByText, waitFor } from './support/dom.ts';
import '../../elements/vf-conversations/define.ts';

let other: Reader;
// Seeded before commenting is turned off (the server then refuses new comments too).
const CLOSED_SITE = unique('closed-site');
const NO_WIDGET_LOGIN = unique('no-widget-login');


before(async () => {
  other = await newReader('Grace Hopper');
  await seedConversation(other, CLOSED_SITE, 2);
  await seedConversation(other, NO_WIDGET_LOGIN, 1);
  await setSiteSettings({ enable_commenting: false, disable_widget_logins: true, enable_dislikes: false });
  await bootCore();
});

after(async () => {
  await setSiteSettings({ enable_commenting: true, disable_widget_logins: false, enable_dislikes: true });
});

async function mount(containerId: string) {
  const el = await fixture<HTMLElement>(html`<div></div>`);
  el.innerHTML = `<vf-conversations vf-container-id="${containerId}"></vf-conversations>`;
  return el.firstElementChild as HTMLElement;
}

describe('<vf-conversations> and site settings', () => {
  it('bootstrap carried the settings into the store', () => {
    const settings = getStore().getState().session.settings!;
    expect(settings.enable_commenting).to.equal(false);
    expect(settings.disable_widget_logins).to.equal(true);
  });

  it('enable_commenting off: no compose box and no Reply buttons; comments and likes stay', async () => {
    const el = await mount(CLOSED_SITE);
    await waitUntil(() => $$(el, '.vf-comment').length === 2, 'two comments');
    expect($(el, '[part="compose"]')).to.equal(null);
    expect($(el, 'textarea')).to.equal(null);
    expect(buttonByText(el, 'Reply')).to.equal(null);
    expect($$(el, '.vf-like').length).to.equal(2);
  });

  it('enable_dislikes off: likes stay, no dislike control', async () => {
    const el = await mount(CLOSED_SITE);
    await waitUntil(() => $$(el, '.vf-like').length === 2, 'two like buttons');
    expect($$(el, '.vf-dislike').length).to.equal(0);
  });

  it('disable_widget_logins: no Log in / Sign up buttons; a guest liking publishes authentication/needed and no login dialog opens', async () => {
    const el = await mount(NO_WIDGET_LOGIN);
    const like = await waitFor(() => $<HTMLButtonElement>(el, '.vf-like'), 'like button');
    expect($(el, '[part~="guest-login"]')).to.equal(null, 'readers log in through the publisher');
    published.length = 0;
    like.click();
    await waitUntil(() => published.some((p) => p.channel === 'authentication' && p.name === 'needed'), 'needed published');
    expect(published.find((p) => p.name === 'needed')?.payload).to.deep.equal({ action: 'comment.like' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect($(el, 'dialog[open]')).to.equal(null);
  });
});

describe('page identity on the server', () => {
  it('the page is created after bootstrap; its id is the stored page id', async () => {
    const stored = await waitFor(() => getStore().getState().page.stored, 'page stored');
    expect(stored.id).to.match(/^[0-9a-f-]{36}$/);
    expect(getStore().getState().page.identity?.id).to.equal(stored.id);
    const { apiBase } = testConfig();
    const res = await fetch(`${apiBase}/pages/${stored.id}`);
    const page = ((await res.json()) as { result: { url: string } }).result;
    expect(page.url).to.equal(stored.url);
  });
});
