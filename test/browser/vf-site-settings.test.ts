/**
 * <vf-site-settings> against the real server: who may use it, a switch saved by keyboard and read
 * back from the server, the server's refusals next to their fields, webhooks (add, test ping,
 * delivery status), the scorers' write-only keys, its states, axe, another language.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-site-settings/define.ts';
import { moderationSettingsApi } from '../../core/api/moderationSettings.ts';
import { webhooksApi } from '../../core/api/webhooks.ts';
import { wentOffline, wentOnline } from '../../core/network/slice.ts';
import { getStore } from '../../core/store/index.ts';
import { newReader, testConfig, unique } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut } from './support/login.ts';
import { setSiteSettings } from './support/moderation.ts';
import { tabTo } from './support/keys.ts';
import { throttleFetch } from './support/network.ts';
import { ADMIN, descriptionsOf, mountSiteSettings, restoreDemoSpamKey, serverModerationSettings, serverSettings } from './support/siteSettings.ts';

type WithConfig = { vfConfig: Record<string, unknown> };

const section = (el: Element, name: string) => $(el, `[part~="section"][part~="${name}"]`);
const control = (el: Element, name: string) => $<HTMLInputElement>(el, `input[name="${name}"]`);
const textArea = (el: Element, name: string) => $<HTMLTextAreaElement>(el, `textarea[name="${name}"]`);
const status = (el: Element, name: string) => section(el, name)?.querySelector('[part="status"]')?.textContent ?? '';
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const loaded = (el: Element) => !!control(el, 'enable_commenting') && !!$(el, '[part~="webhooks"] form') && !!$(el, '[part~="logins"] ul, [part~="logins"] .vf-sset__none');
/** The button labelled `label` in a part of the element. */
const button = (scope: Element, label: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === label)!;


