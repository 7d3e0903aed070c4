/**
 * <vf-moderation-queue>'s "Appeals" tab against the real server (docs/law.md "Appeals", DSA Art.
 * 20): each appeal with its text and the statement appealed (what was done, on which ground, the
 * explanation, who decided); Reverse by keyboard restores the item; the moderator who took the
 * decision cannot decide its appeal (the reason is shown, and the server's 403 shows in the form);
 * the 409 when another moderator decided first; an automatic decision's appeal; loading, empty and
 * error states; axe in each. The appeals are made here: a reader's held comment rejected (by the
 * demo admin, the demo moderator, or automatic moderation), then appealed by its author.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-moderation-queue/define.ts';
import { legalModerationApi } from '../../core/api/legalModeration.ts';
import { moderationApi } from '../../core/api/moderation.ts';
import { getStore } from '../../core/store/index.ts';
import type { Comment } from '../../core/api/types.ts';
import { getContainer, newReader, postComment, setAutoModeration, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, shadow, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState } from './support/elementStates.ts';
import { answerWith, appealStatement, decideAppealElsewhere, decideAs, statementAbout } from './support/legalQueue.ts';
import { logIn, MODERATOR, moderatorToken } from './support/login.ts';
import { heldConversation, holdFrames, installHoldableSocket, postHeld, releaseFrames } from './support/moderationQueue.ts';
import { throttleFetch } from './support/network.ts';

const entries = (el: Element) => $$(el, 'article[part~="item"]');
const entryWith = (el: Element, text: string) => entries(el).find((e) => e.querySelector('[part="appeal-text"]')?.textContent?.includes(text));
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const notice = (el: Element) => $(el, '[part="notice"]')?.textContent ?? '';
const alertText = (el: Element) => $(el, '[part="alert"]')?.textContent ?? '';

async function mount(): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = '<vf-moderation-queue queue="appeals"></vf-moderation-queue>';
  return wrapper.querySelector('vf-moderation-queue') as HTMLElement;
}

describe('<vf-moderation-queue> Appeals', () => {
  let author: Reader;

  /** The author's held comment, rejected with `token` (the demo admin's by default), then appealed with `text`. */
  async function appealedRejection(text: string, token?: string): Promise<{ content: string }> {
    const comment = await postHeld(author, await heldConversation(), `${unique('appealed')} held`);
    await decideAs('reject', [{ uuid: comment.content_uuid, state: comment.state }], token);
    const statement = await waitFor(() => statementAbout(author, comment.content_uuid), 'the statement');
    await appealStatement(author, statement.uuid, text);
    return { content: comment.content_uuid };
  }

  before(async () => {
    installHoldableSocket();
    await bootCore();
    author = await newReader('Appealing Author');
    await logIn(MODERATOR);
  });
  beforeEach(() => void getStore().dispatch(moderationApi.util.resetApiState()));

  it('loading: a labelled skeleton while the appeals are on their way; axe finds nothing', async () => {
    const held = throttleFetch({ pattern: /\/moderation\/appeals/ });
    await expectLoadingState(() => mount(), held, 'Loading the appeals…', (el) => !!$(el, '[part="list"], [part="empty"]'));
  });

  it('error: "The appeals couldn\'t be loaded." with Retry, which loads them', async () => {
    const failing = throttleFetch({ failures: 1, pattern: /\/moderation\/appeals/ });
    await expectErrorState(() => mount(), failing, "The appeals couldn't be loaded.", (el) => !!$(el, '[part="list"], [part="empty"]'));
  });

  it('empty: says no appeal waits; axe finds nothing', async () => {
    const none = answerWith(/\/moderation\/appeals/, { items: [], next_cursor: null });
    try {
      const el = await mount();
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
      expect(empty.textContent).to.equal('No appeal waits.');
      expect($(el, '[role="tab"][aria-selected="true"]')!.textContent).to.match(/^Appeals/);
      await expect(el).to.be.accessible();
    } finally {
      none.restore();
    }
  });

  it('an appeal of another moderator\'s decision: its text and the statement; Reverse by keyboard restores the item; Decided lists it', async () => {
    const text = `${unique('reverse')}: it was on topic, please look again`;
    const { content } = await appealedRejection(text);
    const el = await mount();
    const entry = await waitFor(() => entryWith(el, text), 'the appeal');
    expect(entry.querySelector('[part="appellant"]')!.textContent).to.equal('Appeal by the author');
    expect(entry.querySelector('[part="appeal-state"]')!.textContent).to.equal('Open');
    const subject = entry.querySelector('[part="subject"]')!;
    expect(subject.textContent).to.contain('Rejected · Decided by Demo Admin');
    expect(subject.querySelector('[part="ground"]')!.textContent).to.match(/^Ground: the site's terms, /);
    expect(subject.querySelector('[part="excerpt"]')!.textContent).to.contain('held');
    expect(subject.querySelector('[part="legal-item"]')!.textContent).to.contain('by Appealing Author');
    await expect(el).to.be.accessible();

    entry.focus();
    await sendKeys({ press: 'r' });
    const field = await waitFor(() => entry.querySelector<HTMLTextAreaElement>('textarea[name="explanation"]'), 'the form');
    expect(focused(el)).to.equal(field);
    await sendKeys({ type: 'On topic after all.' });
    await sendKeys({ press: 'Tab' });
    expect(focused(el)!.textContent).to.equal('Reverse the decision');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => notice(el) === 'Appeal decided: the decision is reversed.', 'said so');
    expect(entry.querySelector('[part="outcome"]')!.textContent).to.contain('Reversed by Demo Moderator.');
    expect(entry.querySelector('[part="outcome"]')!.textContent).to.contain('On topic after all.');
    // The form went: the focus moves to the appeal in the next frame.
    await waitFor(() => focused(el) === entry, 'the focus on the appeal');
    const statement = await waitFor(async () => {
      const s = await statementAbout(author, content);
      return s?.state === 'reversed' ? s : null;
    }, 'the statement reversed');
    expect(statement.appeal!.state).to.equal('reversed');
    await expect(el).to.be.accessible();

    const show = $<HTMLSelectElement>(el, 'select[part="legal-state"]')!;
    show.value = 'decided';
    show.dispatchEvent(new Event('change', { bubbles: true }));
    const decided = await waitFor(() => entryWith(el, text), 'listed as decided');
    expect(decided.querySelector('[part="appeal-state"]')!.textContent).to.equal('Reversed');
  });

  it('the moderator who took the decision may not decide its appeal: the reason is shown; the server\'s 403 shows in the form', async () => {
    const text = `${unique('own')}: please reconsider`;
    await appealedRejection(text, await moderatorToken());
    const el = await mount();
    const entry = await waitFor(() => entryWith(el, text), 'the appeal');
    const blocked = entry.querySelector('[part="blocked"]')!;
    expect(blocked.textContent).to.equal('You took the decision appealed: another moderator must decide this appeal.');
    const uphold = entry.querySelector<HTMLButtonElement>('[part~="action-uphold"]')!;
    expect(uphold.getAttribute('aria-disabled')).to.equal('true');
    expect(uphold.getAttribute('aria-describedby')).to.equal(blocked.id);
    uphold.click();
    expect(entry.querySelector('form')).to.equal(null);
    await expect(el).to.be.accessible();

    // A list read before the server knew who decided (as from another tab) offers the buttons: the server refuses.
    getStore().dispatch(legalModerationApi.util.updateQueryData('moderationAppeals', { state: 'open', cursor: undefined }, (page) => {
      for (const item of page.items) if (item.text === text) item.first_decided_by = null;
    }));
    await waitFor(() => !entry.querySelector('[part="blocked"]'), 'offered');
    (entry.querySelector('[part~="action-uphold"]') as HTMLButtonElement).click();
    (await waitFor(() => entry.querySelector<HTMLButtonElement>('[part~="decision-confirm"]'), 'the form')).click();
    const refusal = await waitFor(() => entry.querySelector('[part="decision-error"]'), "the server's refusal");
    expect(refusal.getAttribute('role')).to.equal('alert');
    expect(refusal.textContent).to.match(/another moderator/i);
    await waitFor(() => focused(el) === refusal, 'the focus on the refusal');
    await expect(el).to.be.accessible();
  });

  it('an automatic decision\'s appeal, decided first by another moderator: "Already decided by Demo Admin." and the appeal shows the outcome', async () => {
    const word = unique('banned').replace(/-/g, '');
    const before = await setAutoModeration({ banned_words: [word] });
    let comment: Comment;
    try {
      comment = await postComment(author, (await getContainer(unique('appeals-auto'))).content_container_uuid, `This has ${word} in it`);
    } finally {
      await setAutoModeration({ banned_words: before.banned_words });
    }
    const statement = await waitFor(() => statementAbout(author, comment.content_uuid), 'the automatic statement');
    expect(statement.automated).to.equal(true);
    const text = `${unique('auto')}: the filter got it wrong`;
    const appeal = await appealStatement(author, statement.uuid, text);
    const el = await mount();
    const entry = await waitFor(() => entryWith(el, text), 'the appeal');
    expect(entry.querySelector('[part="subject"]')!.textContent).to.contain('Decided automatically');
    expect(entry.querySelector('[part="blocked"]')).to.equal(null);

    holdFrames(); // their decision's live event is late
    try {
      await decideAppealElsewhere(appeal.uuid, 'uphold');
      (entry.querySelector('[part~="action-uphold"]') as HTMLButtonElement).click();
      (await waitFor(() => entry.querySelector<HTMLButtonElement>('[part~="decision-confirm"]'), 'the form')).click();
      await waitFor(() => alertText(el) === 'Already decided by Demo Admin.', 'conflict named');
      await waitFor(() => entry.querySelector('[part="outcome"]')?.textContent?.includes('Upheld by Demo Admin.'), 'the appeal as it now is');
      expect(entry.querySelector('[part="appeal-state"]')!.textContent).to.equal('Upheld');
    } finally {
      releaseFrames();
    }
    await expect(el).to.be.accessible();
  });
});
