/**
 * Password reset and email verification in the browser, against the real server: the login
 * dialog's "Forgot password?" view, and the modals a mailed link opens (`?vtype=…&vtoken=…`).
 * The server has no SMTP here, so the links are read from its /demo/mail page.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { createElement as h, useState } from 'react';
import { selectCurrentUser } from '../../core/session/slice.ts';
import { MODAL_ID, openAddressModal } from '../../core/session/addressParams.ts';
import { getStore } from '../../core/store/index.ts';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { LoginDialog } from '../../elements/ui/LoginDialog.tsx';
import '../../elements/vf-svod-email-verification/define.ts';
import '../../elements/vf-svod-reset-password/define.ts';
import { adminToken, newReader, testConfig, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, shadow, typeInto, waitFor } from './support/dom.ts';

function DialogDemo() {
  const [open, setOpen] = useState(true);
  return h(LoginDialog, { open, onClose: () => setOpen(false) });
}
defineElement('vf-test-account-dialog', { component: DialogDemo, props: {} });

async function api(path: string, body: object, token?: string): Promise<Response> {
  const { apiBase, siteUuid } = testConfig();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${apiBase}/${path}`, { method: 'POST', headers, body: JSON.stringify({ ...body, section: siteUuid }) });
}

/** The newest link of type `vtype` mailed to `email`, read from the server's /demo/mail page. */
async function mailedLink(email: string, vtype: string): Promise<URL> {
  let link: URL | null = null;
  await waitUntil(async () => {
    const page = new DOMParser().parseFromString(await (await fetch(`${testConfig().origin}/demo/mail`)).text(), 'text/html');
    const mail = [...page.querySelectorAll('li.mail')].find((li) => li.querySelector('.meta')?.textContent?.includes(email));
    const href = mail?.querySelector('a')?.getAttribute('href');
    link = href ? new URL(href) : null;
    return link?.searchParams.get('vtype') === vtype;
  }, `a ${vtype} mail to ${email}`);
  return link!;
}

const modal = () => document.getElementById(MODAL_ID);
const withoutParams = () => history.replaceState(null, '', location.pathname);

let reader: Reader;
let resetLink: URL;

before(async () => {
  reader = await newReader('Rosa Reset');
  expect((await api('account/password', { email: reader.email, url: location.href })).status).to.equal(200);
  resetLink = await mailedLink(reader.email, 'reset');
  // The page is opened from the mail's link: core reads the address when it starts.
  history.replaceState(null, '', `${location.pathname}${resetLink.search}`);
  await bootCore();
});

after(withoutParams);

