/**
 * <vf-moderation-queue>'s "Notices" tab against the real server (docs/law.md "Notices of illegal
 * content"): a trusted flagger's notice first with its badge, each notice with its reporter,
 * explanation and the item in place; Illegal by keyboard with the reporter's kind chosen; Not
 * illegal that also rejects under a rule of the terms; a notice arriving live; the 409 when
 * another moderator decided first; the drawer's trusted-flagger switch; loading, empty and error
 * states; German; axe in each. Three notices in all (the server limits them per address).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-moderation-queue/define.ts';
import { moderationApi } from '../../core/api/moderation.ts';
import type { Comment } from '../../core/api/types.ts';
import { getStore } from '../../core/store/index.ts';
import { getContainer, newReader, postComment, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState } from './support/elementStates.ts';
import { answerWith, decideNoticeElsewhere, markTrustedFlagger, sendNotice, statementAbout } from './support/legalQueue.ts';
import { logIn, MODERATOR } from './support/login.ts';
import { heldConversation, holdFrames, installHoldableSocket, postHeld, releaseFrames } from './support/moderationQueue.ts';
import { throttleFetch } from './support/network.ts';

const config = () => testConfig() as unknown as { language?: string };
const entries = (el: Element) => $$(el, 'article[part~="item"]');
const entryOf = (el: Element, reference: string) => entries(el).find((e) => e.querySelector('[part="reference"]')?.textContent?.includes(reference));
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const notice = (el: Element) => $(el, '[part="notice"]')?.textContent ?? '';
const alertText = (el: Element) => $(el, '[part="alert"]')?.textContent ?? '';
const count = (el: Element, queue: string) => $(el, `[part="count"][data-queue="${queue}"]`)?.textContent ?? '';

async function mount(queue = 'notices'): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<vf-moderation-queue queue="${queue}"></vf-moderation-queue>`;
  return wrapper.querySelector('vf-moderation-queue') as HTMLElement;
}

describe('<vf-moderation-queue> Notices', () => {
  let author: Reader;
  let flagger: Reader;
  let word: string;
  let defamatory: Comment;
  let rude: Comment;
  let trusted: { uuid: string; reference: string };
  let guest: { uuid: string; reference: string };

  before(async () => {
    installHoldableSocket();
    await bootCore();
    [author, flagger] = await Promise.all([newReader('Noticed Author'), newReader('Trusted Flagger')]);
    await markTrustedFlagger(flagger.auth.user.uuid);
    word = unique('notice');
    const container = await getContainer(unique('notices'));
    rude = await postComment(author, container.content_container_uuid, `${word}: you are all idiots`);
    defamatory = await postComment(author, container.content_container_uuid, `${word}: the mayor takes bribes`);
    // The guest's notice is older; the trusted flagger's still comes first.
    guest = await sendNotice(rude.content_uuid, 'hate_speech', 'Insults every reader of the page.', { name: 'Gail Guest', email: `${unique('gail')}@example.com` });
    trusted = await sendNotice(defamatory.content_uuid, 'defamation', 'Accuses the mayor of a crime without any evidence.', { reader: flagger });
    await logIn(MODERATOR);
  });
  beforeEach(() => void getStore().dispatch(moderationApi.util.resetApiState()));

  it('loading: a labelled skeleton while the notices are on their way; axe finds nothing', async () => {
    const held = throttleFetch({ pattern: /\/moderation\/notices/ });
    await expectLoadingState(() => mount(), held, 'Loading the notices…', (el) => !!$(el, '[part="list"], [part="empty"]'));
  });

  it('error: "The notices couldn\'t be loaded." with Retry, which loads them', async () => {
    const failing = throttleFetch({ failures: 1, pattern: /\/moderation\/notices/ });
    await expectErrorState(() => mount(), failing, "The notices couldn't be loaded.", (el) => !!$(el, '[part="list"], [part="empty"]'));
  });

  it('empty: says no notice waits; the tabs name Notices and Appeals with counts; axe finds nothing', async () => {
    const none = answerWith(/\/moderation\/notices/, { items: [], next_cursor: null });
    try {
      const el = await mount();
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
      expect(empty.textContent).to.equal('No notice of illegal content waits.');
      expect($(el, '[role="tab"][aria-selected="true"]')!.textContent).to.match(/^Notices/);
      await waitFor(() => /^\d/.test(count(el, 'notices')) && /^\d/.test(count(el, 'appeals')), 'legal counts');
      await expect(el).to.be.accessible();
    } finally {
      none.restore();
    }
  });

  it("lists a trusted flagger's notice first, with its badge, reporter, explanation and the item in place; axe finds nothing", async () => {
    const el = await mount();
    await waitFor(() => entryOf(el, trusted.reference) && entryOf(el, guest.reference), 'both notices');
    const order = entries(el).map((e) => e.getAttribute('data-uuid'));
    expect(order.indexOf(trusted.uuid)).to.be.below(order.indexOf(guest.uuid));
    const first = entryOf(el, trusted.reference)!;
    expect(first.getAttribute('part')).to.equal('item item-trusted');
    expect(first.querySelector('[part~="trusted"]')!.textContent).to.equal('Trusted flagger');
    expect(first.querySelector('[part="notice-kind"]')!.textContent).to.equal('Defamation');
    expect(first.querySelector('[part="reporter"]')!.textContent).to.contain('Reported by Trusted Flagger');
    expect(first.querySelector('[part="explanation"]')!.textContent).to.contain('Accuses the mayor of a crime');
    expect(first.querySelector('[part="excerpt"]')!.textContent).to.contain(`${word}: the mayor takes bribes`);
    expect(first.querySelector('[part="legal-item"]')!.textContent).to.contain('by Noticed Author');
    const other = entryOf(el, guest.reference)!;
    expect(other.querySelector('[part~="trusted"]')).to.equal(null);
    expect(other.querySelector('[part="reporter"]')!.textContent).to.match(/^Reported by Gail Guest \(gail-.+@example\.com\)$/);
    await expect(el).to.be.accessible();
  });

  it('Illegal by keyboard: i opens the form with the reported kind chosen; an explanation; Enter removes the item and writes the statement', async () => {
    const el = await mount();
    const entry = await waitFor(() => entryOf(el, trusted.reference), 'the trusted notice');
    entry.focus();
    await sendKeys({ press: 'i' });
    const ground = await waitFor(() => entry.querySelector<HTMLSelectElement>('select[name="ground"]'), 'the form');
    await waitFor(() => focused(el) === ground, 'the focus on the ground'); // set once the form has rendered
    expect(ground.value).to.equal('defamation');
    expect([...ground.options].map((o) => o.value)).to.include.members(['csam', 'threats', 'defamation', 'other']);
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    expect(focused(el)!.getAttribute('name')).to.equal('explanation');
    await sendKeys({ type: 'No evidence for a criminal accusation.' });
    await sendKeys({ press: 'Tab' });
    expect(focused(el)!.textContent).to.equal('Remove as illegal');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => notice(el) === `Notice ${trusted.reference}: judged illegal.`, 'said so');
    expect(entry.querySelector('[part="outcome"]')!.textContent).to.contain('Judged illegal by Demo Moderator.');
    expect(entry.querySelector('[part~="actions"]')).to.equal(null);
    await waitFor(() => focused(el) === entry, 'the focus on the notice'); // the form went: the notice, which says what was decided, has it (next frame)
    const statement = await waitFor(() => statementAbout(author, defamatory.content_uuid), "the author's statement");
    expect([statement.restriction, statement.ground_type, statement.ground, statement.explanation]).to.deep.equal(['removal', 'illegal', 'defamation', 'No evidence for a criminal accusation.']);
    await expect(el).to.be.accessible();
  });

  it('Not illegal, and also rejected under a rule of the terms', async () => {
    const el = await mount();
    const entry = await waitFor(() => entryOf(el, guest.reference), 'the guest notice');
    (entry.querySelector('[part~="action-not_illegal"]') as HTMLButtonElement).click();
    const rule = await waitFor(() => entry.querySelector<HTMLSelectElement>('select[name="terms_rule"]'), 'the form');
    expect(rule.value).to.equal('');
    const confirm = () => entry.querySelector<HTMLButtonElement>('[part~="decision-confirm"]')!;
    expect(confirm().textContent).to.equal('Confirm: not illegal');
    rule.value = 'harassment';
    rule.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => confirm().textContent === 'Not illegal; reject under the terms', 'the button says what it does');
    await expect(el).to.be.accessible();
    confirm().click();
    await waitFor(() => notice(el) === `Notice ${guest.reference}: judged not illegal; the item is rejected under “Harassment or personal attacks”.`, 'said so');
    expect(entry.querySelector('[part="outcome"]')!.textContent).to.contain('Judged not illegal by Demo Moderator.');
    const statement = await waitFor(() => statementAbout(author, rude.content_uuid), "the author's statement");
    expect([statement.restriction, statement.ground_type, statement.ground]).to.deep.equal(['rejection', 'terms', 'harassment']);
  });

  it('live: a notice that arrives counts at once and waits behind "Show the latest"; 409: decided first elsewhere says "Already decided by Demo Admin." and the notice shows what was decided', async () => {
    const el = await mount();
    await waitFor(() => entries(el).length > 0 && /^\d/.test(count(el, 'notices')), 'listed, counted');
    const before = Number(count(el, 'notices'));
    const container = await getContainer(unique('notices-live'));
    const spam = await postComment(author, container.content_container_uuid, `${word}: buy cheap watches`);
    const late = await sendNotice(spam.content_uuid, 'fraud', 'A scam shop.', { name: 'Lou Late', email: `${unique('lou')}@example.com` });
    await waitFor(() => count(el, 'notices') === String(before + 1), 'counted live');
    const show = await waitFor(() => $<HTMLButtonElement>(el, '[part~="new-items"]'), '"Show the latest"');
    expect(entryOf(el, late.reference)).to.equal(undefined);
    await expect(el).to.be.accessible();
    show.click();
    const entry = await waitFor(() => entryOf(el, late.reference), 'the new notice listed');

    holdFrames(); // their decision's live event is late
    try {
      await decideNoticeElsewhere(late.uuid, { decision: 'illegal', ground: 'fraud' });
      (entry.querySelector('[part~="action-illegal"]') as HTMLButtonElement).click();
      const confirm = await waitFor(() => entry.querySelector<HTMLButtonElement>('[part~="decision-confirm"]:not([disabled])'), 'the form');
      confirm.click();
      await waitFor(() => alertText(el) === 'Already decided by Demo Admin.', 'conflict named');
      expect(entry.querySelector('[part="outcome"]')!.textContent).to.contain('Already decided by Demo Admin.');
    } finally {
      releaseFrames();
    }
    await waitFor(() => entry.querySelector('[part="outcome"]')?.textContent?.includes('Judged illegal by Demo Admin.'), 'the live event says what was decided');
    await expect(el).to.be.accessible();
  });

  it("the user drawer's trusted-flagger switch: Space turns it on, and the server has it", async () => {
    const held = await heldConversation();
    const reporter = await newReader('Future Flagger');
    const word2 = unique('drawer');
    await postHeld(reporter, held, `${word2} held`);
    const el = await mount('pending');
    const field = await waitFor(() => $<HTMLInputElement>(el, 'input[part="filter-text"]'), 'text filter');
    typeInto(field, word2);
    $<HTMLButtonElement>(el, '[part~="filter-apply"]')!.click();
    const author2 = await waitFor(() => $$(el, 'article[part~="item"]').length === 1 && $<HTMLButtonElement>(el, '[part="author"]'), 'their item');
    author2.click();
    const drawer = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[part="drawer"][open]'), 'drawer open');
    const box = await waitFor(() => drawer.querySelector<HTMLInputElement>('[part="switch-trusted_flagger"]'), 'the switch');
    expect(box.checked).to.equal(false);
    expect(box.closest('label')!.textContent).to.equal("Trusted flagger: Future Flagger's notices of illegal content come first");
    box.focus();
    await sendKeys({ press: ' ' });
    await waitFor(() => box.checked, 'on');
    const { apiBase, siteUuid } = testConfig();
    const token = localStorage.getItem('vf.access_token');
    await waitFor(async () => {
      const res = await fetch(`${apiBase}/moderation/users/${reporter.auth.user.uuid}?section=${siteUuid}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { result: { user: { trusted_flagger?: boolean } } }).result.user.trusted_flagger === true;
    }, 'the server has it');
    await expect(el).to.be.accessible();
  });

  it('German: the tabs and the actions in German', async () => {
    config().language = 'de-de';
    try {
      const el = await mount();
      await waitFor(() => $(el, '[part="list"], [part="empty"]'), 'loaded');
      expect($(el, '[role="tab"][aria-selected="true"]')!.textContent).to.match(/^Meldungen/);
      expect($$(el, '[role="tab"]').at(-1)!.textContent).to.match(/^Beschwerden/);
      await expect(el).to.be.accessible();
    } finally {
      delete config().language;
    }
  });
});
