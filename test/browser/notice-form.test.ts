/**
 * "Report illegal content" (DSA Art. 16, docs/law.md "Notices of illegal content") against the
 * real server: a guest opens it from a comment's "More actions" menu by keyboard, beside Report;
 * the form says what is missing under each field; child sexual abuse material leaves the reporter
 * anonymous; a notice reaches the server and ends on its reference, with the receipt mailed;
 * refusals keep what was typed; a signed-in reader's name and email are filled in; chat messages,
 * reviews, live-blog replies and readers' profiles offer it too; it speaks the page's language.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { getContainer, newReader, postComment, setAutoModeration, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, commentTexts, shadow, typeInto, waitFor } from './support/dom.ts';
import { logIn, logOut } from './support/login.ts';
import { mountConversations } from './support/conversations.ts';
import {
  answerNotices, chooseByKeyboard, fieldError, focused, itemIds, menuItems, noticeDialog, noticeField, openNotice, typeKeys, waitForMail,
} from './support/notices.ts';
import { waitUntil } from './support/wait.ts';
import '../../elements/vf-conversations/define.ts';

type WithConfig = { vfConfig?: Record<string, unknown> };
const config = () => (window as unknown as WithConfig).vfConfig!;

let author: Reader;

before(async () => {
  await bootCore();
  author = await newReader('Carla Author');
});

afterEach(async () => {
  delete config().language;
  await logOut().catch(() => undefined);
});

/** A conversation with one comment by the author, mounted as the page's viewer sees it. */
async function withComment(text = `Reported words ${unique('c')}`) {
  const container = await getContainer(unique('notice'));
  const comment = await postComment(author, container.content_container_uuid, text);
  const el = await mountConversations(container.container_id);
  await waitFor(() => commentTexts(el).includes(text), 'comment shown');
  const button = $<HTMLButtonElement>(el, `article[data-uuid="${comment.content_uuid}"] [aria-haspopup="menu"]`)!;
  return { el, comment, button, text };
}

const alertText = (el: Element) => noticeDialog(el)?.querySelector('[role="alert"]')?.textContent ?? null;
const sendButton = (el: Element) => noticeDialog(el)!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const confirmation = (el: Element) => noticeDialog(el)?.querySelector<HTMLElement>('[data-notice-state="sent"]') ?? null;

async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