describe('<vf-svod-reset-password> opened by ?vtype=reset&vtoken=…', () => {
  it('opens once from the page address, which then loses vtype and vtoken', async () => {
    const el = await waitFor(() => modal(), '#vf-modal added');
    expect(el.localName).to.equal('vf-svod-reset-password');
    expect(el.getAttribute('vtoken')).to.equal(resetLink.searchParams.get('vtoken'));
    expect(new URLSearchParams(location.search).has('vtype')).to.equal(false);
    expect(new URLSearchParams(location.search).has('vtoken')).to.equal(false);
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), 'modal open');
    expect(dialog.matches(':modal')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('is used with the keyboard alone: a new password, saved, signs the reader in', async () => {
    const el = modal()!;
    const field = await waitFor(() => $<HTMLInputElement>(el, 'input[name="password"]'), 'password field');
    await waitUntil(() => shadow(el).activeElement === field, 'focus on the new password');
    await sendKeys({ type: 'short' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $$(el, '.vf-field .vf-error').length === 1, 'too short');
    expect($(el, '.vf-field .vf-error')!.textContent).to.equal('Use at least 8 characters.');

    typeInto(field, '');
    field.focus();
    await sendKeys({ type: 'a fresh passphrase' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'a fresh passphrase' });
    await sendKeys({ press: 'Enter' });
    const done = await waitFor(() => $(el, '[role="status"]'), 'saved');
    expect(done.textContent).to.equal("Your password is changed and you're logged in.");
    await waitUntil(() => shadow(el).activeElement === done, 'focus on the outcome');
    expect(selectCurrentUser(getStore().getState())?.uuid).to.equal(reader.auth.user.uuid);
    expect(published.some((e) => e.channel === 'authentication' && e.name === 'reset_success')).to.equal(true);
    expect((await api('users/login', { email: reader.email, password: 'a fresh passphrase' })).status).to.equal(200);

    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !el.isConnected, 'closed and removed');
  });

  it('a used link says so, and keeps nothing the reader could lose', async () => {
    const el = await fixture<HTMLElement>(html`<vf-svod-reset-password vtoken=${resetLink.searchParams.get('vtoken')!}></vf-svod-reset-password>`);
    const [password, repeated] = await waitFor(() => $$<HTMLInputElement>(el, 'input[type="password"]').length === 2 && $$<HTMLInputElement>(el, 'input[type="password"]'), 'fields');
    typeInto(password!, 'another passphrase');
    typeInto(repeated!, 'another passphrase');
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    const alert = await waitFor(() => $(el, '[role="alert"]'), 'refused');
    expect(alert.textContent).to.match(/expired or was already used/);
    expect(published.some((e) => e.name === 'reset_failure' && (e.payload as { step: string }).step === 'password')).to.equal(true);
  });

  it('without a vtoken, or with another vtype, nothing opens', async () => {
    history.replaceState(null, '', `${location.pathname}?vtype=reset`);
    expect(openAddressModal()).to.equal(null);
    history.replaceState(null, '', `${location.pathname}?vtype=other&vtoken=${resetLink.searchParams.get('vtoken')}`);
    expect(openAddressModal()).to.equal(null);
    expect(modal()).to.equal(null);
    const el = await fixture<HTMLElement>(html`<vf-svod-reset-password></vf-svod-reset-password>`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect($(el, 'dialog')).to.equal(null);
    withoutParams();
  });
});

describe('<vf-svod-email-verification>', () => {
  it('confirms the address from the mailed link, showing progress and then the outcome', async () => {
    const { siteUuid } = testConfig();
    const settings = (on: boolean) =>
      adminToken().then((token) => api('settings', { enable_email_verification: on, verb: 'PATCH', section: siteUuid }, token));
    await settings(true);
    let newcomer: Reader;
    try {
      newcomer = await newReader('Vera Verify');
    } finally {
      await settings(false);
    }
    expect(newcomer.auth.user.email_verification_status).to.equal('pending_new');
    const link = await mailedLink(newcomer.email, 'emailverification');
    history.replaceState(null, '', `${location.pathname}${link.search}`);
    const el = openAddressModal()!;
    expect(el.localName).to.equal('vf-svod-email-verification');
    const done = await waitFor(() => $(el, 'p[role="status"]:not([aria-busy])'), 'verified');
    expect(done.textContent).to.equal('Thank you! Your email address is confirmed.');
    await expect(el).to.be.accessible();
    const login = await (await api('users/login', { email: newcomer.email, password: newcomer.password })).json();
    expect(login.result.user.email_verification_status).to.equal('approved');
    buttonByText(el, 'Close')!.click();
    await waitUntil(() => !el.isConnected, 'closed and removed');
  });

  it('a refused link says the link no longer works', async () => {
    const el = await fixture<HTMLElement>(html`<vf-svod-email-verification vtoken="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"></vf-svod-email-verification>`);
    const alert = await waitFor(() => $(el, '[role="alert"]'), 'refused');
    expect(alert.textContent).to.equal('This link has expired or was already used.');
  });
});

describe('<LoginDialog> "Forgot password?"', () => {
  it('asks for the email, shows it is busy, and answers without saying whether the account exists', async () => {
    const el = await fixture<HTMLElement>(html`<vf-test-account-dialog></vf-test-account-dialog>`);
    const email = await waitFor(() => $<HTMLInputElement>(el, 'dialog[open] input[name="email"]'), 'login form');
    typeInto(email, 'nobody@example.com');
    buttonByText(el, 'Forgot password?')!.click();
    await waitUntil(() => $(el, 'h2')!.textContent === 'Reset your password', 'forgot view');
    const field = $$<HTMLFormElement>(el, 'form').find((f) => !f.closest('[hidden]'))!.querySelector<HTMLInputElement>('input[name="email"]')!;
    await waitUntil(() => shadow(el).activeElement?.getAttribute('name') === 'email', 'focus on the email field');
    expect(field.value).to.equal('nobody@example.com');
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'Enter' });
    const sent = await waitFor(() => $(el, '[role="status"]'), 'sent');
    expect(sent.textContent).to.equal("If an account uses nobody@example.com, we've sent it a link to choose a new password. The link works for one hour.");
    const event = published.find((e) => e.name === 'reset_success' && (e.payload as { step: string }).step === 'request');
    expect(event?.payload).to.deep.equal({ step: 'request', email: 'nobody@example.com' });

    buttonByText(el, 'Back to log in')!.click();
    await waitUntil(() => $(el, 'h2')!.textContent === 'Log in to join the conversation', 'back to log in');
  });

  it('an empty email is caught before anything is sent; a known reader is mailed a link to this page', async () => {
    const known = await newReader('Fred Forgot');
    const el = await fixture<HTMLElement>(html`<vf-test-account-dialog></vf-test-account-dialog>`);
    await waitFor(() => $(el, 'dialog[open]'), 'open');
    buttonByText(el, 'Forgot password?')!.click();
    await waitUntil(() => $(el, 'h2')!.textContent === 'Reset your password', 'forgot view');
    const form = $$<HTMLFormElement>(el, 'form').find((f) => !f.closest('[hidden]'))!;
    const field = form.querySelector<HTMLInputElement>('input[name="email"]')!;
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => form.querySelector('.vf-field .vf-error')?.textContent === 'Enter your email address.', 'required');
    typeInto(field, known.email);
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    // The busy state may last only a moment: record every state the button went through.
    const states: string[] = [];
    const watcher = new MutationObserver(() => states.push(`${submit.getAttribute('aria-busy')}:${submit.textContent}`));
    watcher.observe(submit, { attributes: true, childList: true, characterData: true, subtree: true });
    submit.click();
    await waitFor(() => $(el, '[role="status"]'), 'sent');
    watcher.disconnect();
    expect(states).to.include('true:Sending…');
    const link = await mailedLink(known.email, 'reset');
    expect(link.origin + link.pathname).to.equal(location.origin + location.pathname);
  });
});
