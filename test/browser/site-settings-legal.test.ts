/**
 * <vf-site-settings>'s "Legal" section against the real server (docs/law.md "Grounds",
 * "Transparency"): a kind of illegality added by keyboard with its DSA category, a rule of the
 * terms renamed and another removed, what erasure does to content, saved and read back from the
 * server; what is wrong marked before anything is sent; the transparency downloads (JSON, CSV,
 * JSON Lines) for a period, and a period refused; loading and error; German; axe in each state.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-site-settings/define.ts';
import { noticesApi } from '../../core/api/notices.ts';
import type { LegalSettings } from '../../core/legal/types.ts';
import { getStore } from '../../core/store/index.ts';
import { testConfig } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState } from './support/elementStates.ts';
import { tabTo } from './support/keys.ts';
import { legalSettings, restoreLegalSettings } from './support/legalQueue.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';
import { ADMIN, descriptionsOf, mountSiteSettings } from './support/siteSettings.ts';

const legal = (el: Element) => $(el, '[part~="section"][part~="legal"]');
const labelField = (el: Element, list: string, index: number) => $<HTMLInputElement>(el, `input[name="${list}.${index}.label"]`);
const labels = (el: Element, list: string) => $$<HTMLInputElement>(el, `input[name^="${list}."][name$=".label"]`).map((i) => i.value);
const status = (el: Element) => legal(el)?.querySelector('[part="status"]')?.textContent ?? '';
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const button = (scope: Element, label: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === label)!;

/** What saveFile hands the browser: the link's file name and the Blob's text. */
function catchDownloads() {
  const files: Array<{ name: string; text: Promise<string> }> = [];
  const real = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (this.download && this.href.startsWith('blob:')) files.push({ name: this.download, text: fetch(this.href).then((r) => r.text()) });
    else real.call(this);
  };
  return { files, restore: () => void (HTMLAnchorElement.prototype.click = real) };
}