describe('<vf-site-settings>', () => {
  before(() => bootCore());
  afterEach(() => void getStore().dispatch(wentOnline()));

  describe('who may use it', () => {
    it('a guest is asked to log in as an administrator, and nothing else; axe finds nothing', async () => {
      const el = await mountSiteSettings();
      const prompt = await waitFor(() => $(el, '[part="guest"]'), 'guest prompt');
      expect(prompt.textContent).to.contain("Log in as an administrator to change the site's settings.");
      expect($(el, 'form')).to.equal(null);
      await expect(el).to.be.accessible();
      published.length = 0;
      $<HTMLButtonElement>(el, '[part~="login"]')!.click();
      await waitFor(() => $(el, 'dialog[open]'), 'login dialog open');
      expect(published.filter((p) => p.channel === 'authentication').map((p) => [p.name, p.payload])).to.deep.include.members([['needed', { action: 'site.settings' }]]);
    });

    it('a signed-in reader who is not an admin is told only administrators can change the settings; axe finds nothing', async () => {
      await logIn(await newReader('Settings Reader'));
      try {
        const el = await mountSiteSettings();
        const note = await waitFor(() => $(el, '[part="forbidden"]'), 'forbidden note');
        expect(note.textContent).to.equal("Only the site's administrators can change its settings.");
        expect($(el, 'form')).to.equal(null);
        await expect(el).to.be.accessible();
      } finally {
        await logOut();
      }
    });
  });

  describe('an admin', () => {
    // One login for every admin test: the server limits logins per email.
    before(() => logIn(ADMIN));
    after(async () => {
      await setSiteSettings({ enable_anonymous_comments: false, page_image_hosts: null });
      await restoreDemoSpamKey();
      await logOut();
    });

    it('turns a switch on with the keyboard alone and saves it: "Saved", and the server has it; axe finds nothing', async () => {
      const el = await mountSiteSettings();
      await waitFor(() => loaded(el), 'sections');
      await expect(el).to.be.accessible();
      (el.parentElement!.querySelector('#before') as HTMLButtonElement).focus();
      const box = await tabTo(el, (f) => f.getAttribute('name') === 'enable_anonymous_comments');
      expect((box as HTMLInputElement).checked).to.equal(false);
      expect(box.closest('fieldset')!.querySelector('legend')!.textContent).to.equal('Comments');
      expect(shadow(el).querySelector(`label[for="${box.id}"]`)!.textContent).to.equal('Guests can comment under a name, without an account');
      await sendKeys({ press: ' ' });
      expect((box as HTMLInputElement).checked).to.equal(true);
      await tabTo(el, (f) => f.matches('[part~="section"][part~="site"] [part~="save"]'));
      await sendKeys({ press: 'Enter' });
      await waitFor(() => status(el, 'site') === 'Saved', 'saved');
      expect(section(el, 'site')!.querySelector('[part="status"]')!.getAttribute('role')).to.equal('status');
      expect((await serverSettings()).enable_anonymous_comments).to.equal(true);
      // The page's own settings took the answer.
      expect(getStore().getState().session.settings!.enable_anonymous_comments).to.equal(true);
    });

    it("the server's refusal shows next to its field, which takes the focus; what was typed stays", async () => {
      const el = await mountSiteSettings();
      await waitFor(() => control(el, 'page_image_hosts'), 'hosts field');
      const hosts = control(el, 'page_image_hosts')!;
      typeInto(hosts, 'https://images.example/path');
      button(section(el, 'site')!, 'Save').click();
      await waitFor(() => hosts.getAttribute('aria-invalid') === 'true', 'marked invalid');
      expect(descriptionsOf(el, hosts).join(' ')).to.contain('page_image_hosts must be host names separated by commas');
      expect(focused(el)).to.equal(hosts);
      expect(hosts.value).to.equal('https://images.example/path');
      expect(status(el, 'site')).to.equal('Not saved: see the marked field.');
      expect((await serverSettings()).page_image_hosts).to.equal(null);
      await expect(el).to.be.accessible();

      typeInto(hosts, 'images.example, cdn.example');
      button(section(el, 'site')!, 'Save').click();
      await waitFor(() => status(el, 'site') === 'Saved', 'saved');
      expect(hosts.hasAttribute('aria-invalid')).to.equal(false);
      expect((await serverSettings()).page_image_hosts).to.equal('images.example, cdn.example');
    });

    it('a bad link allow-list entry is refused next to the allow-list', async () => {
      const el = await mountSiteSettings();
      const list = await waitFor(() => textArea(el, 'link_allowlist'), 'allow-list');
      typeInto(list, 'example.com\nnot a domain!');
      button(section(el, 'moderation')!, 'Save').click();
      await waitFor(() => list.getAttribute('aria-invalid') === 'true', 'marked invalid');
      expect(descriptionsOf(el, list).some((text) => text.length > 0 && !text.startsWith('One domain per line'))).to.equal(true);
      expect(focused(el)).to.equal(list);
      expect(list.value).to.equal('example.com\nnot a domain!');
      expect((await serverModerationSettings()).link_allowlist).to.not.include('not a domain!');
    });

    it('a scorer key is write-only: "A key is set", replaced and cleared, never read back', async () => {
      const el = await mountSiteSettings();
      const keyState = () => $(el, '[part~="moderation"] [part="key-state"]')?.textContent;
      // The demo site's spam scorer has the stand-in's key (server/demo/autoModeration.ts).
      await waitFor(() => keyState() === 'A key is set.', 'key set');
      expect(control(el, 'spam_scorer.key')).to.equal(null);

      $<HTMLButtonElement>(el, '[part~="moderation"] [part~="replace-key"]')!.click();
      const replacement = await waitFor(() => control(el, 'spam_scorer.key'), 'new key field');
      expect(replacement.type).to.equal('password');
      expect(replacement.value).to.equal('');
      const secret = `akismet-${unique('key')}`;
      typeInto(replacement, secret);
      button(section(el, 'moderation')!, 'Save').click();
      await waitFor(() => status(el, 'moderation') === 'Saved', 'saved');
      await waitFor(() => keyState() === 'A key is set.', 'set again, not shown');
      expect(shadow(el).innerHTML).to.not.contain(secret);
      const stored = await serverModerationSettings();
      expect(stored.spam_scorer.key_set).to.equal(true);
      expect(JSON.stringify(stored)).to.not.contain(secret);

      $<HTMLButtonElement>(el, '[part~="moderation"] [part~="clear-key"]')!.click();
      await waitFor(() => keyState() === 'The key will be cleared when you save.', 'clearing');
      button(section(el, 'moderation')!, 'Save').click();
      const empty = await waitFor(() => control(el, 'spam_scorer.key'), 'an empty key field');
      expect(descriptionsOf(el, empty)).to.deep.equal(['No key is set.']);
      expect((await serverModerationSettings()).spam_scorer.key_set).to.equal(false);
    });

    it('adds a webhook, then sends it a test: the delivery status shows', async () => {
      const el = await mountSiteSettings();
      const url = await waitFor(() => control(el, 'url'), 'url field');
      const receiver = `${testConfig().origin}/${unique('no-such-receiver')}`;
      typeInto(url, receiver);
      typeInto(control(el, 'description')!, 'Newsroom alerts');
      const created = $$<HTMLInputElement>(el, 'input[name="events"]').find((box) => box.value === 'comment.created')!;
      created.click();
      button(section(el, 'webhooks')!, 'Add webhook').click();
      const row = await waitFor(() => $$(el, '[part="webhook"]').find((li) => li.textContent!.includes(receiver)), 'listed');
      expect(row.textContent).to.contain('Newsroom alerts');
      expect(row.querySelector('[part="delivery"]')!.textContent).to.equal('Nothing delivered yet.');
      expect($(el, '[part="secret"]')!.textContent).to.match(/shown only now: \S{16,}/);
      expect(url.value).to.equal('');
      await expect(el).to.be.accessible();

      (row.querySelector('[part~="ping"]') as HTMLButtonElement).click();
      await waitFor(() => /^Last delivery: failed \(HTTP 404\), /.test(row.querySelector('[part="delivery"]')!.textContent!), 'delivery status');
    });

    it('loading: a labelled skeleton while a section loads, about the size of what comes; axe finds nothing', async () => {
      getStore().dispatch(webhooksApi.util.resetApiState());
      const held = throttleFetch({ pattern: /\/webhooks(\?|$)/, method: 'GET' });
      let skeletonHeight = 0;
      await expectLoadingState(async () => {
        const el = await mountSiteSettings();
        await waitFor(() => $(el, '[part~="webhooks"] [part="skeleton"]'), 'skeleton');
        skeletonHeight = section(el, 'webhooks')!.getBoundingClientRect().height;
        return el;
      }, held, "Loading the site's settings…", (el) => {
        const hooks = section(el, 'webhooks');
        if (!hooks?.querySelector('form')) return false;
        const shift = Math.abs(hooks.getBoundingClientRect().height - skeletonHeight) / skeletonHeight;
        expect(shift, 'the skeleton reserves about the room of the section').to.be.below(0.35);
        return true;
      });
    });

    it("error: a section that can't load says so, with Retry, which loads it", async () => {
      getStore().dispatch(moderationSettingsApi.util.resetApiState());
      const failing = throttleFetch({ failures: 1, pattern: /\/moderation\/settings/, method: 'GET' });
      await expectErrorState(() => mountSiteSettings(), failing, "The automatic moderation settings couldn't be loaded.", (el) => !!textArea(el, 'banned_words'));
    });

    it('offline: a notice, and saving is disabled with the reason beside it', async () => {
      const el = await mountSiteSettings();
      await waitFor(() => loaded(el), 'sections');
      getStore().dispatch(wentOffline());
      const save = await waitFor(() => $<HTMLButtonElement>(el, '[part~="site"] [part~="save"]:disabled'), 'save disabled');
      expect(descriptionsOf(el, save)).to.deep.equal(["Saving is off while you're offline."]);
      await expectOfflineState(el);
      await waitFor(() => !save.disabled, 'enabled again online');
    });

    it('speaks another language: German', async () => {
      const config = (window as unknown as WithConfig).vfConfig;
      config.language = 'de-de';
      try {
        const el = await mountSiteSettings();
        await waitFor(() => $(el, '[part~="section"][part~="site"]'), 'sections');
        expect($(el, '[part="title"]')!.textContent).to.equal('Website-Einstellungen');
        expect(button(section(el, 'site')!, 'Speichern')).to.not.equal(null);
        expect(el.getAttribute('lang')).to.equal('de-DE');
        await expect(el).to.be.accessible();
      } finally {
        delete config.language;
      }
    });
  });
});
