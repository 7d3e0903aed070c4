/**
 * <vf-tray>'s settings view: a reader's email notifications (docs/notifications.md "Email") against
 * the real server. A new reader sees the defaults (immediately, every category); changing how often
 * and a category, then Save, says "Saved." and the server keeps them: the view read again (a
 * reload) shows the server's answer. Never sets the categories aside. All of it by keyboard only.
 * An unconfirmed address is told mails go to confirmed ones only; the mails' link opens the view.
 * Then loading, error (Try again), offline, failed save and guest states, each checked with axe,
 * and the text in French and Arabic.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-tray/define.ts';
import { baseApi } from '../../core/api/base.ts';
import type { MailPreferences } from '../../core/mail/types.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { wentOffline, wentOnline } from '../../core/network/slice.ts';
import { selectCurrentUser, userUpdated } from '../../core/session/slice.ts';
import { getStore } from '../../core/store/index.ts';
import { bootCore } from './support/boot.ts';
import { newReader, testConfig, type Reader } from './support/api.ts';
import { $, $$, buttonByText, deepActiveElement, shadow, transitionsDone, waitFor } from './support/dom.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';
import { trayIn } from './support/tray.ts';

async function serverPreferences(reader: Reader): Promise<MailPreferences> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/users/me/email-preferences?section=${siteUuid}`, { headers: { authorization: `Bearer ${reader.token}` } });
  return ((await res.json()) as { result: MailPreferences }).result;
}

const panel = (el: Element) => $(el, '[part="email-settings"]');
const form = (el: Element) => $<HTMLFormElement>(el, '[part="email-settings-form"]');
const status = (el: Element) => $(el, '.vf-email-settings__status[role="status"]')?.textContent ?? '';
/** The radio or checkbox whose label reads `label`. */
function choice(el: Element, label: string): HTMLInputElement {
  const found = $$<HTMLLabelElement>(el, '.vf-email-settings__choice').find((l) => l.textContent?.trim() === label);
  if (!found) throw new Error(`no choice “${label}”`);
  return found.querySelector('input')!;
}
const checkedFrequency = (el: Element) => $$<HTMLInputElement>(el, '[part="email-frequency"] input').find((i) => i.checked)?.value;
const categories = (el: Element) => $<HTMLFieldSetElement>(el, '[part="email-categories"]')!;

/** The settings view shown anew, its answer to be read again from the server (what a reload does). */
async function showSettingsAgain(el: Element): Promise<void> {
  getStore().dispatch(baseApi.util.resetApiState());
  trayActions.changeTab('feed');
  await waitFor(() => !panel(el), 'settings left');
  trayActions.changeTab('settings');
}

/** showSettingsAgain, then the form with the server's answer. */
async function reopenSettings(el: Element): Promise<void> {
  await showSettingsAgain(el);
  await waitFor(() => form(el), 'settings form');
}

