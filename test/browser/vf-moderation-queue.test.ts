/**
 * <vf-moderation-queue> against the real server: who may see it, its states (loading, empty,
 * error, offline), the keys, select many with Shift, undo, "N new" with a live item, another
 * moderator's decision and the 409 race, German, axe in each state. One moderator login for the
 * file; each test filters the pending queue to its own comments by a unique word.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-moderation-queue/define.ts';
import { moderationApi } from '../../core/api/moderation.ts';
import type { Comment } from '../../core/api/types.ts';
import { getStore } from '../../core/store/index.ts';
import { newReader, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut, MODERATOR } from './support/login.ts';
import { askForName, decideElsewhere, heldConversation, holdFrames, installHoldableSocket, postHeld, releaseFrames } from './support/moderationQueue.ts';
import { throttleFetch } from './support/network.ts';

const config = () => testConfig() as unknown as { language?: string };
const items = (el: Element) => $$(el, 'article[part~="item"]');
const texts = (el: Element) => items(el).map((item) => item.querySelector('.vf-comment__text')?.textContent ?? '');
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const notice = (el: Element) => $(el, '[part="notice"]')?.textContent ?? '';
const alertText = (el: Element) => $(el, '[part="alert"]')?.textContent ?? '';

async function mount(): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = '<vf-moderation-queue></vf-moderation-queue>';
  return wrapper.querySelector('vf-moderation-queue') as HTMLElement;
}

/** The pending queue searched for `word`: only this test's items. */
async function mountFor(word: string, count: number): Promise<HTMLElement> {
  const el = await mount();
  const field = await waitFor(() => $<HTMLInputElement>(el, 'input[part="filter-text"]'), 'text filter');
  typeInto(field, word);
  $<HTMLButtonElement>(el, '[part~="filter-apply"]')!.click();
  await waitFor(() => items(el).length === count && texts(el).every((t) => t.includes(word)), `${count} items with ${word}`);
  return el;
}

async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

