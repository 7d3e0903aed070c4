/**
 * <vf-tray>'s profile view against the real server, on a site with email verification on: a
 * reader whose address awaits confirmation sees so and mails themself a new link (busy, then a
 * polite confirmation); once the address is confirmed elsewhere the answer says so; a verified
 * reader sees nothing of it. The server has no SMTP here: mails are read from /demo/mail.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-tray/define.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { selectCurrentUser } from '../../core/session/slice.ts';
import { getStore } from '../../core/store/index.ts';
import { newReader, setSiteSettings, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, buttonByText, shadow, waitFor } from './support/dom.ts';
import { logIn, logOut } from './support/login.ts';
import { confirmEmail, mailedLinks } from './support/mail.ts';

const RESEND = 'Resend verification email';

describe('<vf-tray> profile: resending the verification email', () => {
  let pending: Reader;
  let verified: Reader;
  let el: Element;

  before(async () => {
    // Before boot, so the page starts with the site's verification setting on.
    await setSiteSettings({ enable_email_verification: true });
    pending = await newReader('Penny Pending');
    verified = await newReader('Vic Verified');
    await confirmEmail((await mailedLinks(verified.email, 'emailverification'))[0]!);
    await bootCore();
    await logIn(pending);
    el = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
    trayActions.open('profile');
    await waitFor(() => $(el, 'dialog[open] .vf-tray__name'), 'profile view');
  });

  after(async () => {
    trayActions.close();
    await logOut();
    await setSiteSettings({ enable_email_verification: false });
  });

  it('a pending reader sees their status and, with the keyboard, gets a new email; a live region says so', async () => {
    const notice = await waitFor(() => $(el, '.vf-verify-notice'), 'verification notice');
    expect(notice.querySelector('p')!.textContent).to.equal(
      `Your email address ${pending.email} is not confirmed yet. Open the link in the email we sent you to confirm it.`,
    );
    // The live region is there, empty, before anything is announced in it.
    const live = notice.querySelector('[role="status"]')!;
    expect(live.textContent).to.equal('');

    const button = buttonByText(el, RESEND)!;
    const states: string[] = [];
    const watcher = new MutationObserver(() => states.push(`${button.getAttribute('aria-busy')}:${button.textContent}`));
    watcher.observe(button, { attributes: true, childList: true, characterData: true, subtree: true });
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => live.textContent !== '', 'confirmation');
    watcher.disconnect();

    expect(live.textContent).to.equal(`We sent a new verification email to ${pending.email}. Its link works for seven days.`);
    expect(states).to.include('true:Sending…');
    expect(button.getAttribute('aria-busy')).to.equal(null);
    expect(shadow(el).activeElement).to.equal(button);
    expect($(el, '.vf-verify-notice [role="alert"]')).to.equal(null);

    // The signup's mail and the new one.
    const links = await mailedLinks(pending.email, 'emailverification', 2);
    expect(links).to.have.length(2);
    // The new link leads back to this page.
    expect(links[0]!.origin + links[0]!.pathname).to.equal(location.origin + location.pathname);
  });

  it('is accessible', async () => {
    await expect(el).to.be.accessible();
  });

  it('once confirmed elsewhere, a click says no confirmation is needed and the button goes', async () => {
    await confirmEmail((await mailedLinks(pending.email, 'emailverification', 2))[0]!);
    buttonByText(el, RESEND)!.click();
    const answer = () => $(el, '.vf-verify-notice [role="status"]')?.textContent;
    await waitUntil(() => answer() === 'Your email address needs no further confirmation.', 'the answer');
    await waitUntil(() => selectCurrentUser(getStore().getState())?.email_verification_status === 'approved', 'the reader re-read');
    await waitUntil(() => buttonByText(el, RESEND) === null, 'no more resend button');
    await expect(el).to.be.accessible();
  });

  it('a verified reader sees no verification notice', async () => {
    await logIn(verified);
    await waitFor(() => $(el, '.vf-tray__name')?.textContent === 'Vic Verified', 'verified reader shown');
    expect(selectCurrentUser(getStore().getState())?.email_verification_status).to.equal('approved');
    expect($(el, '.vf-verify-notice')).to.equal(null);
    expect(buttonByText(el, RESEND)).to.equal(null);
  });
});