describe('<vf-tray> settings: email notifications', () => {
  let reader: Reader;
  let el: Element;

  before(async () => {
    await bootCore();
    reader = await newReader('Esme Email');
    await logIn(reader);
    el = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
    trayActions.open('settings');
    await waitFor(() => form(el), 'email settings');
  });

  after(() => trayActions.close());

  it('shows the server’s defaults: immediately, every category on', async () => {
    expect(panel(el)!.querySelector('h3')!.textContent).to.equal('Email notifications');
    expect($(el, '[part="email-frequency"] legend')!.textContent).to.equal('How often');
    expect($$(el, '[part="email-frequency"] label').map((l) => l.textContent)).to.deep.equal(['Immediately', 'Hourly digest', 'Daily digest', 'Never']);
    expect(checkedFrequency(el)).to.equal('immediate');
    expect($(el, '[part="email-categories"] legend')!.textContent).to.equal('Email me about');
    expect($$<HTMLInputElement>(el, '[part="email-categories"] input').map((i) => i.checked)).to.deep.equal([true, true, true, true, true]);
    expect(choice(el, 'New posts in live blogs I follow').checked).to.equal(true);
    // A strict CSP (no 'unsafe-inline' styles): no style attribute or <style>, a constructed sheet.
    expect(panel(el)!.querySelectorAll('[style], style').length).to.equal(0);
    const sheets = shadow(el).adoptedStyleSheets;
    expect(sheets.some((sheet) => [...sheet.cssRules].some((rule) => (rule as CSSStyleRule).selectorText === '.vf-email-settings'))).to.equal(true);
    await transitionsDone(el);
    await expect(el).to.be.accessible();
  });

  it('a changed frequency and category are saved, announced, and kept by the server', async () => {
    choice(el, 'Daily digest').click();
    choice(el, 'New posts in live blogs I follow').click();
    buttonByText(el, 'Save')!.click();
    await waitFor(() => status(el) === 'Saved.', 'saved');
    const kept = await serverPreferences(reader);
    expect(kept.email_notice_frequency).to.equal('daily');
    expect(kept.categories).to.deep.equal({ reply: true, pick: true, moderation: true, page_follow: true, liveblog_follow: false });
    await transitionsDone(el);
    await expect(el).to.be.accessible();

    await reopenSettings(el);
    expect(checkedFrequency(el)).to.equal('daily');
    expect(choice(el, 'New posts in live blogs I follow').checked).to.equal(false);
    expect(choice(el, 'Replies to my comments').checked).to.equal(true);
  });

  it('Never sets the categories aside, saying why; the server keeps off', async () => {
    choice(el, 'Never').click();
    await waitFor(() => categories(el).disabled, 'categories disabled');
    const hint = $(el, '[part="email-categories"] .vf-email-settings__hint')!;
    expect(hint.textContent).to.equal('You get no emails while “Never” is chosen.');
    expect(categories(el).getAttribute('aria-describedby')).to.equal(hint.id);
    await transitionsDone(el);
    await expect(el).to.be.accessible();
    buttonByText(el, 'Save')!.click();
    await waitFor(() => status(el) === 'Saved.', 'saved');
    expect((await serverPreferences(reader)).email_notice_frequency).to.equal('off');
    await reopenSettings(el);
    expect(checkedFrequency(el)).to.equal('off');
    expect(categories(el).disabled).to.equal(true);
  });

  it('keyboard only: arrows in the radio group, Tab to every control, Space and Enter', async () => {
    choice(el, 'Never').focus();
    await sendKeys({ press: 'ArrowUp' });
    expect(deepActiveElement()).to.equal(choice(el, 'Daily digest'));
    await sendKeys({ press: 'ArrowUp' });
    expect(checkedFrequency(el)).to.equal('hourly');
    await waitFor(() => !categories(el).disabled, 'categories usable again');
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(choice(el, 'Replies to my comments'));
    await sendKeys({ press: 'Space' });
    expect(choice(el, 'Replies to my comments').checked).to.equal(false);
    for (const label of ['My comment picked by the editors', 'My held comment approved or rejected', 'New comments on pages I follow', 'New posts in live blogs I follow']) {
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(choice(el, label));
    }
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(buttonByText(el, 'Save'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => status(el) === 'Saved.', 'saved');
    expect(deepActiveElement()).to.equal(buttonByText(el, 'Save'));
    const kept = await serverPreferences(reader);
    expect(kept).to.deep.equal({
      email_notice_frequency: 'hourly',
      categories: { reply: false, pick: true, moderation: true, page_follow: true, liveblog_follow: true },
    });
  });

  it('an unconfirmed address is told mails go to confirmed ones only', async () => {
    const user = selectCurrentUser(getStore().getState())!;
    getStore().dispatch(userUpdated({ ...user, email_verification_status: 'pending' }));
    try {
      const note = await waitFor(() => $(el, '[part="email-unconfirmed"]'), 'unconfirmed note');
      expect(note.querySelector('p')!.textContent).to.equal('Emails go only to a confirmed address.');
      await transitionsDone(el);
      await expect(el).to.be.accessible();
      getStore().dispatch(userUpdated({ ...user, email_verification_status: 'approved' }));
      await waitFor(() => !$(el, '[part="email-unconfirmed"]'), 'note gone once confirmed');
    } finally {
      getStore().dispatch(userUpdated(user));
    }
  });

  it('a page opened with #vf-email-preferences (the mails’ link) opens the settings', async () => {
    trayActions.changeTab('feed');
    trayActions.close();
    document.querySelector('vf-tray')?.remove();
    history.replaceState(null, '', '#vf-email-preferences');
    try {
      const fresh = document.createElement('vf-tray');
      document.body.append(fresh);
      el = fresh;
      await waitFor(() => fresh.shadowRoot?.querySelector('dialog[open] [part="email-settings-form"]'), 'settings opened by the link');
      expect($(el, '#vf-settings-tab')!.getAttribute('aria-selected')).to.equal('true');
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  describe('states', () => {
    it('loading: a placeholder reserving the form’s place', async () => {
      const held = throttleFetch({ pattern: /\/users\/me\/email-preferences/, method: 'GET' });
      try {
        await showSettingsAgain(el);
        const skeleton = await waitFor(() => panel(el)?.querySelector('.vf-skeleton'), 'skeleton');
        expect(skeleton.getAttribute('aria-label')).to.equal('Loading…');
        expect(skeleton.getBoundingClientRect().height).to.be.greaterThan(200);
        await expect(el).to.be.accessible();
      } finally {
        held.release();
        held.restore();
      }
      await waitFor(() => form(el), 'loaded');
    });

    it('an error offers Try again, which loads', async () => {
      const failing = throttleFetch({ pattern: /\/users\/me\/email-preferences/, method: 'GET', failures: 1 });
      try {
        await showSettingsAgain(el);
        const alert = await waitFor(() => panel(el)?.querySelector('[part="error"]'), 'error');
        expect(alert.getAttribute('role')).to.equal('alert');
        expect(alert.querySelector('p')!.textContent).to.equal('Your email preferences couldn’t be loaded.');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Try again')!.click();
        await waitFor(() => form(el), 'loaded after retry');
      } finally {
        failing.restore();
      }
    });

    it('a failed save is said at once; the choice stays to save again', async () => {
      const failing = throttleFetch({ pattern: /\/users\/me\/email-preferences/, method: 'POST', failures: 1 });
      try {
        choice(el, 'Immediately').click();
        buttonByText(el, 'Save')!.click();
        const alert = await waitFor(() => form(el)!.querySelector('.vf-error[role="alert"]'), 'save error');
        expect(alert.textContent).to.equal('Can\'t reach the server. Check your connection and try again.');
        expect(checkedFrequency(el)).to.equal('immediate');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Save')!.click();
        await waitFor(() => status(el) === 'Saved.', 'saved on the second try');
        expect(form(el)!.querySelector('.vf-error')).to.equal(null);
      } finally {
        failing.restore();
      }
      expect((await serverPreferences(reader)).email_notice_frequency).to.equal('immediate');
    });

    it('offline: the form is disabled, saying why', async () => {
      getStore().dispatch(wentOffline());
      try {
        const note = await waitFor(() => panel(el)?.querySelector('[part="offline"]'), 'offline note');
        expect(note.textContent).to.equal('You’re offline. Changing your email preferences needs a connection.');
        expect($<HTMLFieldSetElement>(el, '[part="email-frequency"]')!.disabled).to.equal(true);
        expect(categories(el).disabled).to.equal(true);
        expect(buttonByText(el, 'Save')!.disabled).to.equal(true);
        await transitionsDone(el);
        await expect(el).to.be.accessible();
      } finally {
        getStore().dispatch(wentOnline());
      }
      await waitFor(() => !buttonByText(el, 'Save')!.disabled, 'online again');
    });

    it('a guest is asked to log in', async () => {
      await logOut();
      const guest = await waitFor(() => $(el, '.vf-tray__settings--guest'), 'guest view');
      expect(guest.querySelector('p')!.textContent).to.equal('Log in to choose which emails you get.');
      expect(buttonByText(el, 'Log in')).to.not.equal(null);
      expect(panel(el)).to.equal(null);
      await transitionsDone(el);
      await expect(el).to.be.accessible();
      await logIn(reader);
      await waitFor(() => form(el), 'form again after logging in');
    });
  });

  describe('languages', () => {
    after(async () => {
      el = await trayIn(undefined, 'settings', 'dialog[open] [part="email-settings-form"]');
    });

    for (const [language, heading, daily, save] of [
      ['fr-fr', 'Notifications par e-mail', 'Résumé quotidien', 'Enregistrer'],
      ['ar-ar', 'إشعارات البريد الإلكتروني', 'ملخص يومي', 'حفظ'],
    ] as const) {
      it(`${language}: the email settings are translated`, async () => {
        el = await trayIn(language, 'settings', 'dialog[open] [part="email-settings-form"]');
        expect(panel(el)!.querySelector('h3')!.textContent).to.equal(heading);
        expect(choice(el, daily)).to.not.equal(null);
        expect(buttonByText(el, save)).to.not.equal(null);
        await transitionsDone(el);
        await expect(el).to.be.accessible();
      });
    }
  });
});
