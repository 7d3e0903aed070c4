/**
 * <vf-ad> has its final height from the page's first paint (docs/performance.md "Layout shift"):
 * vf.css's rules for it (elements/vf-ad/reserve.css, and what the server's /vf.css adds for the
 * page's site, elements/vf-ad/siteReserve.ts), against the real server and the demo site's ad
 * settings (standalone gtag, live blog EX.CO video). Every case is mounted between two blocks
 * before the element's code is defined, in a window 412 px wide (Lighthouse's phone) and one
 * 1,280 px wide, in four page fonts; once the element has drawn its ad's frame, its box is the one
 * it had and the block below has not moved. Where ads are off and that can be known before vf
 * (the element's or the site's integration `none`, the page's `vf:ads_disabled`), nothing is reserved.
 */
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import reserveCss from '../../elements/vf-ad/reserve.css';
import { adSiteReserveCss } from '../../elements/vf-ad/siteReserve.ts';
import { adElement } from '../../elements/vf-ad/element.ts';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { selectSettings } from '../../core/session/slice.ts';
import { getStore } from '../../core/store/index.ts';
import { clearAdState } from './support/ads.ts';
import { siteSettingsFor } from './support/adSurfaces.ts';
import { bootCore } from './support/boot.ts';
import { $, waitFor } from './support/dom.ts';
import { frame } from './support/shifts.ts';

const WIDTHS = [412, 1280];
/** Page fonts: line heights as a number, `normal` (the font's own) and a length. */
const FONTS = ['16px/1.5 system-ui, sans-serif', '18px/1.7 Georgia, serif', '17px serif', '15px/22px monospace'];
/** The forms on /demo/ads.html and a few more: [name, attributes, the creative's height]. */
const FORMS: Array<[string, string, number]> = [
  ['the standalone surface (the site’s gtag)', 'surface="standalone"', 250],
  ['a video format', 'surface="liveblog" format="video"', 360],
  ['a recommendation, by its integration', 'integration="outbrain"', 250],
  ['the default surface', '', 250],
  ['a surface whose integration plays video (the site’s rule)', 'surface="liveblog"', 360],
  ['a video integration, by its name', 'integration="vi"', 360],
  ['a leaderboard', 'format="Leaderboard"', 90],
];
/** Ads off, and known before vf: the element's integration, the site's (set below for `general`). */
const OFF: Array<[string, string]> = [
  ['its integration is none', 'integration="none"'],
  ['its surface’s integration is none (the site’s rule)', 'surface="general"'],
];

interface Case {
  width: number;
  font: string;
  attrs: string | null;
  box: HTMLElement;
}
/** Where a case's block below is (from the top of its box) and how tall its element is. */
const place = ({ box }: Case) => ({
  below: box.querySelector('.below')!.getBoundingClientRect().top - box.getBoundingClientRect().top,
  height: box.querySelector('vf-ad')?.getBoundingClientRect().height ?? 0,
});

/** What the page's /vf.css holds for <vf-ad> with these site settings. */
function useVfCss(settings: unknown): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reserveCss + adSiteReserveCss(settings as Parameters<typeof adSiteReserveCss>[0]));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => void (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet));
}

describe('<vf-ad> reserves its height before its code', () => {
  const cases: Case[] = [];
  const reserved = new Map<Case, ReturnType<typeof place>>();
  /** Each case's place with the page's `vf:ads_disabled` meta, before the element is defined. */
  const pageOff = new Map<Case, ReturnType<typeof place>>();
  let restore = () => {};

  const find = (width: number, font: string, attrs: string | null) => cases.find((c) => c.width === width && c.font === font && c.attrs === attrs)!;

  before(async () => {
    await bootCore();
    clearAdState();
    expect(customElements.get('vf-ad'), 'not defined yet').to.equal(undefined);
    const undo = siteSettingsFor({ general_ad_integration: 'none' });
    const unstyle = useVfCss(selectSettings(getStore().getState()));
    const root = document.createElement('div');
    document.body.append(root);
    restore = () => (root.remove(), unstyle(), undo());

    // Each width's boxes are mounted and measured in a window of that width (null: no element, the control).
    for (const width of WIDTHS) {
      await setViewport({ width, height: 800 });
      for (const font of FONTS) {
        for (const attrs of [...FORMS.map(([, a]) => a), ...OFF.map(([, a]) => a), null]) {
          const box = document.createElement('div');
          box.style.font = font;
          box.innerHTML = `<p>Above</p>${attrs === null ? '' : `<vf-ad ${attrs}></vf-ad>`}<p class="below">Below</p>`;
          root.append(box);
          cases.push({ width, font, attrs, box });
        }
      }
      await frame();
      for (const c of cases.filter((c) => c.width === width)) reserved.set(c, place(c));
    }
    const meta = document.createElement('meta');
    meta.name = 'vf:ads_disabled';
    meta.content = 'TRUE';
    document.head.append(meta);
    await frame();
    for (const c of cases.filter((c) => c.width === WIDTHS.at(-1))) pageOff.set(c, place(c));
    meta.remove();
    await frame();

    defineElement('vf-ad', adElement);
    await waitFor(() => cases.every((c) => c.attrs === null || c.box.querySelector('vf-ad')!.hasAttribute('data-vf-state')), 'every element drawn', 15_000);
  });

  after(async () => {
    restore();
    await setViewport({ width: 800, height: 600 });
  });

  for (const width of WIDTHS) {
    for (const font of FONTS) {
      for (const [name, attrs, height] of FORMS) {
        it(`${name} (${width} px, ${font.split(' ')[0]}): the box the frame has, nothing below moves`, async () => {
          await setViewport({ width, height: 800 });
          await frame();
          const c = find(width, font, attrs);
          const el = c.box.querySelector('vf-ad')!;
          await waitFor(() => $(el, '[part="ad"]'), 'the ad’s frame');
          expect($(el, '[part="ad-space"]')!.getBoundingClientRect().height, 'the creative’s space').to.equal(height);
          const now = place(c);
          expect(reserved.get(c)!.height, 'the reserved box, px').to.be.closeTo(now.height, 1);
          expect(now.below, 'the block below, px').to.be.closeTo(reserved.get(c)!.below, 1);
        });
      }
      for (const [name, attrs] of OFF) {
        it(`${name} (${width} px, ${font.split(' ')[0]}): nothing reserved, nothing drawn`, async () => {
          await setViewport({ width, height: 800 });
          await frame();
          const c = find(width, font, attrs);
          const control = reserved.get(find(width, font, null))!.below;
          expect(reserved.get(c)!.below, 'before its code').to.be.closeTo(control, 0.5);
          expect(c.box.querySelector('vf-ad')!.getAttribute('data-vf-state')).to.equal('empty');
          expect(place(c).below, 'once drawn').to.be.closeTo(control, 0.5);
        });
      }
    }
  }

  it('the page’s vf:ads_disabled reserves nothing for any of them', () => {
    for (const font of FONTS) {
      const control = pageOff.get(find(WIDTHS.at(-1)!, font, null))!.below;
      for (const [name, attrs] of [...FORMS, ...OFF]) {
        const c = find(WIDTHS.at(-1)!, font, attrs);
        expect(pageOff.get(c)!.below, `${name}, ${font}`).to.be.closeTo(control, 0.5);
        expect(pageOff.get(c)!.height, `${name}, ${font}`).to.equal(0);
      }
    }
  });
});
