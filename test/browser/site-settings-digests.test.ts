/**
 * <vf-site-settings>'s email digest controls against the real server: the admin picks the daily
 * digest's hour and types its time zone with the keyboard alone, saves, and the server's answer
 * keeps both; a time zone the server does not know is refused next to its field; axe in each state.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-site-settings/define.ts';
import { getStore } from '../../core/store/index.ts';
import { bootCore } from './support/boot.ts';
import { $, shadow, typeInto, waitFor } from './support/dom.ts';
import { tabTo } from './support/keys.ts';
import { logIn, logOut } from './support/login.ts';
import { setSiteSettings } from './support/moderation.ts';
import { ADMIN, descriptionsOf, mountSiteSettings, serverSettings } from './support/siteSettings.ts';

const HOUR = 'email_digest_hour';
const ZONE = 'email_digest_time_zone';

const site = (el: Element) => $(el, '[part~="section"][part~="site"]')!;
const status = (el: Element) => site(el).querySelector('[part="status"]')?.textContent ?? '';
const hourSelect = (el: Element) => $<HTMLSelectElement>(el, `select[name="${HOUR}"]`);
const zoneInput = (el: Element) => $<HTMLInputElement>(el, `input[name="${ZONE}"]`);
const labelOf = (el: Element, field: HTMLElement) => shadow(el).querySelector(`label[for="${field.id}"]`)?.textContent;
const save = (el: Element) => [...site(el).querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save')!.click();

describe('<vf-site-settings>: email digests', () => {
  before(async () => {
    await bootCore();
    await logIn(ADMIN);
    await setSiteSettings({ [HOUR]: 8, [ZONE]: 'UTC' });
  });
  after(async () => {
    await setSiteSettings({ [HOUR]: 8, [ZONE]: 'UTC' });
    await logOut();
  });

  it('the hour (00:00–23:00) and the time zone sit with the accounts switches, labelled and explained; axe finds nothing', async () => {
    const el = await mountSiteSettings();
    const hour = await waitFor(() => hourSelect(el), 'hour select');
    const zone = zoneInput(el)!;
    expect(hour.closest('fieldset')!.querySelector('legend')!.textContent).to.equal('Accounts and login');
    expect(zone.closest('fieldset')).to.equal(hour.closest('fieldset'));
    expect(labelOf(el, hour)).to.equal('Daily digest hour');
    expect(labelOf(el, zone)).to.equal('Time zone of the daily digest');
    expect(descriptionsOf(el, hour)).to.deep.equal(['Daily digests are sent at this hour in this time zone.']);
    expect([...hour.options].map((o) => o.textContent)).to.deep.equal(Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`));
    expect(hour.value).to.equal('8');
    expect(zone.value).to.equal('UTC');
    // The browser's IANA names are offered as the admin types.
    const suggestions = [...shadow(el).getElementById(zone.getAttribute('list')!)!.querySelectorAll('option')].map((o) => o.value);
    expect(suggestions).to.include.members(['UTC', 'Europe/Berlin', 'America/New_York']);
    await expect(el).to.be.accessible();
  });

  it('the admin changes both with the keyboard alone and saves: the server answers them and keeps them', async () => {
    const el = await mountSiteSettings();
    await waitFor(() => hourSelect(el), 'hour select');
    (el.parentElement!.querySelector('#before') as HTMLButtonElement).focus();
    const hour = (await tabTo(el, (f) => f.getAttribute('name') === HOUR)) as HTMLSelectElement;
    await sendKeys({ press: 'ArrowDown' }); // 08:00 → 09:00
    expect(hour.value).to.equal('9');
    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement).to.equal(zoneInput(el));
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'a' });
    await sendKeys({ up: 'Control' });
    await sendKeys({ type: 'Europe/Berlin' });
    expect(zoneInput(el)!.value).to.equal('Europe/Berlin');
    await tabTo(el, (f) => f.matches('[part~="section"][part~="site"] [part~="save"]'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => status(el) === 'Saved', 'saved');

    const settings = getStore().getState().session.settings!; // the server's answer, as the page keeps it
    expect([settings[HOUR], settings[ZONE]]).to.deep.equal([9, 'Europe/Berlin']);
    const stored = await serverSettings();
    expect([stored[HOUR], stored[ZONE]]).to.deep.equal([9, 'Europe/Berlin']);
    expect([hourSelect(el)!.value, zoneInput(el)!.value]).to.deep.equal(['9', 'Europe/Berlin']);
    await expect(el).to.be.accessible();
  });

  it('a time zone the server does not know is refused next to its field, which takes the focus; what was typed stays', async () => {
    const el = await mountSiteSettings();
    const zone = await waitFor(() => zoneInput(el), 'time zone field');
    typeInto(zone, 'Mars/Olympus_Mons');
    save(el);
    await waitFor(() => zone.getAttribute('aria-invalid') === 'true', 'marked invalid');
    expect(descriptionsOf(el, zone).join(' ')).to.contain('email_digest_time_zone must be an IANA time zone name');
    await waitFor(() => shadow(el).activeElement === zone, 'the focus on the refused field');
    expect(zone.value).to.equal('Mars/Olympus_Mons');
    expect(status(el)).to.equal('Not saved: see the marked field.');
    expect((await serverSettings())[ZONE]).to.not.equal('Mars/Olympus_Mons');
    await expect(el).to.be.accessible();

    typeInto(zone, 'America/New_York');
    save(el);
    await waitFor(() => status(el) === 'Saved', 'saved');
    expect(zone.hasAttribute('aria-invalid')).to.equal(false);
    expect((await serverSettings())[ZONE]).to.equal('America/New_York');
  });
});
