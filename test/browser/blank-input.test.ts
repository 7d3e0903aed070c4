/**
 * The widgets' forms treat text that shows nothing (zero-width spaces, Hangul fillers, the
 * braille blank, bidi controls: core/text/blankText.ts) as empty, as the server does.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { createElement as h, useState } from 'react';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { Editor } from '../../elements/ui/Editor.tsx';
import { LoginDialog } from '../../elements/ui/LoginDialog.tsx';
import { $, $$, typeInto, waitFor } from './support/dom.ts';

const BLANKS = ['\u200B', '\u2800', '\u3164', '\u202E\u2066', ' \u00AD\n\u034F '];

const submitted: string[] = [];
function ComposeDemo() {
  return h(Editor, {
    draftKey: 'blank-input-test',
    label: 'Comment',
    submitLabel: 'Post',
    onSubmit: async (text: string) => {
      submitted.push(text);
      return true;
    },
  });
}
defineElement('vf-test-blank-editor', { component: ComposeDemo, props: {} });

function DialogDemo() {
  const [open, setOpen] = useState(true);
  return h(LoginDialog, { open, onClose: () => setOpen(false) });
}
defineElement('vf-test-blank-dialog', { component: DialogDemo, props: {} });

describe('text that shows nothing is empty in the forms', () => {
  it('the compose box cannot post it', async () => {
    localStorage.removeItem('vf:draft:blank-input-test');
    const el = await fixture(html`<vf-test-blank-editor></vf-test-blank-editor>`);
    const field = await waitFor(() => $<HTMLTextAreaElement>(el, 'textarea'), 'field');
    const button = $<HTMLButtonElement>(el, 'button[type="submit"]')!;
    for (const blank of BLANKS) {
      typeInto(field, blank);
      await waitUntil(() => field.value === blank, 'typed');
      expect(button.disabled, JSON.stringify(blank)).to.equal(true);
      button.click();
    }
    typeInto(field, '\u200Bhi');
    await waitUntil(() => !button.disabled, 'visible text can be posted');
    button.click();
    await waitUntil(() => submitted.length === 1, 'posted');
    expect(submitted).to.deep.equal(['\u200Bhi']);
  });

  it('sign-up asks for a name made only of invisible characters', async () => {
    for (const blank of BLANKS.filter((text) => !text.includes('\n'))) {
      const el = await fixture(html`<vf-test-blank-dialog></vf-test-blank-dialog>`);
      await waitFor(() => $(el, 'dialog[open]'), 'open');
      $$<HTMLButtonElement>(el, '[role="tab"]')[1]!.click();
      const name = await waitFor(() => $<HTMLInputElement>(el, 'input[name="name"]'), 'name field');
      typeInto(name, blank);
      typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, 'a@example.com');
      typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, 'long-enough-1');
      $<HTMLButtonElement>(el, 'form button[type="submit"]')!.click();
      await waitUntil(() => $$(el, '.vf-field .vf-error').length > 0, `checked: ${JSON.stringify(blank)}`);
      expect($$(el, '.vf-field .vf-error').map((e) => e.textContent)).to.deep.equal(['Enter your name.'], JSON.stringify(blank));
      expect(name.getAttribute('aria-invalid')).to.equal('true');
    }
  });
});
