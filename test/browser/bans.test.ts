/**
 * A banned reader's login dialog: the server's 262151 (login_banned) answer shows as the
 * translated message with the reason and the ban's end date (formatjs `date, long`), or
 * "permanent".
 */
import { expect, fixture, html } from '@open-wc/testing';
import { createElement as h } from 'react';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { LoginDialog } from '../../elements/ui/LoginDialog.tsx';
import { bootCore } from './support/boot.ts';
import { newReader, testConfig, type Reader, adminToken } from './support/api.ts';
import { $, typeInto, waitFor } from './support/dom.ts';

defineElement('vf-test-ban-dialog', { component: () => h(LoginDialog, { open: true, onClose: () => undefined }), props: {} });


async function ban(reader: Reader, body: Record<string, unknown>): Promise<{ date_expired: number | null }> {
  const { apiBase } = testConfig();
  const res = await fetch(`${apiBase}/users/${reader.auth.user.uuid}/ban`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`ban: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { date_expired: number | null } }).result;
}

async function loginError(reader: Reader): Promise<string> {
  const el = await fixture(html`<vf-test-ban-dialog></vf-test-ban-dialog>`);
  await waitFor(() => $(el, 'dialog[open]'), 'dialog open');
  typeInto($<HTMLInputElement>(el, 'input[name="email"]')!, reader.email);
  typeInto($<HTMLInputElement>(el, 'input[name="password"]')!, reader.password);
  $<HTMLButtonElement>(el, 'form button[type="submit"]')!.click();
  const error = await waitFor(() => $(el, '.vf-form__error'), 'form error');
  return error.textContent ?? '';
}

describe('a banned reader logging in', () => {
  before(async () => {
    await bootCore();
  });

  it('sees the readable message with the reason and the end date', async () => {
    const reader = await newReader('Banned Until');
    const given = await ban(reader, { ban_level: 'login', reason: 'Repeated spam', duration_days: 3 });
    // The server sends seconds; the message formats the day in the reader's language.
    const end = new Date(Math.floor(given.date_expired! / 1000) * 1000);
    const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(end);
    expect(await loginError(reader)).to.equal(`This account can't log in to this site right now. This lasts until ${day}. Reason: Repeated spam`);
  });

  it('sees "permanent" for a permanent ban', async () => {
    const reader = await newReader('Banned Forever');
    await ban(reader, { ban_level: 'login', reason: 'Abuse', permanent: true });
    expect(await loginError(reader)).to.equal("This account can't log in to this site right now. This is permanent. Reason: Abuse");
  });
});