/** Fills the form by setting values (the keyboard test types them). */
function fill(el: Element, values: { kind?: string; explanation?: string; name?: string; email?: string; goodFaith?: boolean }) {
  if (values.kind !== undefined) {
    const select = noticeField<HTMLSelectElement>(el, 'kind');
    select.value = values.kind;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  if (values.explanation !== undefined) typeInto(noticeField<HTMLTextAreaElement>(el, 'explanation'), values.explanation);
  if (values.name !== undefined) typeInto(noticeField(el, 'name'), values.name);
  if (values.email !== undefined) typeInto(noticeField(el, 'email'), values.email);
  if (values.goodFaith !== undefined && noticeField(el, 'good_faith').checked !== values.goodFaith) noticeField(el, 'good_faith').click();
}

describe('"Report illegal content"', () => {
  it('a guest opens it from a comment’s menu by keyboard, beside Report; Tab stays inside; Escape returns focus to the menu button', async () => {
    const { el, button } = await withComment();
    button.click();
    await waitFor(() => menuItems(el).length > 0, 'menu open');
    expect(itemIds(el)).to.deep.equal(['flag', 'notice']);
    expect(menuItems(el).map((b) => b.textContent)).to.deep.equal(['Report', 'Report illegal content']);
    button.click();
    await waitUntil(() => menuItems(el).length === 0, 'menu closed');

    await chooseByKeyboard(el, button, 'notice');
    const dialog = await waitFor(() => noticeDialog(el), 'dialog open');
    await waitUntil(() => focused(el)?.getAttribute('name') === 'kind', 'focus on the kind of illegality');
    expect(dialog.querySelector('h2')!.textContent).to.equal('Report illegal content');
    expect(dialog.querySelector('.vf-notice__subject')!.textContent).to.equal('A comment by Carla Author');
    // Shift+Tab from the first field reaches the close button, then wraps to Send; Tab wraps back.
    await shiftTab();
    expect(focused(el)?.getAttribute('aria-label')).to.equal('Close');
    await shiftTab();
    expect(focused(el)).to.equal(sendButton(el));
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('aria-label')).to.equal('Close');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !noticeDialog(el), 'dialog closed');
    await waitUntil(() => focused(el) === button, 'the focus back on the menu button');
  });

  it('Send with nothing filled says what is missing under each field and focuses the first; axe finds nothing', async () => {
    const { el, button } = await withComment();
    await openNotice(el, button);
    await expect(el).shadowDom.to.be.accessible();
    sendButton(el).click();
    await waitUntil(() => fieldError(el, 'kind') !== null, 'errors shown');
    expect(focused(el)?.getAttribute('name')).to.equal('kind');
    expect({
      kind: fieldError(el, 'kind'), explanation: fieldError(el, 'explanation'), name: fieldError(el, 'name'),
      email: fieldError(el, 'email'), good_faith: fieldError(el, 'good_faith'),
    }).to.deep.equal({
      kind: 'Choose the kind of illegal content.',
      explanation: 'Explain why you consider this content illegal.',
      name: 'Enter your name.',
      email: 'Enter your email address.',
      good_faith: 'Confirm that your notice is accurate and made in good faith.',
    });
    for (const name of ['kind', 'explanation', 'name', 'email', 'good_faith']) expect(noticeField(el, name).getAttribute('aria-invalid'), name).to.equal('true');
    await expect(el).shadowDom.to.be.accessible();
    // Fixing the first moves the focus to the next wrong field on Send; a bad address is named as such.
    fill(el, { kind: 'defamation', explanation: 'It says I stole money, which is false.', email: 'not-an-address' });
    sendButton(el).click();
    await waitUntil(() => focused(el)?.getAttribute('name') === 'name', 'focus on the name');
    expect(fieldError(el, 'kind')).to.equal(null);
    expect(fieldError(el, 'email')).to.equal('Enter an email address like name@example.com.');
  });

  it('child sexual abuse material makes name and email optional; the notice is sent by keyboard and ends on its reference', async () => {
    const { el, button } = await withComment();
    await chooseByKeyboard(el, button, 'notice');
    await waitUntil(() => focused(el)?.getAttribute('name') === 'kind', 'focus on the kind');
    expect(noticeDialog(el)!.querySelector('label[for="' + noticeField(el, 'name').id + '"]')!.textContent).to.equal('Your name');
    await sendKeys({ press: 'ArrowDown' }); // the first kind: child sexual abuse material
    await waitUntil(() => noticeField<HTMLSelectElement>(el, 'kind').value === 'csam', 'csam chosen');
    const label = (name: string) => noticeDialog(el)!.querySelector(`label[for="${noticeField(el, name).id}"]`)!.textContent;
    expect([label('name'), label('email')]).to.deep.equal(['Your name (optional)', 'Your email (optional)']);
    expect(noticeDialog(el)!.textContent).to.include('your name and email are optional');
    await sendKeys({ press: 'Tab' });
    await typeKeys('This picture shows the abuse of a child.');
    await sendKeys({ press: 'Tab' }); // name
    await sendKeys({ press: 'Tab' }); // email
    await sendKeys({ press: 'Tab' }); // the statement
    await sendKeys({ press: 'Space' });
    expect(noticeField(el, 'good_faith').checked).to.equal(true);
    await sendKeys({ press: 'Tab' }); // Cancel
    await sendKeys({ press: 'Tab' }); // Send
    await sendKeys({ press: 'Enter' });
    const done = await waitFor(() => confirmation(el), 'confirmation');
    await waitUntil(() => focused(el) === done, 'focus on the confirmation');
    expect(done.querySelector('.vf-notice__reference')!.textContent).to.match(/\S{4,}/);
    expect(done.textContent).to.include('Keep this reference');
    await expect(el).shadowDom.to.be.accessible();
  });

  it('a full notice reaches the server: the reference shows, the receipt is mailed; Close returns focus to the menu', async () => {
    const { el, button } = await withComment();
    await openNotice(el, button);
    const email = `${unique('reporter')}@example.com`;
    fill(el, { kind: 'threats', explanation: 'The comment threatens to hurt my family.', name: 'Rita Reporter', email, goodFaith: true });
    sendButton(el).click();
    const done = await waitFor(() => confirmation(el), 'confirmation');
    const reference = done.querySelector('.vf-notice__reference')!.textContent!;
    expect(done.textContent).to.include(`We sent a receipt to ${email}.`);
    await waitForMail(email, reference);
    await expect(el).shadowDom.to.be.accessible();
    [...done.querySelectorAll('button')].find((b) => b.textContent === 'Close')!.click();
    await waitUntil(() => !noticeDialog(el), 'dialog closed');
    await waitUntil(() => focused(el) === button, 'the focus back on the menu button');
  });

  it('refusals show in an alert and keep what was typed: offline, too many, and the server’s own 400', async () => {
    const { el, button } = await withComment();
    await openNotice(el, button);
    const typed = { kind: 'fraud', explanation: 'A fake lottery asking for bank details.', name: 'Bo Reader', email: 'bo@example.com', goodFaith: true };
    fill(el, typed);
    const kept = () => [noticeField<HTMLSelectElement>(el, 'kind').value, noticeField<HTMLTextAreaElement>(el, 'explanation').value, noticeField(el, 'name').value, noticeField(el, 'email').value, noticeField(el, 'good_faith').checked];
    const expected = [typed.kind, typed.explanation, typed.name, typed.email, true];

    let stub = answerNotices(0, null);
    sendButton(el).click();
    await waitUntil(() => alertText(el)?.includes('Can’t reach the server'), 'offline alert');
    expect(kept()).to.deep.equal(expected);
    await expect(el).shadowDom.to.be.accessible();
    stub.restore();

    stub = answerNotices(429, { error_status: 429, message: 'Too many notices', retry_after: 120 });
    sendButton(el).click();
    await waitUntil(() => alertText(el) === 'Too many notices from your connection. Try again in 2 minutes.', `429 alert (got ${alertText(el)})`);
    expect(kept()).to.deep.equal(expected);
    stub.restore();

    // The real server refuses a kind the site does not list.
    noticeField<HTMLSelectElement>(el, 'kind').querySelector('option[value="fraud"]')!.setAttribute('value', 'no_such_kind');
    fill(el, { kind: 'no_such_kind' });
    sendButton(el).click();
    await waitUntil(() => alertText(el)?.startsWith('The notice was not accepted: '), `400 alert (got ${alertText(el)})`);
    expect(noticeField<HTMLTextAreaElement>(el, 'explanation').value).to.equal(typed.explanation);
    expect(confirmation(el)).to.equal(null);
  });

  it('a signed-in reader finds their name and email filled in, and no notice entry on their own comment', async () => {
    const reader = await newReader('Sam Signedin');
    await logIn(reader);
    const { el, button } = await withComment();
    await openNotice(el, button);
    expect([noticeField(el, 'name').value, noticeField(el, 'email').value]).to.deep.equal([reader.name, reader.email]);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !noticeDialog(el), 'dialog closed');

    const container = await getContainer(unique('own'));
    const own = await postComment(reader, container.content_container_uuid, 'My own words');
    const mine = await mountConversations(container.container_id);
    await waitFor(() => commentTexts(mine).includes('My own words'), 'own comment');
    $<HTMLButtonElement>(mine, `article[data-uuid="${own.content_uuid}"] [aria-haspopup="menu"]`)!.click();
    await waitFor(() => menuItems(mine).length > 0, 'menu open');
    expect(itemIds(mine)).to.not.include('notice');
  });

  it('the author of a held comment gets "Appeal this decision": its statement of reasons in a dialog', async () => {
    const reader = await newReader('Alma Appellant');
    const container = await getContainer(unique('appeal'));
    const word = `zzh${Date.now().toString(36)}`;
    const before = await setAutoModeration({ suspect_words: [word] });
    let own;
    try {
      own = await postComment(reader, container.content_container_uuid, `Held for ${word}`);
    } finally {
      await setAutoModeration({ suspect_words: before.suspect_words });
    }
    expect(own.state).to.equal('awaiting_moderation');
    await logIn(reader);
    const el = await mountConversations(container.container_id);
    const button = await waitFor(() => $<HTMLButtonElement>(el, `article[data-uuid="${own.content_uuid}"] [aria-haspopup="menu"]`), 'own comment');
    await chooseByKeyboard(el, button, 'appeal');
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog.vf-notice-dialog[open]'), 'appeal dialog');
    expect(dialog.querySelector('h2')!.textContent).to.equal('Appeal this decision');
    // The statement of the automatic hold, with its facts (elements/ui/legal/StatementPanel.tsx).
    await waitFor(() => dialog.querySelector('[part="statement"] dl'), 'the statement of reasons');
    expect(dialog.querySelector('[part="statement"]')!.textContent).to.include(`Held for ${word}`);
    await expect(el).shadowDom.to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !$(el, 'dialog[open]'), 'dialog closed');
    await waitUntil(() => focused(el) === button, 'the focus back on the menu button');
  });

  describe('in the page’s language', () => {
    for (const [language, title, kind, send, dir] of [
      ['de-de', 'Rechtswidrige Inhalte melden', 'Verleumdung', 'Meldung senden', 'ltr'],
      ['fr-fr', 'Signaler un contenu illicite', 'Diffamation', 'Envoyer le signalement', 'ltr'],
      ['ar-ar', 'الإبلاغ عن محتوى غير قانوني', 'تشهير', 'إرسال البلاغ', 'rtl'],
    ] as const) {
      it(`${language}: the entry, the form and its messages`, async () => {
        config().language = language;
        const { el, button } = await withComment();
        await openNotice(el, button);
        const dialog = noticeDialog(el)!;
        expect(dialog.querySelector('h2')!.textContent).to.equal(title);
        const options = [...noticeField<HTMLSelectElement>(el, 'kind').options].map((o) => o.textContent);
        expect(options).to.include(kind);
        expect(sendButton(el).textContent).to.equal(send);
        expect(getComputedStyle(dialog).direction).to.equal(dir);
        sendButton(el).click();
        await waitUntil(() => fieldError(el, 'kind') !== null, 'errors shown');
        expect(fieldError(el, 'kind')).to.not.equal('Choose the kind of illegal content.');
        await expect(el).shadowDom.to.be.accessible();
      });
    }
  });

  it('the dialog is modal, lists the site’s kinds of illegality and brings its own stylesheet (no inline style)', async () => {
    const { el, button } = await withComment();
    await openNotice(el, button);
    const kinds = [...noticeField<HTMLSelectElement>(el, 'kind').options].map((o) => o.value);
    expect(kinds).to.deep.equal(['', 'csam', 'terrorism', 'hate_speech', 'threats', 'defamation', 'privacy', 'non_consensual_imagery', 'intellectual_property', 'fraud', 'other']);
    expect(noticeDialog(el)!.matches(':modal')).to.equal(true);
    expect($$(el, 'dialog[open]').length).to.equal(1);
    expect(shadow(el).adoptedStyleSheets.some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith('.vf-notice-dialog')))).to.equal(true);
  });
});