describe('<vf-moderation-queue>', () => {
  let reader: Reader;
  before(async () => {
    installHoldableSocket();
    await bootCore();
    reader = await newReader('Queued Reader');
  });

  describe('who sees it', () => {
    it('a guest is asked to log in; Log in asks for the login; axe finds nothing', async () => {
      const el = await mount();
      const prompt = await waitFor(() => $(el, '[part="guest"]'), 'guest prompt');
      expect(prompt.textContent).to.contain('Log in as a moderator to see the moderation queue.');
      expect($(el, '[part="tabs"]')).to.equal(null);
      await expect(el).to.be.accessible();
      published.length = 0;
      $<HTMLButtonElement>(el, '[part~="login"]')!.click();
      await waitFor(() => $(el, 'dialog[open]'), 'login dialog open');
      const auth = published.filter((p) => p.channel === 'authentication').map((p) => [p.name, p.payload]);
      expect(auth).to.deep.include.members([['needed', { action: 'moderation.queue' }]]);
    });

    it('a signed-in reader sees only "Only the site\'s moderators…"; axe finds nothing', async () => {
      await logIn(reader);
      try {
        const el = await mount();
        const note = await waitFor(() => $(el, '[part="forbidden"]'), 'forbidden note');
        expect(note.textContent).to.equal("Only the site's moderators can see the moderation queue.");
        expect($(el, '[part="tabs"]')).to.equal(null);
        await expect(el).to.be.accessible();
      } finally {
        await logOut();
      }
    });
  });

  describe('a moderator', () => {
    before(() => logIn(MODERATOR));
    beforeEach(() => void getStore().dispatch(moderationApi.util.resetApiState()));

    it('loading: a labelled skeleton of the list while the queue is on its way; axe finds nothing', async () => {
      const held = throttleFetch({ pattern: /\/moderation\/queue\// });
      await expectLoadingState(() => mount(), held, 'Loading the queue…', (el) => !!$(el, '[part="list"], [part="empty"]'));
    });

    it('error: "The queue couldn\'t be loaded." with Retry, which loads it', async () => {
      const failing = throttleFetch({ failures: 1, pattern: /\/moderation\/queue\// });
      await expectErrorState(() => mount(), failing, "The queue couldn't be loaded.", (el) => !!$(el, '[part="list"], [part="empty"]'));
    });

    it('empty: each queue says so in its words; the tabs carry counts; axe finds nothing', async () => {
      const el = await mountFor(unique('nothing'), 0);
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
      expect(empty.textContent).to.equal('Nothing waits for a moderator.');
      await waitFor(() => $$(el, '[part="count"]').every((c) => /^\d/.test(c.textContent ?? '')), 'counts');
      expect($$(el, '[role="tab"]').map((tab) => tab.textContent?.replace(/\s*[\d,]+$/, ''))).to.deep.equal([
        'Pending', 'Reported', 'Unmoderated', 'Approved', 'Rejected', 'Names and pictures', 'Notices', 'Appeals',
      ]);
      await expect(el).to.be.accessible();
    });

    it('offline: a notice while the page is offline; the queue stays', async () => {
      const word = unique('offline');
      const container = await heldConversation();
      await postHeld(reader, container, `Held while ${word}`);
      const el = await mountFor(word, 1);
      await expectOfflineState(el);
      expect(items(el).length).to.equal(1);
    });

    it('shows each item with its author, kind and state; the author drawer: their items, a staff note, the switches, only their items', async () => {
      const word = unique('drawer');
      const container = await heldConversation();
      const author = await newReader('Drawer Author');
      await postHeld(author, container, `Look at ${word}`);
      await postHeld(reader, container, `Someone else on ${word}`);
      const el = await mountFor(word, 2);
      const item = items(el).find((i) => i.textContent?.includes('Look at'))!;
      expect(item.querySelector('[part="kind"]')!.textContent).to.equal('Comment');
      expect(item.querySelector('[part="state"]')!.textContent).to.equal('Pending');
      expect(item.querySelector('[part="author"]')!.textContent).to.equal('Drawer Author');
      (item.querySelector('[part="author"]') as HTMLButtonElement).click();

      const drawer = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[part="drawer"][open]'), 'drawer open');
      await waitFor(() => drawer.querySelector('[part="recent"] li'), 'their items');
      expect(drawer.querySelector('[part="recent"]')!.textContent).to.contain(`Look at ${word}`);
      expect(drawer.textContent).to.contain('Never banned.');
      const trusted = drawer.querySelector<HTMLInputElement>('[part="switch-badge_trusted"]')!;
      expect(trusted.checked).to.equal(false);
      trusted.click();
      await waitFor(() => trusted.checked, 'trusted on');
      typeInto(drawer.querySelector<HTMLTextAreaElement>('[part="note-text"]')!, 'Asked to keep it civil');
      (drawer.querySelector('[part~="note-add"]') as HTMLButtonElement).click();
      await waitFor(() => drawer.querySelector('[part="notes"]')?.textContent?.includes('Asked to keep it civil'), 'note listed');
      await expect(el).to.be.accessible();

      (drawer.querySelector('[part~="filter-by-author"]') as HTMLButtonElement).click();
      await waitFor(() => items(el).length === 1 && !$(el, 'dialog[part="drawer"]'), 'only their items');
      expect($(el, '[part="filter-author"]')!.textContent).to.contain('Only items by Drawer Author');
    });

    it('ban the author: the conversations\' ban dialog opens from the item; the drawer then lists the ban', async () => {
      const word = unique('ban');
      const container = await heldConversation();
      const author = await newReader('Banned Author');
      await postHeld(author, container, `Rude ${word}`);
      const el = await mountFor(word, 1);
      (items(el)[0]!.querySelector('[part~="action-ban"]') as HTMLButtonElement).click();
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[part="ban-dialog"][open]'), 'ban dialog');
      expect(dialog.querySelector('h2')!.textContent).to.equal('Ban Banned Author');
      typeInto(dialog.querySelector('textarea')!, 'Insults');
      (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click();
      await waitFor(() => notice(el) === 'Banned Author is banned.', 'banned');
      (items(el)[0]!.querySelector('[part="author"]') as HTMLButtonElement).click();
      const drawer = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[part="drawer"][open]'), 'drawer');
      await waitFor(() => drawer.querySelector('[part="bans"] li')?.textContent?.includes('in force'), 'the ban listed');
      expect(drawer.querySelector('[part="bans"]')!.textContent).to.contain('Reason: Insults');
    });

    it('keys in the list: j/k move, x selects, a approves, z undoes, r rejects, s marks spam, ? lists them; never while typing', async () => {
      const word = unique('keys');
      const container = await heldConversation();
      for (const n of ['one', 'two', 'three', 'four']) await postHeld(reader, container, `${word} ${n}`);
      const el = await mountFor(word, 4);
      expect(texts(el)).to.deep.equal([`${word} four`, `${word} three`, `${word} two`, `${word} one`]);

      // Typing in a field is typing: nothing is decided.
      $<HTMLInputElement>(el, 'input[part="filter-text"]')!.focus();
      await press('a');
      expect(items(el).length).to.equal(4);

      items(el)[0]!.focus();
      await press('j');
      expect(focused(el)).to.equal(items(el)[1]);
      await press('k');
      expect(focused(el)).to.equal(items(el)[0]);
      await press('x');
      await waitFor(() => items(el)[0]!.getAttribute('part')!.includes('item-selected'), 'selected');
      expect($(el, '[part="selected"]')!.textContent).to.equal('1 selected');

      await press('a');
      await waitFor(() => items(el).length === 3 && notice(el) === 'Approved.', 'approved item left, said so');
      expect(texts(el)[0]).to.equal(`${word} three`);
      expect($(el, '[part~="undo"]')).to.not.equal(null);
      expect(focused(el)).to.equal(items(el)[0]); // the focus stays in the list
      await expect(el).to.be.accessible();

      await press('z');
      await waitFor(() => items(el).length === 4 && notice(el) === 'Decision undone.', 'undone: back in place');
      expect(texts(el)[0]).to.equal(`${word} four`);

      await press('r');
      await waitFor(() => items(el).length === 3 && notice(el) === 'Rejected.', 'rejected');
      await press('s');
      await waitFor(() => items(el).length === 2 && notice(el) === 'Marked as spam.', 'spam');
      expect(texts(el)).to.deep.equal([`${word} two`, `${word} one`]);

      await press('?');
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[part="keys-dialog"][open]'), 'keys dialog');
      expect([...dialog.querySelectorAll('kbd')].map((k) => k.textContent)).to.deep.equal(['j', 'k', 'a', 'r', 's', 'x', 'z', '?']);
      await expect(el).to.be.accessible();
      await press('Escape');
      await waitFor(() => !$(el, 'dialog[part="keys-dialog"]'), 'closed');
    });

    it('select many: Shift+click selects a range, "Select all on this page", Approve selected decides them at once', async () => {
      const word = unique('bulk');
      const container = await heldConversation();
      for (const n of [1, 2, 3, 4]) await postHeld(reader, container, `${word} ${n}`);
      const el = await mountFor(word, 4);
      const box = (i: number) => items(el)[i]!.querySelector<HTMLInputElement>('[part="select"]')!;
      box(0).click();
      box(2).dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, shiftKey: true }));
      await waitFor(() => $(el, '[part="selected"]')!.textContent === '3 selected', 'range selected');
      expect([0, 1, 2, 3].map((i) => box(i).checked)).to.deep.equal([true, true, true, false]);
      buttonByText(el, 'Approve selected')!.click();
      await waitFor(() => items(el).length === 1 && notice(el) === '3 items approved.', 'three approved');
      $<HTMLInputElement>(el, '[part="select-all"]')!.click();
      await waitFor(() => box(0).checked, 'all selected');
      buttonByText(el, 'Reject selected')!.click();
      await waitFor(() => $(el, '[part="empty"]'), 'all decided');
    });

    it('live: a new held item waits behind "N new" (nothing moves); another moderator\'s decision removes an item at once', async () => {
      const word = unique('live');
      const container = await heldConversation();
      const first = await postHeld(reader, container, `${word} first`);
      const el = await mountFor(word, 1);
      await postHeld(reader, container, `${word} second`);
      const more = await waitFor(() => $<HTMLButtonElement>(el, '[part~="new-items"]'), '"N new"');
      expect(more.textContent).to.equal('Show 1 new item');
      expect(texts(el)).to.deep.equal([`${word} first`]);
      await expect(el).to.be.accessible();
      more.click();
      await waitFor(() => items(el).length === 2, 'revealed');
      expect(texts(el)).to.deep.equal([`${word} second`, `${word} first`]);

      await decideElsewhere('approve', [{ uuid: first.content_uuid, state: first.state }]);
      await waitFor(() => items(el).length === 1, 'decided elsewhere: gone');
      expect(notice(el)).to.equal('Demo Admin approved an item; it left the queue.');
    });

    it('409: an item another moderator decided first says "Already decided by Demo Admin." and nothing else changes', async () => {
      const word = unique('race');
      const container = await heldConversation();
      const held: Comment = await postHeld(reader, container, `${word} contested`);
      const el = await mountFor(word, 1);
      holdFrames(); // their decision's live event is late
      try {
        await decideElsewhere('reject', [{ uuid: held.content_uuid, state: held.state }]);
        items(el)[0]!.focus();
        await press('a');
        await waitFor(() => alertText(el) === 'Already decided by Demo Admin.', 'conflict named');
        expect($(el, '[part~="undo"]')).to.equal(null);
      } finally {
        releaseFrames();
      }
      await waitFor(() => $(el, '[part="empty"]'), 'it left the queue');
      await expect(el).to.be.accessible();
    });

    it('Names and pictures: a new name that waits, approved from the queue', async () => {
      const renamed = await newReader('Old Name');
      const wanted = unique('New Name');
      await askForName(renamed, wanted);
      const el = await mount();
      const tab = await waitFor(() => $$<HTMLButtonElement>(el, '[role="tab"]').find((t) => t.textContent?.startsWith('Names and pictures')), 'profiles tab');
      tab.click();
      const entry = await waitFor(() => items(el).find((item) => item.textContent?.includes(wanted)), 'the waiting name');
      expect(entry.textContent).to.contain(`New name: ${wanted}`);
      await expect(el).to.be.accessible();
      (entry.querySelector('[part~="profile-approve"]') as HTMLButtonElement).click();
      await waitFor(() => !items(el).some((item) => item.textContent?.includes(wanted)), 'decided: gone');
    });

    it('German: tabs, notes and actions in German', async () => {
      config().language = 'de-de';
      try {
        const word = unique('sprache');
        const container = await heldConversation();
        await postHeld(reader, container, `${word} Kommentar`);
        const el = await mountFor(word, 1);
        expect($(el, '[role="tab"][aria-selected="true"]')!.textContent).to.match(/^Ausstehend/);
        expect(items(el)[0]!.querySelector('[part~="action-approve"]')!.textContent).to.equal('Freigeben');
        await expect(el).to.be.accessible();
      } finally {
        delete config().language;
      }
    });
  });
});