describe('<vf-site-settings> Legal', () => {
  let original: LegalSettings;
  before(async () => {
    await bootCore();
    original = await legalSettings();
    await logIn(ADMIN);
  });
  after(async () => {
    await restoreLegalSettings(original);
    await logOut();
  });
  beforeEach(() => void getStore().dispatch(noticesApi.util.resetApiState()));

  it('adds a kind of illegality by keyboard, renames and removes rules of the terms, chooses what erasure does; "Saved", and the server has it; axe finds nothing', async () => {
    const el = await mountSiteSettings();
    await waitFor(() => labelField(el, 'illegal_kinds', 0), 'the lists');
    expect(legal(el)!.querySelector('h3')!.textContent).to.equal('Legal');
    expect(labels(el, 'illegal_kinds')).to.deep.equal(original.illegal_kinds.map((g) => g.label));
    await expect(el).to.be.accessible();

    (el.parentElement!.querySelector('#before') as HTMLButtonElement).focus();
    await tabTo(el, (f) => f.matches('[part~="grounds-illegal_kinds"] [part~="add-ground"]'), 200);
    await sendKeys({ press: 'Enter' });
    const added = original.illegal_kinds.length;
    await waitFor(() => focused(el) === labelField(el, 'illegal_kinds', added), 'the new label has the focus');
    await sendKeys({ type: 'Illegal gambling' });
    await sendKeys({ press: 'Tab' });
    const category = focused(el) as HTMLSelectElement;
    expect(category.getAttribute('name')).to.equal(`illegal_kinds.${added}.category`);
    category.value = 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD';
    category.dispatchEvent(new Event('change', { bubbles: true }));

    const offTopic = original.terms_rules.findIndex((g) => g.id === 'off_topic');
    typeInto(labelField(el, 'terms_rules', offTopic)!, 'Not about the article');
    const impersonation = original.terms_rules.findIndex((g) => g.id === 'impersonation');
    button(legal(el)!, 'Remove “Impersonation”').click();
    await waitFor(() => !labels(el, 'terms_rules').includes('Impersonation'), 'removed');
    await waitFor(() => focused(el) === (labelField(el, 'terms_rules', impersonation) ?? $(el, '[part~="grounds-terms_rules"] [part~="add-ground"]')), 'the focus on the next ground');
    $<HTMLInputElement>(el, 'input[name="erased_content"][value="remove"]')!.click();
    await expect(el).to.be.accessible();

    button(legal(el)!, 'Save').click();
    await waitFor(() => status(el) === 'Saved', 'saved');
    const stored = await legalSettings();
    expect(stored.illegal_kinds.at(-1)).to.deep.equal({ id: 'illegal_gambling', label: 'Illegal gambling', category: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD' });
    expect(stored.terms_rules.find((g) => g.id === 'off_topic')!.label).to.equal('Not about the article');
    expect(stored.terms_rules.some((g) => g.id === 'impersonation')).to.equal(false);
    expect(stored.erased_content).to.equal('remove');
  });

  it('marks what is wrong before sending anything: an empty label, one listed twice, an empty list; the first takes the focus', async () => {
    const before = await legalSettings();
    const el = await mountSiteSettings();
    const first = await waitFor(() => labelField(el, 'illegal_kinds', 0), 'the lists');
    typeInto(first, '');
    typeInto(labelField(el, 'illegal_kinds', 2)!, labelField(el, 'illegal_kinds', 1)!.value);
    for (let left = labels(el, 'terms_rules').length; left > 0; left--) {
      $$<HTMLButtonElement>(el, '[part~="grounds-terms_rules"] [part~="remove-ground"]')[0]!.click();
      await waitFor(() => labels(el, 'terms_rules').length === left - 1, 'one rule fewer');
    }
    button(legal(el)!, 'Save').click();
    await waitFor(() => first.getAttribute('aria-invalid') === 'true', 'marked');
    expect(descriptionsOf(el, first)).to.include('Give it a label.');
    expect(descriptionsOf(el, labelField(el, 'illegal_kinds', 2)!)).to.include('Another one has this label.');
    expect(legal(el)!.querySelector('[part~="grounds-terms_rules"]')!.textContent).to.contain('Keep at least one rule of the terms.');
    await waitFor(() => focused(el) === first, 'the first wrong field has the focus');
    await expect(el).to.be.accessible();
    expect(await legalSettings()).to.deep.equal(before);
  });

  it('downloads the transparency report (JSON, CSV) and the statements (JSON Lines) for a period; a period the wrong way round is refused', async () => {
    const el = await mountSiteSettings();
    const from = await waitFor(() => $<HTMLInputElement>(el, 'input[part="period-from"]'), 'the period');
    const to = $<HTMLInputElement>(el, 'input[part="period-to"]')!;
    expect(from.value).to.match(/^\d{4}-01-01$/);
    const downloads = catchDownloads();
    try {
      typeInto(from, '2030-01-02');
      typeInto(to, '2030-01-01');
      $<HTMLButtonElement>(el, '[part~="download-json"]')!.click();
      const problem = await waitFor(() => $(el, '[part="transparency"] [part="field-error"]'), 'refused');
      expect(problem.textContent).to.equal('The first day must come before the last.');
      expect(from.getAttribute('aria-invalid')).to.equal('true');
      expect(downloads.files).to.have.length(0);
      await expect(el).to.be.accessible();

      const year = new Date().getUTCFullYear();
      typeInto(from, `${year}-01-01`);
      typeInto(to, new Date().toISOString().slice(0, 10));
      $<HTMLButtonElement>(el, '[part~="download-json"]')!.click();
      await waitFor(() => downloads.files.length === 1, 'the JSON file');
      expect(downloads.files[0]!.name).to.match(new RegExp(`^vf-transparency-${year}-01-01-.*\\.json$`));
      const report = JSON.parse(await downloads.files[0]!.text) as Record<string, unknown>;
      expect(report).to.include.keys('notices');
      await waitFor(() => $(el, '[part="download-status"]')!.textContent === `Downloaded ${downloads.files[0]!.name}.`, 'said so');

      // The keyboard reaches the other two.
      $<HTMLButtonElement>(el, '[part~="download-json"]')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(el)!.getAttribute('part')).to.contain('download-csv');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => downloads.files.length === 2, 'the CSV file');
      expect(downloads.files[1]!.name).to.match(/\.csv$/);
      expect((await downloads.files[1]!.text).split('\n')[0]).to.match(/,/);
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: ' ' });
      await waitFor(() => downloads.files.length === 3, 'the JSON Lines file');
      expect(downloads.files[2]!.name).to.match(/^vf-statements-.*\.jsonl$/);
      for (const line of (await downloads.files[2]!.text).split('\n').filter(Boolean)) expect(() => JSON.parse(line)).to.not.throw();
      await expect(el).to.be.accessible();
    } finally {
      downloads.restore();
    }
  });

  it('loading: a labelled skeleton while the legal settings load; axe finds nothing', async () => {
    const held = throttleFetch({ pattern: /\/legal\/settings/, method: 'GET' });
    await expectLoadingState(async () => {
      const el = await mountSiteSettings();
      await waitFor(() => legal(el)?.querySelector('[part="skeleton"]'), 'skeleton');
      return el;
    }, held, "Loading the site's settings…", (el) => !!labelField(el, 'illegal_kinds', 0));
  });

  it("error: the section says it couldn't load, with Retry, which loads it", async () => {
    const failing = throttleFetch({ failures: 1, pattern: /\/legal\/settings/, method: 'GET' });
    await expectErrorState(() => mountSiteSettings(), failing, "The legal settings couldn't be loaded.", (el) => !!labelField(el, 'illegal_kinds', 0));
  });

  it('German: the section in German; a default ground shows how readers see it', async () => {
    const config = testConfig() as unknown as { language?: string };
    config.language = 'de-de';
    try {
      const el = await mountSiteSettings();
      await waitFor(() => labelField(el, 'illegal_kinds', 0), 'the lists');
      expect(legal(el)!.querySelector('h3')!.textContent).to.equal('Rechtliches');
      const defamation = labelField(el, 'illegal_kinds', original.illegal_kinds.findIndex((g) => g.id === 'defamation'))!;
      expect(descriptionsOf(el, defamation)).to.include('Lesende sehen: „Verleumdung“.');
      await expect(el).to.be.accessible();
    } finally {
      delete config.language;
    }
  });
});
