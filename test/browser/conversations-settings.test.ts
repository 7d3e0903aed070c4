/**
 * <vf-conversations> attributes against the real server: region label, sort menu, promo
 * slots, pagination-reply-limit and "Replying to @name".
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { getContainer, newReader, postComment, seedConversation, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, buttonByText, commentTexts, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import '../../elements/vf-conversations/define.ts';

let ada: Reader;
let bob: Reader;

before(async () => {
  await bootCore();
  [ada, bob] = await Promise.all([newReader('Ada Lovelace'), newReader('Bob Babbage')]);
});

const topLevelTexts = (el: Element) => $$(el, '.vf-thread > .vf-comment .vf-comment__text').map((t) => t.textContent ?? '');

const mount = mountConversations;

describe('<vf-conversations> settings', () => {
  it('region-label names the region, re-renders when changed and resets when removed', async () => {
    const el = await mount(unique('label'), 'region-label="Reader comments"');
    const region = await waitFor(() => $(el, 'section[part="base"]'), 'region');
    expect(region.getAttribute('aria-label')).to.equal('Reader comments');
    el.setAttribute('region-label', 'Discussion');
    await waitUntil(() => region.getAttribute('aria-label') === 'Discussion', 'changed');
    el.removeAttribute('region-label');
    await waitUntil(() => region.getAttribute('aria-label') === 'Comments', 'default again');
  });

  it('loading-text is what the loading placeholder announces', async () => {
    const labels: string[] = [];
    const el = await mount(unique('loading'), 'loading-text="Fetching the discussion"');
    const record = () => {
      const label = $(el, '[part="skeleton"]')?.getAttribute('aria-label');
      if (label && !labels.includes(label)) labels.push(label);
    };
    record(); // in case React rendered before the observer starts
    const watch = new MutationObserver(record);
    watch.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true });
    await waitFor(() => $(el, '[part="empty"]'), 'loaded');
    watch.disconnect();
    expect(labels).to.deep.equal(['Fetching the discussion']);
  });

  it('the sort menu reorders the list; changing the sort attribute resets the choice', async () => {
    const id = unique('sort');
    await seedConversation(ada, id, 3);
    const el = await mount(id);
    await waitUntil(() => topLevelTexts(el).length === 3, 'three comments');
    const menu = $<HTMLSelectElement>(el, 'select[part="sort"]')!;
    expect([...menu.options].map((o) => o.text)).to.deep.equal(['Newest', 'Oldest', 'Most liked', 'Most replied']);
    expect(menu.labels[0]?.textContent).to.equal('Sort by');
    menu.value = 'oldest';
    menu.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => topLevelTexts(el)[0] === 'Seeded comment 1', 'oldest first');

    el.setAttribute('sort', 'num_replies_desc');
    await waitUntil(() => menu.value === 'num_replies_desc', 'attribute wins');
    el.setAttribute('sort', 'nonsense');
    await waitUntil(() => menu.value === 'newest', 'unknown sort is newest');
    await waitUntil(() => topLevelTexts(el)[0] === 'Seeded comment 3', 'newest first');
  });

  it('renders empty promo slots after first-promo-position and every promo-interval comments', async () => {
    const id = unique('promo');
    await seedConversation(ada, id, 5);
    const el = await mount(id, 'first-promo-position="2" promo-interval="2"', '<div slot="promo-1">Promo one</div>');
    await waitUntil(() => topLevelTexts(el).length === 5, 'five comments');
    const slots = $$<HTMLSlotElement>(el, 'slot[name^="promo-"]');
    expect(slots.map((s) => s.name)).to.deep.equal(['promo-1', 'promo-2']);
    // promo-1 follows the second comment and shows the publisher's content.
    expect(slots[0]!.closest('.vf-thread')?.querySelector('.vf-comment__text')?.textContent).to.equal('Seeded comment 4');
    expect(slots[0]!.assignedElements().map((e) => e.textContent)).to.deep.equal(['Promo one']);
    // An interval below the first position takes its default (the larger of 6 and the first position).
    el.setAttribute('promo-interval', '1');
    await waitUntil(() => $$(el, 'slot[name^="promo-"]').length === 1, 'only promo-1');
  });

  it('pagination-reply-limit sets how many replies each "Load more replies" adds', async () => {
    const id = unique('reply-pages');
    const container = await getContainer(id);
    const thread = await postComment(ada, container.content_container_uuid, 'A thread');
    for (let i = 1; i <= 5; i++) await postComment(bob, container.content_container_uuid, `Reply ${i}`, thread.content_uuid);
    const el = await mount(id, 'reply-limit="1" pagination-reply-limit="2"');
    await waitUntil(() => $$(el, '.vf-comment--reply').length === 1, 'one reply shown');
    (await waitFor(() => buttonByText(el, 'Load 4 more replies'), 'load more replies')).click();
    await waitUntil(() => $$(el, '.vf-comment--reply').length === 2, 'a page of two (the first already shown)');
    (await waitFor(() => buttonByText(el, 'Load 3 more replies'), 'next page')).click();
    await waitUntil(() => $$(el, '.vf-comment--reply').length === 4, 'two more');
    expect(commentTexts(el).slice(1)).to.deep.equal(['Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']);
  });

  it('a reply to a reply says "Replying to @name"; a direct reply does not', async () => {
    const id = unique('replying-to');
    const container = await getContainer(id);
    const thread = await postComment(ada, container.content_container_uuid, 'Top');
    const first = await postComment(bob, container.content_container_uuid, 'Direct reply', thread.content_uuid);
    await postComment(ada, container.content_container_uuid, 'Answer to Bob', first.content_uuid);
    const el = await mount(id);
    await waitUntil(() => $$(el, '.vf-comment--reply').length === 2, 'both replies');
    const notes = $$(el, '.vf-replying-to');
    expect(notes.map((n) => n.textContent)).to.deep.equal(['Replying to @Bob Babbage']);
    expect(notes[0]!.closest('li')?.querySelector('.vf-comment__text')?.textContent).to.equal('Answer to Bob');
  });
});
