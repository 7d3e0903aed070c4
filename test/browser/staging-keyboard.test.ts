/**
 * The staging page by keyboard (demo/staging.html: dashboard, moderation queue, site settings),
 * against the real server: a moderator who logs in from the queue's Log in lands on the queue, not
 * on <body>; a login made elsewhere leaves the focus where it is; the queue's key list is a modal
 * dialog whose backdrop covers the whole page, as the login dialog's does.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-analytics-dashboard/define.ts';
import '../../elements/vf-moderation-queue/define.ts';
import '../../elements/vf-site-settings/define.ts';
import { newReader, unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, deepActiveElement, waitFor } from './support/dom.ts';
import { logIn, logOut, MODERATOR } from './support/login.ts';
import { heldConversation, postHeld } from './support/moderationQueue.ts';
import { waitUntil } from './support/wait.ts';

/** The staging page's three staff elements, in its order, after a button of the page's own. */
async function mountStaging(): Promise<{ page: HTMLElement; queue: HTMLElement; pageButton: HTMLButtonElement }> {
  const page = await fixture<HTMLElement>(html`<main>
    <button id="page-button">Page</button>
    <vf-analytics-dashboard preset="30"></vf-analytics-dashboard>
    <vf-moderation-queue></vf-moderation-queue>
    <vf-site-settings></vf-site-settings>
  </main>`);
  return { page, queue: page.querySelector('vf-moderation-queue')!, pageButton: page.querySelector('#page-button')! };
}

const describeFocus = (el: Element | null) => (el ? `<${el.localName} part="${el.getAttribute('part') ?? ''}">` : 'nothing');

/** Where a modal's backdrop must reach: the viewport's four corners. */
function corners(): Array<[number, number]> {
  const right = document.documentElement.clientWidth - 1;
  const bottom = document.documentElement.clientHeight - 1;
  return [[0, 0], [right, 0], [0, bottom], [right, bottom]];
}

/** What a point of the viewport hits inside `el`'s shadow root (the backdrop hits its dialog). */
const hitAt = (el: HTMLElement, [x, y]: [number, number]) => el.shadowRoot!.elementFromPoint(x, y);

describe('the staging page by keyboard', () => {
  before(() => bootCore());
  const signedOut = () => logOut().catch(() => undefined);

  describe('after a login', () => {
    beforeEach(signedOut);
    afterEach(signedOut);

    it('a login made elsewhere leaves the focus where the reader put it', async () => {
      const { queue, pageButton } = await mountStaging();
      await waitFor(() => $(queue, '[part~="login"]:not([disabled])'), 'the queue asks a guest to log in');
      pageButton.focus();
      await logIn(MODERATOR);
      await waitFor(() => $(queue, '[part="tabs"]'), 'the queue shows');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(deepActiveElement()).to.equal(pageButton);
    });

    /** Logs in as the moderator through `el`'s own Log in and dialog, by keyboard. */
    async function logInFrom(el: HTMLElement): Promise<void> {
      const login = await waitFor(() => $<HTMLButtonElement>(el, '[part~="login"]:not([disabled])'), `<${el.localName}> asks a guest to log in`);
      login.focus();
      await sendKeys({ press: 'Enter' });
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[part="login-dialog"][open]'), 'login dialog');
      await waitUntil(() => deepActiveElement()?.getAttribute('name') === 'email', 'focus on the email field');
      await sendKeys({ type: MODERATOR.email });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: MODERATOR.password });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => !dialog.open && !$(el, '[part~="login"]'), 'logged in: the Log in is gone');
    }

    async function expectFocusOn(targets: Array<Element | null>, where: string): Promise<void> {
      await waitUntil(() => targets.includes(deepActiveElement())).catch(() => {
        throw new Error(`the focus is on ${describeFocus(deepActiveElement())}, not ${where}`);
      });
    }

    it("logging in from the queue's Log in puts the focus on the queue, not on <body>", async () => {
      const { queue } = await mountStaging();
      await logInFrom(queue);
      await waitFor(() => $(queue, '[part="tabs"]'), 'the queue shows');
      await expectFocusOn([$(queue, '[part="title"]'), $(queue, '[part~="item"]')], "the queue's heading or first item");
    });

    it("logging in from the dashboard's Log in puts the focus on the dashboard's heading (a moderator is told it is the administrators')", async () => {
      const { page } = await mountStaging();
      const dashboard = page.querySelector('vf-analytics-dashboard')!;
      await logInFrom(dashboard);
      await waitFor(() => $(dashboard, '[part="forbidden"]'), 'the dashboard says it is for administrators');
      await expectFocusOn([$(dashboard, '[part="title"]')], "the dashboard's heading");
    });
  });

  describe('the key list', () => {
    before(async () => {
      const container = await heldConversation();
      await postHeld(await newReader('Staging Reader'), container, `Held for the key list ${unique('keys')}`);
      await logIn(MODERATOR);
    });
    after(() => logOut());

    it("is modal: its backdrop covers the whole page, as the login dialog's; ? opens it, Escape closes it, the focus returns", async () => {
      const { queue } = await mountStaging();
      const item = await waitFor(() => $<HTMLElement>(queue, '[part~="item"]'), 'an item');
      item.focus();
      await sendKeys({ press: '?' });
      const keys = await waitFor(() => $<HTMLDialogElement>(queue, 'dialog[part="keys-dialog"][open]'), 'key list');
      expect(keys.matches(':modal')).to.equal(true, 'in the top layer');
      for (const corner of corners()) expect(hitAt(queue, corner)).to.equal(keys, `the backdrop at ${corner}`);
      const backdrop = getComputedStyle(keys, '::backdrop').backgroundColor;
      expect(backdrop).to.not.equal('rgba(0, 0, 0, 0)');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(queue, 'dialog[part="keys-dialog"]'), 'closed');
      expect(deepActiveElement()).to.equal(item);
      expect($$(queue, 'dialog[open]')).to.deep.equal([]);
    });
  });
});
