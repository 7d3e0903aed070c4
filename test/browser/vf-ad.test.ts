/** <vf-ad> against the real server (the demo site's ad settings: standalone = gtag, vendors = local stand-ins). */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-ad/define.ts';
import { bootCore } from './support/boot.ts';
import { $, shadow } from './support/dom.ts';
import { clearAdState, creativeIn, failures, standInCmp } from './support/ads.ts';

async function mount(attrs = ''): Promise<{ el: HTMLElement; after: HTMLElement; before: HTMLElement }> {
  const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
  wrapper.insertAdjacentHTML('beforeend', `<vf-ad ${attrs}></vf-ad><button id="after">After</button>`);
  return { el: wrapper.querySelector('vf-ad')!, after: wrapper.querySelector('#after')!, before: wrapper.querySelector('#before')! };
}

const state = (el: HTMLElement) => el.getAttribute('data-vf-state');

describe('<vf-ad>', () => {
  before(() => bootCore());
  beforeEach(() => clearAdState());

  it('shows the surface’s ad under an "Advertisement" label, in space reserved before it arrived: no layout shift; axe finds nothing', async () => {
    let shift = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shift += (entry as unknown as { value: number }).value;
    });
    const { el, after } = await mount();
    await waitUntil(() => $(el, '[part="ad"]'), 'the reserved box');
    // The box is laid out and painted; from here on only the creative arrives.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    observer.observe({ type: 'layout-shift', buffered: false });
    expect(creativeIn(el)).to.equal(null, 'the creative has not arrived yet');
    const reserved = el.getBoundingClientRect();
    const afterTop = after.getBoundingClientRect().top;
    await waitUntil(() => state(el) === 'ready', 'shown', { timeout: 8000 });
    const creative = creativeIn(el)!;
    expect(creative.dataset['vendor']).to.equal('gtag');
    expect(el.getBoundingClientRect().height).to.equal(reserved.height);
    expect(after.getBoundingClientRect().top).to.equal(afterTop);
    const space = $(el, '[part="ad-space"]')!.getBoundingClientRect();
    expect([space.width, space.height]).to.deep.equal([300, 250]);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    observer.disconnect();
    expect(shift).to.equal(0);
    expect($(el, '[part="ad-label"]')!.textContent).to.equal('Advertisement');
    expect($(el, '[part="ad"]')!.getAttribute('aria-label')).to.equal('Advertisement');
    expect(failures()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('keyboard: the ad does not trap focus — Tab moves through a recommendation card and out', async () => {
    const { el, before, after } = await mount('integration="outbrain"');
    await waitUntil(() => state(el) === 'ready', 'shown', { timeout: 8000 });
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(el.querySelector('a.vf-ad-card'));
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(after);
    await expect(el).to.be.accessible();
  });

  it('format video reserves 640 × 360 and plays the page’s one video ad', async () => {
    const { el } = await mount('integration="vi" format="video"');
    await waitUntil(() => state(el) === 'ready', 'shown', { timeout: 8000 });
    const space = $(el, '[part="ad-space"]')!.getBoundingClientRect();
    expect([space.width, space.height]).to.deep.equal([640, 360]);
    expect(creativeIn(el)!.textContent).to.contain('Video ad');
  });

  describe('no ad and no space', () => {
    it('when the reader opted out', async () => {
      localStorage.setItem('vf.analytics.adOptOut', 'true');
      const { el } = await mount();
      await waitUntil(() => state(el) === 'empty', 'empty');
      expect(el.getBoundingClientRect().height).to.equal(0);
      expect(creativeIn(el)).to.equal(null);
    });

    it('when the page’s CMP says consent is required and not given', async () => {
      standInCmp(false);
      const { el } = await mount();
      await waitUntil(() => state(el) === 'empty', 'empty');
      expect($(el, '[part="ad"]')).to.equal(null);
      expect(el.querySelector('[slot="creative"]')).to.equal(null);
    });

    it('when the integration is none', async () => {
      const { el } = await mount('integration="none"');
      await waitUntil(() => state(el) === 'empty', 'empty');
      expect(shadow(el).querySelector('[part="ad"]')).to.equal(null);
    });
  });
});
