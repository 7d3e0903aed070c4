/**
 * Languages on a real page (docs/languages.md): the page's language picks the widget's text,
 * Arabic lays out right to left, an unsupported language shows English, and
 * `window.vfConfig.language` overrides the page.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { newReader, seedConversation, unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, shadow, waitFor } from './support/dom.ts';
import '../../elements/vf-conversations/define.ts';

type WithConfig = { vfConfig?: Record<string, unknown> };
const config = () => (window as unknown as WithConfig).vfConfig!;

before(async () => {
  // The page is German: <html lang="de-DE"> is read into the page identity at boot.
  document.documentElement.lang = 'de-DE';
  await bootCore();
});

afterEach(() => {
  delete config().language;
});

async function mount(containerId: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<vf-conversations vf-container-id="${containerId}"></vf-conversations>`;
  return wrapper.querySelector('vf-conversations') as HTMLElement;
}

const region = (el: Element) => $(el, 'section.vf-conversations');
const heading = (el: Element) => $(el, '[part="heading"]')?.textContent?.trim() ?? null;

describe('languages', () => {
  it('a widget on a de-de page shows German text', async () => {
    const id = unique('lang-de');
    await seedConversation(await newReader('Lena Leserin'), id, 2);
    const el = await mount(id);
    await waitFor(() => region(el)?.getAttribute('aria-label') === 'Kommentare', 'German region label');
    await waitFor(() => heading(el) === '2 Kommentare', `German plural heading (got ${heading(el)})`);
    expect(el.getAttribute('lang')).to.equal('de-DE');
    expect(el.getAttribute('dir')).to.equal('ltr');
  });

  it('ar-ar renders right to left, in Arabic', async () => {
    config().language = 'ar-ar';
    const id = unique('lang-ar');
    await seedConversation(await newReader('Amal'), id, 3);
    const el = await mount(id);
    await waitFor(() => region(el)?.getAttribute('aria-label') === 'التعليقات', 'Arabic region label');
    await waitFor(() => heading(el) !== null && /تعليقات$/.test(heading(el)!), `Arabic plural (got ${heading(el)})`);
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(el.getAttribute('lang')).to.equal('ar');
    expect(getComputedStyle(region(el)!).direction).to.equal('rtl');
    // The layout mirrors: a comment's avatar sits at the right of its text.
    const comment = await waitFor(() => $(el, '[part~="comment"]'), 'a comment');
    const avatar = comment.querySelector('[part~="avatar"]')!.getBoundingClientRect();
    const text = comment.querySelector('[part~="comment-text"]')!.getBoundingClientRect();
    expect(avatar.left).to.be.greaterThan(text.left);
  });

  it('an unsupported language shows English', async () => {
    config().language = 'xx-yy';
    const el = await mount(unique('lang-xx'));
    await waitFor(() => region(el)?.getAttribute('aria-label') === 'Comments', 'English region label');
    await waitFor(() => shadow(el).textContent!.includes('Be the first to comment.'), 'English empty state');
    expect(el.getAttribute('lang')).to.equal('en-US');
    expect(el.getAttribute('dir')).to.equal('ltr');
  });

  it('window.vfConfig.language overrides the page, by alias', async () => {
    config().language = 'FR_ca';
    const el = await mount(unique('lang-fr'));
    await waitFor(() => shadow(el).textContent!.includes('Publiez le premier commentaire.'), 'French empty state');
    expect(el.getAttribute('lang')).to.equal('fr-CA');
  });
});
