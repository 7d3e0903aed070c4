/**
 * Deeplinks against the real server: the linked comment is shown even deep in a thread,
 * focused and highlighted; a deeplink also makes the loader load the element at once.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { createChunkScheduler, LOAD_RULES } from '../../core/loader/schedule.ts';
import { getContainer, newReader, postComment, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, shadow, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import { manualTimers } from '../support/manualTimers.ts';
import '../../elements/vf-conversations/define.ts';

let ada: Reader;

before(async () => {
  await bootCore();
  ada = await newReader('Ada Lovelace');
});

const mount = mountConversations;

describe('<vf-conversations> deeplink', () => {
  it('shows a reply deep in an older thread, scrolls to it, focuses and highlights it', async () => {
    const id = unique('deeplink');
    const container = await getContainer(id);
    const c = container.content_container_uuid;
    const thread = await postComment(ada, c, 'Old thread');
    let target = thread;
    for (let i = 1; i <= 6; i++) target = await postComment(ada, c, `Reply ${i}`, thread.content_uuid);
    for (let i = 1; i <= 3; i++) await postComment(ada, c, `Newer ${i}`);
    // limit 1: the old thread is not even on the first page; reply-limit 2 hides Reply 6.
    const el = await mount(id, `limit="1" reply-limit="2" deeplink="${target.content_uuid}"`);
    const section = await waitFor(() => $(el, '[part="deeplink"]'), 'linked section');
    expect(section.getAttribute('aria-label')).to.equal('Linked comment');
    const linked = await waitFor(() => section.querySelector<HTMLElement>('[data-highlight]'), 'highlighted item');
    expect(linked.querySelector('.vf-comment__text')?.textContent).to.equal('Reply 6');
    await waitUntil(() => shadow(el).activeElement === linked, 'focus on the linked comment');
    expect(linked.tabIndex).to.equal(-1);
    const rect = linked.getBoundingClientRect();
    expect(rect.top < innerHeight && rect.bottom > 0).to.equal(true, 'scrolled into view');
    await expect(el).to.be.accessible();
  });

  it('a linked comment also on the first page is focused in the linked section only', async () => {
    const id = unique('deeplink-top');
    const c = (await getContainer(id)).content_container_uuid;
    const target = await postComment(ada, c, 'Linked top');
    await postComment(ada, c, 'Another');
    const el = await mount(id, `deeplink="${target.content_uuid}"`);
    const section = await waitFor(() => $(el, '[part="deeplink"]'), 'linked section');
    const linked = await waitFor(() => section.querySelector<HTMLElement>('[data-highlight]'), 'highlighted in the section');
    await waitUntil(() => shadow(el).activeElement === linked, 'focus in the section');
    await waitUntil(() => $$(el, '[part="list"] .vf-comment__text').some((t) => t.textContent === 'Linked top'), 'also in the list');
    expect($$(el, '[data-highlight]')).to.deep.equal([linked]);
  });

  it('an unknown comment says it is not available; a non-uuid deeplink is ignored', async () => {
    const id = unique('deeplink-missing');
    await postComment(ada, (await getContainer(id)).content_container_uuid, 'Here');
    const el = await mount(id, `deeplink="${crypto.randomUUID()}"`);
    await waitUntil(() => $(el, '[part="deeplink"]')?.textContent === 'The linked comment is not available.', 'missing message');
    el.setAttribute('deeplink', 'not-a-uuid');
    await waitUntil(() => $(el, '[part="deeplink"]') === null, 'no linked section');
  });

  it('a deeplink attribute makes the loader load the element at once (not after 10 s or near the viewport)', async () => {
    const page = await fixture<HTMLElement>(html`<div><div style="height:4000px"></div></div>`);
    const plain = document.createElement('vf-conversations');
    const linked = document.createElement('vf-conversations');
    linked.setAttribute('deeplink', crypto.randomUUID());
    page.append(plain, linked);
    window.scrollTo(0, 0);
    const timers = manualTimers();
    const loaded: Element[] = [];
    const rules = { 'vf-conversations': LOAD_RULES['vf-conversations']! };
    const schedule = createChunkScheduler({ load: () => undefined, timers, rules });
    const observe = new MutationObserver(() => {
      for (const el of [plain, linked]) if (el.hasAttribute('data-vf-fetch') && !loaded.includes(el)) loaded.push(el);
    });
    observe.observe(page, { attributes: true, subtree: true });
    schedule([plain, linked]);
    await waitUntil(() => loaded.includes(linked), 'the deeplinked element loads at once');
    expect(loaded).to.deep.equal([linked], 'the other still waits');
    timers.tick(10_000);
    await waitUntil(() => loaded.includes(plain), 'the other after 10 s');
    observe.disconnect();
  });

  it('?deeplink= in the page address makes the loader load the element at once', async () => {
    const page = await fixture<HTMLElement>(html`<div><div style="height:4000px"></div></div>`);
    const el = document.createElement('vf-conversations');
    page.append(el);
    window.scrollTo(0, 0);
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}?deeplink=${crypto.randomUUID()}`);
    try {
      const schedule = createChunkScheduler({ load: () => undefined, timers: manualTimers(), rules: { 'vf-conversations': LOAD_RULES['vf-conversations']! } });
      schedule([el]);
      await waitUntil(() => el.hasAttribute('data-vf-fetch'), 'loaded without waiting');
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
