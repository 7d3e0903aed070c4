/**
 * <vf-trending-articles> has its final height before its list comes (docs/performance.md "Layout
 * shift"): vf.css's rules for it (elements/vf-trending-articles/reserve.css, with the rule the
 * server's /vf.css adds for the site's ad card), against the real server and the demo site's
 * settings (Outbrain's card on the trending surface). Each case mounts the element between two
 * blocks at a width and in a page font; from then until its list shows, the block below does not
 * move and no `layout-shift` entry adds up.
 */
import { expect } from '@open-wc/testing';
import '../../elements/vf-trending-articles/define.ts';
import reserveCss from '../../elements/vf-trending-articles/reserve.css';
import { siteReserveCss } from '../../elements/vf-trending-articles/siteReserve.ts';
import { selectSettings } from '../../core/session/slice.ts';
import { getStore } from '../../core/store/index.ts';
import { clearAdState } from './support/ads.ts';
import { siteSettingsFor } from './support/adSurfaces.ts';
import { newReader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { loadBetweenBlocks } from './support/shifts.ts';
import { article } from './support/trending.ts';

const LOADED = '[part~="list"], [part~="carousel"]';
const FONTS = ['16px/1.5 system-ui, sans-serif', '18px/1.7 Georgia, serif'];

/** What the page's /vf.css holds for the element with these site settings. */
function useVfCss(settings: unknown): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reserveCss + siteReserveCss(settings as Parameters<typeof siteReserveCss>[0]));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => void (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet));
}

describe('<vf-trending-articles> reserves its height from its attributes', () => {
  before(async () => {
    await bootCore();
    clearAdState();
    const author = await newReader('Reserve Author');
    const picture = { url: `${location.origin}/demo/liveblog-bridge.png`, alt: 'A bridge at dusk' };
    // Headlines of one to four lines at these widths (three shown at most), with and without pictures.
    const titles = ['Short one', 'A headline of a middling length for a rail', 'A very long headline that goes on and on about the river, the bridge, the trams and the market', 'Rain', 'Sunday library', 'Six'];
    for (const [i, title] of titles.entries()) await article(author, title, 6 - i, i % 2 ? undefined : picture);
  });

  const cases: Array<[string, string, string]> = [
    ['a list in a rail', '300px', 'widget-title="Most discussed" limit="5"'],
    ['pictures beside the text', '320px', 'thumbnail="true" limit="3"'],
    ['pictures above the text, in a list', '420px', 'thumbnail="true" thumbnail-position="top" limit="2"'],
    ['a grid of one column', '300px', 'view="grid" thumbnail="true" limit="2"'],
    ['a grid of two columns, the ad card alone in its row', '700px', 'view="grid" thumbnail="true" limit="2"'],
    ['a grid of three columns', '900px', 'view="grid" thumbnail="true" limit="5"'],
    ['a grid without pictures', '700px', 'view="grid" limit="4"'],
    ['a carousel', '640px', 'view="carousel" thumbnail="true" limit="5"'],
    ['a carousel without pictures', '640px', 'view="carousel" limit="3"'],
  ];

  for (const ads of [true, false]) {
    describe(ads ? 'with the ad card of the demo site' : 'on a site without a trending ad', () => {
      let restore = () => {};
      before(() => {
        const undo = ads ? () => {} : siteSettingsFor({ trending_ad_integration: 'none' });
        const unstyle = useVfCss(selectSettings(getStore().getState()));
        restore = () => (unstyle(), undo());
      });
      after(() => restore());

      for (const [name, width, attrs] of cases) {
        for (const font of FONTS) {
          it(`${name} (${width}, ${font.split(' ')[0]}): what follows it stays where it was`, async () => {
            const markup = `<vf-trending-articles data-under-test days-published="all" trend-window="48" ${attrs}></vf-trending-articles>`;
            const { before, after, shift } = await loadBetweenBlocks(markup, width, LOADED, font);
            expect(after[0], 'the block below, px').to.be.closeTo(before[0]!, 0.5);
            expect(shift, 'layout-shift entries').to.be.at.most(0.001);
          });
        }
      }
    });
  }
});
