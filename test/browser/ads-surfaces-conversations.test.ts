/**
 * Ads on the conversation surfaces (docs/ads.md "Surfaces") against the real server with the demo
 * site's settings (vendors = local stand-ins): the conversation starter's ad below its prompt
 * (custom), and Taboola's "Above Comments Thumbnails" above the comment list (general surface).
 * Each is reserved from the first render, off when ads are off, records its failure with the
 * spec's reason, passes axe and traps no focus.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import '../../elements/vf-conversation-starter/define.ts';
import '../../elements/vf-conversations/define.ts';
import { newReader, seedConversation, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, waitFor } from './support/dom.ts';
import { clearAdState, creativeIn, failures, standInCmp } from './support/ads.ts';
import { siteSettingsFor, tabsThrough } from './support/adSurfaces.ts';
import { mountConversations } from './support/conversations.ts';

let reader: Reader;
before(async () => {
  await bootCore();
  reader = await newReader('Ad Surfaces Reader');
});
beforeEach(() => clearAdState());

const slotDiv = (el: Element, name: string) => el.querySelector<HTMLElement>(`:scope > [slot="${name}"]`);
const frameOf = (el: Element, name: string) => $$(el, '[part="ad"]').find((f) => f.querySelector(`slot[name="${name}"]`)) ?? null;

async function mountStarter(id: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<button id="before-starter">Before</button><vf-conversation-starter vf-container-id="${id}" minimum-comment-count="1"></vf-conversation-starter><button id="after-starter">After</button>`;
  return wrapper.querySelector('vf-conversation-starter')!;
}

describe('the conversation starter’s ad', () => {
  it('below the prompt, reserved as the prompt is drawn, filled by the custom tag; axe finds nothing; Tab goes past it', async () => {
    const id = unique('starter-ad');
    await seedConversation(reader, id, 1);
    const el = await mountStarter(id);
    const title = await waitFor(() => $(el, '[part="title"]'), 'the prompt');
    const frame = frameOf(el, 'starter-ad');
    expect(frame, 'the box comes with the prompt').to.not.equal(null);
    expect(title.compareDocumentPosition(frame!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0, 'below the prompt');
    expect(frame!.querySelector<HTMLElement>('[part="ad-space"]')!.style.height).to.equal('250px');
    await waitUntil(() => creativeIn(slotDiv(el, 'starter-ad') ?? el), 'the creative', { timeout: 10000 });
    expect(creativeIn(slotDiv(el, 'starter-ad')!)!.dataset['vendor']).to.equal('custom');
    expect(failures()).to.deep.equal([]);
    await expect(el).to.be.accessible();
    await tabsThrough(document.getElementById('before-starter')!, document.getElementById('after-starter')!, 5);
  });

  it('a custom file without the publisher’s function records "window.__generate_viafoura_tag is not present during generateAd"', async () => {
    delete (window as unknown as Record<string, unknown>)['__generate_viafoura_tag'];
    const restore = siteSettingsFor({ ad_script_url_custom: '/demo/vendors/vi.js' }); // loads, defines no tag
    try {
      const id = unique('starter-ad-fail');
      await seedConversation(reader, id, 1);
      const el = await mountStarter(id);
      await waitUntil(() => failures().length === 1, 'the failure', { timeout: 10000 });
      expect(failures()[0]).to.include({ widget: 'vf-conversation-starter', ad_integration: 'custom', failureReason: 'window.__generate_viafoura_tag is not present during generateAd' });
      expect(frameOf(el, 'starter-ad')!.getAttribute('data-ad-state')).to.equal('failed', 'the box stays: nothing moves');
    } finally {
      restore();
    }
  });

  it('off with the page’s integration none, or consent refused: no box, no slot', async () => {
    const id = unique('starter-ad-off');
    await seedConversation(reader, id, 1);
    const restore = siteSettingsFor({ conversation_starter_ad_integration: 'none' });
    try {
      const el = await mountStarter(id);
      await waitFor(() => $(el, '[part="title"]'), 'the prompt');
      expect(frameOf(el, 'starter-ad')).to.equal(null);
    } finally {
      restore();
    }
    standInCmp(false);
    const refused = await mountStarter(id);
    await waitFor(() => $(refused, '[part="title"]'), 'the prompt');
    await waitUntil(() => frameOf(refused, 'starter-ad') === null, 'consent refused takes the box away');
    expect(slotDiv(refused, 'starter-ad')).to.equal(null);
  });
});

describe('Taboola above the comments', () => {
  it('"Above Comments Thumbnails" above the list, reserved with the comments; axe finds nothing', async () => {
    const id = unique('above-ad');
    await seedConversation(reader, id, 2);
    const el = await mountConversations(id);
    await waitUntil(() => $$(el, '.vf-thread').length === 2, 'the comments');
    const frame = frameOf(el, 'above-comments')!;
    expect(frame.compareDocumentPosition($(el, '.vf-thread')!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0, 'above the first comment');
    await waitUntil(() => creativeIn(slotDiv(el, 'above-comments') ?? el), 'the creative', { timeout: 10000 });
    const creative = creativeIn(slotDiv(el, 'above-comments')!)!;
    expect(creative.dataset['vendor']).to.equal('taboola');
    expect(creative.textContent).to.contain('Above Comments Thumbnails');
    await expect(el).to.be.accessible();
  });

  it('only for Taboola: another general integration shows promos but no ad above the comments; opted out, none at all', async () => {
    const restore = siteSettingsFor({ general_ad_integration: 'gtag', general_site_ad_id: '/1234/general' });
    try {
      const id = unique('above-ad-gtag');
      await seedConversation(reader, id, 2);
      const el = await mountConversations(id);
      await waitUntil(() => $$(el, '.vf-thread').length === 2, 'the comments');
      expect(frameOf(el, 'above-comments')).to.equal(null);
      expect(slotDiv(el, 'above-comments')).to.equal(null);
    } finally {
      restore();
    }
    localStorage.setItem('vf.analytics.adOptOut', 'true');
    const id = unique('above-ad-optout');
    await seedConversation(reader, id, 2);
    const el = await mountConversations(id);
    await waitUntil(() => $$(el, '.vf-thread').length === 2, 'the comments');
    expect($$(el, '[part="ad"]')).to.have.length(0);
  });
});
