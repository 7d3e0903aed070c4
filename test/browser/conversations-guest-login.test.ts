/**
 * A guest's "Log in" and "Sign up" buttons in <vf-conversations>, against the real server: each
 * opens the login dialog on its tab, by mouse or keyboard; they pass axe; they are gone once the
 * reader is signed in and back after logging out.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { unique } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, shadow, typeInto, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import { logOut } from './support/login.ts';
import '../../elements/vf-conversations/define.ts';

before(() => bootCore());

afterEach(async () => {
  await logOut().catch(() => undefined);
});

const guestButtons = (el: HTMLElement) => $$<HTMLButtonElement>(el, '[part~="guest-login"] button');
const button = (el: HTMLElement, label: string) => guestButtons(el).find((b) => b.textContent === label);
const selectedTab = (el: HTMLElement) => $(el, 'dialog [role="tab"][aria-selected="true"]')?.textContent;
const focusedName = (el: HTMLElement) => shadow(el).activeElement?.getAttribute('name');

async function closeDialog(el: HTMLElement): Promise<void> {
  const dialog = $<HTMLDialogElement>(el, 'dialog[open]')!;
  await sendKeys({ press: 'Escape' });
  await waitUntil(() => !dialog.open, 'dialog closed');
}

describe('<vf-conversations> guest Log in and Sign up', () => {
  it('a guest sees both buttons, each opening the dialog on its tab; axe finds nothing', async () => {
    const el = await mountConversations(unique('guest-buttons'));
    await waitFor(() => guestButtons(el).length === 2, 'guest buttons');
    expect(guestButtons(el).map((b) => b.textContent)).to.deep.equal(['Log in', 'Sign up']);
    expect($(el, '[part~="guest-login"]')?.getAttribute('aria-label')).to.equal('Log in or sign up');
    await expect(el).to.be.accessible();

    published.length = 0;
    button(el, 'Sign up')!.click();
    await waitFor(() => $(el, 'dialog[open]'), 'dialog open');
    await waitUntil(() => focusedName(el) === 'name', 'focus on the name field');
    expect(selectedTab(el)).to.equal('Sign up');
    expect($(el, 'dialog h2')?.textContent).to.equal('Create your account');
    // Asked like any guest attempt: site code may run its own login instead.
    const auth = published.filter((p) => p.channel === 'authentication').map((p) => [p.name, p.payload]);
    expect(auth).to.deep.include.members([['required', { action: 'signup' }], ['needed', { action: 'signup' }]]);
    await closeDialog(el);

    button(el, 'Log in')!.click();
    await waitFor(() => $(el, 'dialog[open]'), 'dialog open again');
    await waitUntil(() => focusedName(el) === 'email', 'focus on the email field');
    expect(selectedTab(el)).to.equal('Log in');
    expect($(el, 'dialog h2')?.textContent).to.equal('Log in to join the conversation');
    await closeDialog(el);
  });

  it('are reached with Tab and pressed with Enter or Space; focus comes back on Escape', async () => {
    const host = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
    const el = document.createElement('vf-conversations');
    el.setAttribute('vf-container-id', unique('guest-keys'));
    host.append(el);
    await waitFor(() => guestButtons(el).length === 2, 'guest buttons');
    host.querySelector<HTMLButtonElement>('#before')!.focus();

    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement).to.equal(button(el, 'Log in'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => focusedName(el) === 'email', 'dialog open on Log in');
    expect(selectedTab(el)).to.equal('Log in');
    await closeDialog(el);
    await waitUntil(() => shadow(el).activeElement === button(el, 'Log in'), 'focus back on Log in');

    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement).to.equal(button(el, 'Sign up'));
    await sendKeys({ press: 'Space' });
    await waitUntil(() => focusedName(el) === 'name', 'dialog open on Sign up');
    expect(selectedTab(el)).to.equal('Sign up');
    await closeDialog(el);
  });

  it('are gone once the guest signs up, and back after logging out', async () => {
    const el = await mountConversations(unique('guest-signup'));
    await waitFor(() => button(el, 'Sign up'), 'Sign up button').then((b) => b.click());
    const name = await waitFor(() => $<HTMLInputElement>(el, 'dialog[open] input[name="name"]'), 'sign-up form');
    typeInto(name, 'Grace Hopper');
    typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, `${unique('grace')}@example.com`);
    typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, 'a long enough password');
    $<HTMLButtonElement>(el, '[role="tabpanel"] button[type="submit"]')!.click();
    await waitUntil(() => !$(el, 'dialog[open]'), 'signed up');
    await waitUntil(() => !$(el, '[part~="guest-login"]'), 'the guest buttons are gone');
    expect(guestButtons(el)).to.deep.equal([]);

    await logOut();
    await waitFor(() => guestButtons(el).length === 2, 'back for the guest');
  });
});
