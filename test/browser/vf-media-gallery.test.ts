/**
 * <vf-media-gallery> against the real server: a live blog's images as thumbnails (newest first,
 * labelled by their alt text, sizes reserved), the lightbox by keyboard (Enter, arrows, Escape,
 * focus returned), and the loading, empty, error and offline states; axe in each.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-media-gallery/define.ts';
import { unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, shadow, waitFor } from './support/dom.ts';
import { expectErrorState, expectLoadingState, expectOfflineState } from './support/elementStates.ts';
import { makeLiveblog, publish, uploadImage } from './support/liveblog.ts';
import { throttleFetch } from './support/network.ts';

async function mount(attrs: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<vf-media-gallery ${attrs}></vf-media-gallery>`;
  return wrapper.firstElementChild as HTMLElement;
}

const thumbnails = (el: Element) => $$<HTMLButtonElement>(el, '[part="thumbnail"]');
const dialog = (el: Element) => $<HTMLDialogElement>(el, 'dialog[part="lightbox"]');
const position = (el: Element) => $(el, '[part="position"]')?.textContent ?? null;
const throttleGallery = (failures = 0) => throttleFetch({ failures, pattern: /\/api\/v2\/media\// });

describe('<vf-media-gallery>', () => {
  before(() => bootCore());

  it("shows a live blog's images newest first; Enter opens the lightbox, arrows move, Escape closes and focus returns; axe finds nothing", async () => {
    const id = unique('gallery');
    const blog = (await makeLiveblog(id)).content_container_uuid;
    for (const alt of ['The start line', 'The bridge at km 12', 'The finish']) {
      const media = await uploadImage(blog, 4, 3);
      await publish(blog, `${alt}\n\n![${alt}](media:${media})`);
    }
    const el = await mount(`vf-container-id="${id}" kind="liveblog"`);
    await waitUntil(() => thumbnails(el).length === 3, 'three thumbnails');
    expect(thumbnails(el).map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Open image 1 of 3: The finish',
      'Open image 2 of 3: The bridge at km 12',
      'Open image 3 of 3: The start line',
    ]);
    const img = $<HTMLImageElement>(el, '[part="thumbnail"] img')!;
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).to.deep.equal(['4', '3', 'lazy']);
    expect(el.getAttribute('data-vf-state')).to.equal('ready');
    await expect(el).to.be.accessible();

    thumbnails(el)[1]!.focus();
    await sendKeys({ press: 'Enter' });
    const box = await waitFor(() => (dialog(el)?.open ? dialog(el) : null), 'lightbox open');
    expect(box.getAttribute('aria-label')).to.equal('Image 2 of 3');
    expect($(el, '[part="caption"]')!.textContent).to.equal('The bridge at km 12');
    expect($<HTMLImageElement>(el, '[part="lightbox-image"]')!.alt).to.equal('The bridge at km 12');
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => position(el) === 'Image 3 of 3', 'next');
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => position(el) === 'Image 1 of 3', 'wraps to the first');
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => position(el) === 'Image 3 of 3', 'wraps back to the last');
    expect($(el, '[part="position"]')!.getAttribute('aria-live')).to.equal('polite');

    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(el), 'closed');
    expect(shadow(el).activeElement).to.equal(thumbnails(el)[2]);
  });

  it('loading: a labelled skeleton; a container without images is empty, and asking makes none', async () => {
    const id = unique('no-images');
    await expectLoadingState(() => mount(`vf-container-id="${id}"`), throttleGallery(), 'Loading images…');
    const el = await mount(`vf-container-id="${id}"`);
    const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
    expect(empty.textContent).to.equal('No images yet.');
    expect(el.getAttribute('data-vf-state')).to.equal('empty');
    await expect(el).to.be.accessible();
  });

  it('error: an alert with Retry, which loads; offline: a status notice', async () => {
    const el = await expectErrorState(
      () => mount(`vf-container-id="${unique('failing')}" kind="liveblog"`),
      throttleGallery(1),
      'Couldn’t load the images.',
      (shown) => !!$(shown, '[part="empty"]'),
    );
    await expectOfflineState(el);
  });
});
