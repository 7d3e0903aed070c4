/**
 * The shared UI pieces (elements/ui) and the element wrapper, each mounted inside a small
 * test element made with defineElement so it gets the real WidgetRoot (store, i18n).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { ctrlEnter } from './support/keys.ts';
import { createElement as h, useState } from 'react';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { Avatar } from '../../elements/ui/Avatar.tsx';
import { Editor } from '../../elements/ui/Editor.tsx';
import { LoginDialog } from '../../elements/ui/LoginDialog.tsx';
import { RelativeTime } from '../../elements/ui/RelativeTime.tsx';
import { $, $$, shadow, typeInto, waitFor } from './support/dom.ts';
import { newReader } from './support/api.ts';
import { bootCore } from './support/boot.ts';

interface ProbeProps {
  label?: string;
  count?: number;
}
function Probe(props: ProbeProps) {
  return h('output', null, JSON.stringify(props));
}
defineElement<ProbeProps>('vf-test-probe', { component: Probe, props: { label: 'string', count: 'number' }, css: '.x{}' });

function AvatarDemo(props: { name?: string; src?: string }) {
  return h(Avatar, { name: props.name ?? 'Grace Hopper', src: props.src ?? null });
}
defineElement('vf-test-avatar', { component: AvatarDemo, props: { name: 'string', src: 'string' } });

function TimeDemo(props: { ago?: number }) {
  return h(RelativeTime, { time: Date.now() - (props.ago ?? 0) });
}
defineElement('vf-test-time', { component: TimeDemo, props: { ago: 'number' } });

const submitted: string[] = [];
function EditorDemo(props: { fail?: boolean; draft?: string }) {
  return h(Editor, {
    draftKey: props.draft ?? 'ui-test',
    label: 'Comment',
    submitLabel: 'Post',
    onSubmit: async (text: string) => {
      submitted.push(text);
      return !props.fail;
    },
  });
}
defineElement('vf-test-editor', { component: EditorDemo, props: { fail: 'boolean', draft: 'string' } });

function DialogDemo() {
  const [open, setOpen] = useState(true);
  return h('div', null, h('button', { id: 'reopen', onClick: () => setOpen(true) }, 'open'), h(LoginDialog, { open, onClose: () => setOpen(false) }));
}
defineElement('vf-test-dialog', { component: DialogDemo, props: {} });

const rendered = async (el: Element, selector: string) => waitFor(() => $<HTMLElement>(el, selector), `${selector} rendered`);
const probeProps = (el: Element) => JSON.parse($(el, 'output')?.textContent ?? '{}') as ProbeProps;

describe('defineElement', () => {
  it('registers a tag once; defining it again is a no-op that does not throw', () => {
    const first = customElements.get('vf-test-probe');
    const again = defineElement('vf-test-probe', { component: () => null, props: {} });
    expect(again).to.equal(first);
  });

  it('renders in an open shadow root with the tokens, shared, nested elements\' boxes and element sheets adopted', async () => {
    const el = await fixture(html`<vf-test-probe label="hi"></vf-test-probe>`);
    await rendered(el, 'output');
    expect(shadow(el).adoptedStyleSheets).to.have.length(4);
    expect(getComputedStyle(el).getPropertyValue('--_vf-radius').trim()).to.equal('8px');
  });

  it('takes a publisher\'s --vf-* theme from any ancestor, e.g. :root or a wrapper', async () => {
    const wrapper = await fixture(html`<div style="--vf-radius: 2px; --vf-color-accent: rgb(1, 2, 3)">
      <vf-test-probe></vf-test-probe></div>`);
    const el = wrapper.querySelector('vf-test-probe')!;
    await rendered(el, 'output');
    expect(getComputedStyle(el).getPropertyValue('--_vf-radius').trim()).to.equal('2px');
    expect(getComputedStyle(el).getPropertyValue('--_vf-color-accent').trim()).to.equal('rgb(1, 2, 3)');
  });

  it('maps attributes to typed props and resets a prop when its attribute is removed', async () => {
    const el = await fixture(html`<vf-test-probe label="hi" count="3"></vf-test-probe>`);
    await rendered(el, 'output');
    expect(probeProps(el)).to.deep.equal({ label: 'hi', count: 3 });
    el.setAttribute('count', '7');
    await waitUntil(() => probeProps(el).count === 7, 'count updated');
    el.removeAttribute('count');
    await waitUntil(() => !('count' in probeProps(el)), 'count reset');
    el.removeAttribute('label');
    await waitUntil(() => !('label' in probeProps(el)), 'label reset');
  });

  it('takes over properties an app set before the tag was defined', async () => {
    const el = document.createElement('vf-test-late') as HTMLElement & ProbeProps;
    el.label = 'set early';
    el.count = 4;
    defineElement<ProbeProps>('vf-test-late', { component: Probe, props: { label: 'string', count: 'number' } });
    const parent = await fixture(html`<div></div>`);
    parent.append(el);
    await rendered(el, 'output');
    expect(probeProps(el)).to.deep.equal({ label: 'set early', count: 4 });
    expect(Object.hasOwn(el, 'label')).to.equal(false);
    el.count = 5;
    await waitUntil(() => probeProps(el).count === 5, 'a later property reaches the component');
  });
});

describe('<Avatar>', () => {
  it('shows initials on a coloured circle when there is no picture', async () => {
    const el = await fixture(html`<vf-test-avatar name="Grace Brewster Hopper"></vf-test-avatar>`);
    const avatar = await rendered(el, '.vf-avatar');
    expect(avatar.textContent).to.equal('GH');
    expect(avatar.style.background).to.match(/rgb|hsl/);
    expect(avatar.getAttribute('aria-hidden')).to.equal('true');
  });

  it('falls back to initials when the image fails to load', async () => {
    const el = await fixture(html`<vf-test-avatar name="Ada" src="/no-such-picture.png"></vf-test-avatar>`);
    await rendered(el, '.vf-avatar');
    await waitUntil(() => $(el, '.vf-avatar')?.textContent === 'A', 'initials after the image error');
    expect($(el, 'img')).to.equal(null);
  });

  it('is 40 px wide above 480 px of viewport width', async () => {
    const el = await fixture(html`<vf-test-avatar name="Ada"></vf-test-avatar>`);
    const avatar = await rendered(el, '.vf-avatar');
    expect(window.innerWidth).to.be.above(480);
    expect(avatar.getBoundingClientRect().width).to.equal(40);
  });
});

describe('<RelativeTime>', () => {
  it('says how long ago, with the machine date and a full-date title', async () => {
    const el = await fixture(html`<vf-test-time ago="300000"></vf-test-time>`);
    const time = await rendered(el, 'time');
    expect(time.textContent).to.equal('5 minutes ago');
    expect(new Date(time.getAttribute('datetime')!).getTime()).to.be.closeTo(Date.now() - 300000, 5000);
    expect(time.getAttribute('title')).to.match(/\d{4}/);
  });

  it('uses hours, days, one month, then a long date', async () => {
    const hour = 3600_000;
    const cases: Array<[number, RegExp]> = [
      [3 * hour, /^3 hours ago$/],
      [2 * 24 * hour, /^2 days ago$/],
      [40 * 24 * hour, /^last month$/],
      [120 * 24 * hour, /^[A-Z][a-z]+ \d{1,2}, \d{4}$/],
    ];
    for (const [ago, expected] of cases) {
      const el = await fixture(html`<vf-test-time ago=${ago}></vf-test-time>`);
      const time = await rendered(el, 'time');
      expect(time.textContent).to.match(expected);
    }
  });
});

describe('<Editor>', () => {
  beforeEach(() => {
    submitted.length = 0;
    localStorage.removeItem('vf:draft:ui-test');
  });

  it('labels its field and submits with Ctrl+Enter', async () => {
    const el = await fixture(html`<vf-test-editor></vf-test-editor>`);
    const field = await rendered(el, 'textarea') as HTMLTextAreaElement;
    expect($(el, `label[for="${field.id}"]`)?.textContent).to.equal('Comment');
    field.focus();
    await sendKeys({ type: 'Hello there' });
    await ctrlEnter();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.equal('Hello there');
    await waitUntil(() => field.value === '', 'cleared after success');
  });

  it('keeps the text and its draft when the submit fails, and restores the draft later', async () => {
    const el = await fixture(html`<vf-test-editor fail></vf-test-editor>`);
    const field = await rendered(el, 'textarea') as HTMLTextAreaElement;
    typeInto(field, 'Do not lose me');
    $<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(field.value).to.equal('Do not lose me');
    expect(localStorage.getItem('vf:draft:ui-test')).to.equal('Do not lose me');
    const again = await fixture(html`<vf-test-editor></vf-test-editor>`);
    const restored = await rendered(again, 'textarea') as HTMLTextAreaElement;
    expect(restored.value).to.equal('Do not lose me');
  });

  it('shows a character counter near the 10000 limit and blocks longer text', async () => {
    const el = await fixture(html`<vf-test-editor></vf-test-editor>`);
    const field = await rendered(el, 'textarea') as HTMLTextAreaElement;
    expect($(el, '.vf-editor__counter')).to.equal(null);
    typeInto(field, 'x'.repeat(9500));
    await waitUntil(() => $(el, '.vf-editor__counter')?.textContent === '500 characters left', 'counter');
    typeInto(field, 'x'.repeat(10002));
    await waitUntil(() => $(el, '.vf-editor__counter')?.textContent === '2 characters over the limit', 'over');
    expect($<HTMLButtonElement>(el, 'button[type="submit"]')!.disabled).to.equal(true);
    expect(field.getAttribute('aria-invalid')).to.equal('true');
  });
});

describe('<LoginDialog>', () => {
  it('opens as a modal dialog with focus on the first field', async () => {
    const el = await fixture(html`<vf-test-dialog></vf-test-dialog>`);
    const dialog = await rendered(el, 'dialog') as HTMLDialogElement;
    await waitUntil(() => dialog.open, 'open');
    expect(dialog.matches(':modal')).to.equal(true);
    expect(shadow(el).activeElement?.getAttribute('name')).to.equal('email');
  });

  it('validates fields before calling the server', async () => {
    const el = await fixture(html`<vf-test-dialog></vf-test-dialog>`);
    await rendered(el, 'dialog[open]');
    $<HTMLButtonElement>(el, 'form button[type="submit"]')!.click();
    await waitUntil(() => $$(el, '.vf-field .vf-error').length === 2, 'required messages');
    expect($$(el, '.vf-field .vf-error').map((e) => e.textContent)).to.deep.equal(['Enter your email address.', 'Enter your password.']);
    typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, 'not-an-email');
    await waitUntil(() => $(el, '.vf-field .vf-error')?.textContent === 'Enter an email address like name@example.com.', 'format');

    $$<HTMLButtonElement>(el, '[role="tab"]')[1]!.click();
    await rendered(el, 'input[name="name"]');
    typeInto($<HTMLInputElement>(el, 'input[name="name"]')!, 'n'.repeat(51));
    typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, 'a@example.com');
    typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, 'short');
    $<HTMLButtonElement>(el, 'form button[type="submit"]')!.click();
    await waitUntil(() => $$(el, '.vf-field .vf-error').length === 2, 'sign-up messages');
    expect($$(el, '.vf-field .vf-error').map((e) => e.textContent)).to.deep.equal([
      'Your name can be at most 50 characters.',
      'Use at least 8 characters.',
    ]);
    const name = $<HTMLInputElement>(el, 'input[name="name"]')!;
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(shadow(el).getElementById(name.getAttribute('aria-describedby')!)?.textContent).to.match(/50/);
  });

  it('closes with Escape and with its close button', async () => {
    const el = await fixture(html`<vf-test-dialog></vf-test-dialog>`);
    const dialog = await rendered(el, 'dialog[open]') as HTMLDialogElement;
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog.open, 'closed by Escape');
    $<HTMLButtonElement>(el, '#reopen')!.click();
    await waitUntil(() => dialog.open, 'reopened');
    $<HTMLButtonElement>(el, '.vf-dialog__header button')!.click();
    await waitUntil(() => !dialog.open, 'closed by the button');
  });

  it('shows the server\'s answers: a taken email under the email field, bad credentials as a form error', async () => {
    await bootCore();
    const existing = await newReader('Taken Email');
    const el = await fixture(html`<vf-test-dialog></vf-test-dialog>`);
    await rendered(el, 'dialog[open]');
    typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, existing.email);
    typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, 'not the password');
    $<HTMLButtonElement>(el, 'form button[type="submit"]')!.click();
    await waitFor(() => $(el, '.vf-form__error'), 'form error');
    expect($(el, '.vf-form__error')?.textContent).to.equal('Incorrect email or password.');
    expect($(el, '.vf-form__error')?.getAttribute('role')).to.equal('alert');

    $$<HTMLButtonElement>(el, '[role="tab"]')[1]!.click();
    typeInto(await rendered(el, 'input[name="name"]') as HTMLInputElement, 'Someone Else');
    typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, 'a long enough password');
    $<HTMLButtonElement>(el, 'form button[type="submit"]')!.click();
    const email = $<HTMLInputElement>(el, 'input[name="email"]')!;
    await waitUntil(() => email.getAttribute('aria-invalid') === 'true', 'email marked invalid');
    expect(shadow(el).getElementById(email.getAttribute('aria-describedby')!)?.textContent).to.equal(
      'An account with this email already exists. Log in instead.',
    );
  });

  it('is accessible', async () => {
    const el = await fixture(html`<vf-test-dialog></vf-test-dialog>`);
    await rendered(el, 'dialog[open]');
    await expect(el).to.be.accessible();
  });
});
