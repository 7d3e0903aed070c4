import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { containersOf } from '../../server/pages/pageContainers.ts';

const PAGE = { container_id: null, url: 'https://news.example/story' };

describe('the conversations a page names (server/pages/pageContainers.ts)', () => {
  it("its own: the head's vf:container_id, else its address", () => {
    assert.deepEqual(containersOf('<p>No elements</p>', PAGE), { own: ['https://news.example/story'], shown: [] });
    assert.deepEqual(containersOf('', { ...PAGE, container_id: ' story-1 ' }).own, ['story-1']);
  });

  it('shown: the ids of the elements that hold a conversation, trimmed, once each, without the own one', () => {
    const html = `<vf-conversations vf-container-id="story-1"></vf-conversations>
      <VF-LIVEBLOG VF-CONTAINER-ID='live &amp; loud'></VF-LIVEBLOG><vf-livechat vf-container-id=" chat "></vf-livechat>
      <vf-reviews vf-container-id=product-9></vf-reviews><vf-review-form vf-container-id="product-9"></vf-review-form>
      <vf-conversations></vf-conversations><vf-conversations vf-container-id="https://news.example/story"></vf-conversations>`;
    assert.deepEqual(containersOf(html, PAGE), { own: ['https://news.example/story'], shown: ['story-1', 'live & loud', 'chat', 'product-9'] });
  });

  it('a legacy comments container: data-id, else unique_id, else vf-container-id (as the loader copies them)', () => {
    const html = `<div class="viafoura" data-widget="comments" unique_id="by-unique" data-id="by-data-id"></div>
      <div class="viafoura" data-widget="Comments" unique_id="legacy-2"></div>
      <div class="viafoura"><div data-widget="comments" vf-container-id="legacy-3"></div></div>
      <div class="viafoura" data-widget="counter" data-id="a-count-only"></div>`;
    assert.deepEqual(containersOf(html, PAGE).shown, ['by-data-id', 'legacy-2', 'legacy-3']);
  });

  it('elements that only point at a conversation elsewhere, comments, scripts, templates and a tag cut off name none', () => {
    const html = `<vf-conversations-count vf-container-id="c1"></vf-conversations-count><vf-live-story vf-container-id="c2"></vf-live-story>
      <vf-media-gallery vf-container-id="c3"></vf-media-gallery><vf-pull-quote vf-container-id="c4"></vf-pull-quote>
      <vf-conversation-starter vf-container-id="c5"></vf-conversation-starter><vf-trending-articles vf-container-id="c6"></vf-trending-articles>
      <vf-average-rating vf-container-id="c7"></vf-average-rating><vf-poll poll-id="p1"></vf-poll>
      <!-- <vf-conversations vf-container-id="commented"></vf-conversations> -->
      <script>document.write('<vf-liveblog vf-container-id="scripted"></vf-liveblog>')</script>
      <template><vf-livechat vf-container-id="templated"></vf-livechat></template>
      <vf-conversations vf-container-id="cut-off`;
    assert.deepEqual(containersOf(html, PAGE).shown, []);
  });

  it('a page of unclosed tags is read to its end (one pass: the read takes up to 1 MB of a page)', () => {
    const junk = '<script <style x<vf-conversations vf-container-id="open" <title x'.repeat(16 * 1024);
    assert.deepEqual(containersOf(`${junk}<vf-livechat vf-container-id="after"></vf-livechat>`, PAGE).shown, ['after']);
  });

  it('at most 100 ids, none longer than the API takes', () => {
    const many = Array.from({ length: 150 }, (_, i) => `<vf-conversations vf-container-id="c${i}"></vf-conversations>`).join('');
    assert.equal(containersOf(many, PAGE).shown.length, 100);
    assert.deepEqual(containersOf(`<vf-liveblog vf-container-id="${'x'.repeat(2049)}"></vf-liveblog>`, PAGE).shown, []);
  });
});
