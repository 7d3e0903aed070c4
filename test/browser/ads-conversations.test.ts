/**
 * Promo ads in <vf-conversations> (docs/ads.md "Promos in conversations"), against the real server
 * with the demo site's settings: general surface = Taboola (stand-in), first promo after comment 2,
 * then every 3, and a promo after every 2 replies.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import '../../elements/vf-conversations/define.ts';
import { getContainer, newReader, postComment, seedConversation, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $$ } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import { pageSettled } from '../../core/mount/settled.ts';
import { clearAdState, failures, scrollThroughAds } from './support/ads.ts';

let ada: Reader;
before(async () => {
  await bootCore();
  ada = await newReader('Ada Promo');
});
beforeEach(() => clearAdState());

// The promo slots only: Taboola's "Above Comments Thumbnails" is ads-surfaces.test.ts's.
const PROMO = ':scope > [slot]:not([slot="above-comments"])';
const creatives = (el: Element) => [...el.querySelectorAll<HTMLElement>(`${PROMO} .vf-standin-creative`)];
const shownSlots = (el: Element) => [...el.querySelectorAll<HTMLElement>(PROMO)].filter((d) => d.querySelector('.vf-standin-creative')).map((d) => d.slot);

/** A conversation with five comments: room for promo-1 and promo-2. */
async function seeded(prefix: string): Promise<string> {
  const id = unique(prefix);
  await seedConversation(ada, id, 5);
  return id;
}

describe('<vf-conversations> promo ads', () => {
  it('fills promo slots from the site’s promo settings with the general surface’s integration, labelled, in reserved space; axe finds nothing', async () => {
    const id = unique('promo-ads');
    await seedConversation(ada, id, 5);
    const el = await mountConversations(id);
    await scrollThroughAds(el, 2);
    await waitUntil(() => creatives(el).length === 2, 'two promo ads', { timeout: 10000 });
    expect(shownSlots(el).sort()).to.deep.equal(['promo-1', 'promo-2']);
    const frames = $$(el, '[part="ad"]').filter((f) => f.querySelector('slot[name^="promo-"]'));
    expect(frames.map((f) => f.getAttribute('aria-label'))).to.deep.equal(['Advertisement', 'Advertisement']);
    // promo-1 follows the second comment (newest first: "Seeded comment 4").
    expect(frames[0]!.closest('.vf-thread')!.querySelector('.vf-comment__text')!.textContent).to.equal('Seeded comment 4');
    expect(creatives(el).every((c) => c.dataset['vendor'] === 'taboola' && /Mid Comments Thumbnails/.test(c.textContent!))).to.equal(true);
    const placements = creatives(el).map((c) => /\((Mid Comments Thumbnails[^)]*)\)/.exec(c.textContent!)![1]);
    expect(new Set(placements).size).to.equal(2, 'auto-numbered: each slot its own placement');
    expect(failures()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('asks for an ad only once its box nears the viewport: nothing far below the fold until the reader scrolls there', async () => {
    const el = await mountConversations(await seeded('promo-below'));
    el.parentElement!.style.paddingTop = '5000px';
    // Above the comments, and two promos: every box reserved, far below the fold.
    await waitUntil(() => $$(el, '[part="ad"]').length === 3, 'three ad boxes reserved', { timeout: 10000 });
    await pageSettled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(el.querySelectorAll(':scope > [slot]'), 'no slot made, no vendor asked').to.have.length(0);
    await scrollThroughAds(el, 3);
    await waitUntil(() => creatives(el).length === 2, 'two promo ads once scrolled to', { timeout: 10000 });
  });

  it('a publisher’s own promo child wins; the attributes win over the site’s settings', async () => {
    const id = unique('promo-own');
    await seedConversation(ada, id, 3);
    const el = await mountConversations(id, 'first-promo-position="1" promo-interval="6"', '<div slot="promo-1">Our own promo</div>');
    await waitUntil(() => $$(el, '.vf-thread').length === 3, 'three comments');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(creatives(el)).to.have.length(0);
    const slot = $$<HTMLSlotElement>(el, 'slot[name="promo-1"]')[0]!;
    expect(slot.closest('.vf-thread')!.querySelector('.vf-comment__text')!.textContent).to.equal('Seeded comment 3');
    expect(slot.assignedElements().map((e) => e.textContent)).to.deep.equal(['Our own promo']);
  });

  it('a promo goes between replies every promo_interval_replies_conversations replies', async () => {
    const id = unique('promo-replies');
    const container = await getContainer(id);
    const thread = await postComment(ada, container.content_container_uuid, 'A thread');
    for (let i = 1; i <= 3; i++) await postComment(ada, container.content_container_uuid, `Reply ${i}`, thread.content_uuid);
    const el = await mountConversations(id, 'reply-limit="3"');
    await waitUntil(() => shownSlots(el).includes('reply-promo-1-1'), 'a promo after the second reply', { timeout: 10000 });
    const frame = $$(el, '[part="ad"]').find((f) => f.querySelector('slot[name="reply-promo-1-1"]'))!;
    expect(frame.closest('li')!.querySelector('.vf-comment__text')!.textContent).to.equal('Reply 2');
    expect(shownSlots(el)).to.deep.equal(['reply-promo-1-1']);
  });

  it('Mid Comments placements count only the slots Taboola fills: bare slots (opted out) take no number', async () => {
    // The first placement has no number ("Mid Comments Thumbnails"), then "… 2", "… 3".
    const numbers = (el: Element) => creatives(el).map((c) => Number(/Mid Comments Thumbnails(?: (\d+))?\)/.exec(c.textContent!)![1] ?? 1)).sort((a, b) => a - b);
    const first = await mountConversations(await seeded('promo-n1'));
    await scrollThroughAds(first, 2);
    await waitUntil(() => creatives(first).length === 2, 'two promo ads', { timeout: 10000 });
    const [, last] = numbers(first);
    localStorage.setItem('vf.analytics.adOptOut', 'true');
    const bare = await mountConversations(await seeded('promo-n2'));
    await waitUntil(() => $$(bare, 'slot[name="promo-2"]').length === 1, 'bare promo slots');
    localStorage.removeItem('vf.analytics.adOptOut');
    const next = await mountConversations(await seeded('promo-n3'));
    await scrollThroughAds(next, 2);
    await waitUntil(() => creatives(next).length === 2, 'two promo ads', { timeout: 10000 });
    expect(numbers(next)).to.deep.equal([last! + 1, last! + 2]);
  });

  it('no promo ads when the reader opted out: the slots stay bare', async () => {
    localStorage.setItem('vf.analytics.adOptOut', 'true');
    const id = unique('promo-optout');
    await seedConversation(ada, id, 3);
    const el = await mountConversations(id);
    await waitUntil(() => $$(el, 'slot[name="promo-1"]').length === 1, 'promo-1 slot');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect($$(el, '[part="ad"]')).to.have.length(0);
    expect(el.querySelectorAll(':scope > [slot]')).to.have.length(0);
  });
});
