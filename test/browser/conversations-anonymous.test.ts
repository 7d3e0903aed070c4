/**
 * Anonymous comments (site setting enable_anonymous_comments) against the real server: a guest
 * gets a name field instead of the login prompt and posts under that name.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, typeInto, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import { setSiteSettings } from './support/moderation.ts';
import '../../elements/vf-conversations/define.ts';

before(async () => {
  // Before boot: core reads the site settings once, at bootstrap.
  await setSiteSettings({ enable_anonymous_comments: true });
  await bootCore();
});

after(() => setSiteSettings({ enable_anonymous_comments: false }));

describe('<vf-conversations> anonymous comments', () => {
  it('a guest must give a name, then posts under it without logging in', async () => {
    const el = await mountConversations(unique('anonymous'));
    const name = await waitFor(() => $<HTMLInputElement>(el, '[part="anonymous-name"]'), 'name field');
    expect(name.labels?.[0]?.textContent).to.equal('Your name');
    const field = $<HTMLTextAreaElement>(el, '[part~="compose"] textarea')!;
    field.focus();
    expect($(el, 'dialog[open]')).to.equal(null, 'no login prompt');

    typeInto(field, 'Hello without an account');
    $<HTMLButtonElement>(el, '[part~="compose"] button[type="submit"]')!.click();
    const error = await waitFor(() => $(el, '.vf-anonymous-name [role="alert"]'), 'name required');
    expect(error.textContent).to.equal('Enter a name to comment without an account.');
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(field.value).to.equal('Hello without an account', 'the text is kept');
    await expect(el).to.be.accessible();

    typeInto(name, '  Quiet Reader ');
    $<HTMLButtonElement>(el, '[part~="compose"] button[type="submit"]')!.click();
    await waitUntil(() => $(el, '.vf-comment__author')?.textContent === 'Quiet Reader', 'posted under the name');
    expect($(el, '.vf-comment__text')?.textContent).to.equal('Hello without an account');
  });
});
