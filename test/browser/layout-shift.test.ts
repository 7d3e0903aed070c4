/**
 * No layout shift while an element loads (docs/performance.md "Layout shift"), against the real
 * server and the demo site's data: each element mounts between two blocks, at the width it has on
 * its demo page, and from its definition until it shows its data the block below it does not
 * move, nor does any `layout-shift` entry add up (elements/reserves.json).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/vf-analytics-dashboard/define.ts';
import '../../elements/vf-average-rating/define.ts';
import '../../elements/vf-live-story/define.ts';
import '../../elements/vf-media-gallery/define.ts';
import '../../elements/vf-moderation-queue/define.ts';
import '../../elements/vf-page-follow/define.ts';
import '../../elements/vf-poll/define.ts';
import '../../elements/vf-site-settings/define.ts';
import '../../elements/vf-topic-follow/define.ts';
import '../../elements/vf-tray-trigger/define.ts';
import '../../elements/vf-community-comments/define.ts';
import reserves from '../../elements/reserves.json';
import { expectedPollHeight, POLL_HEIGHT_PROPERTY } from '../../elements/vf-poll/expectedHeight.ts';
import { bootCore } from './support/boot.ts';
import { $, waitFor } from './support/dom.ts';
import { frame, loadBetweenBlocks } from './support/shifts.ts';
import { throttleFetch } from './support/network.ts';

const REVIEWED = 'demo-cookbook-bread';
const LIVEBLOG = 'demo-liveblog';
/** A poll in a live-blog post, with the box its post reserves from the live blog's poll list (PostPoll.tsx). */
const postPoll = (pollId: string, shape: { options: number; open: boolean; results: boolean }) =>
  `<vf-poll data-under-test poll-id="${pollId}" style="${POLL_HEIGHT_PROPERTY}: ${expectedPollHeight(shape)}"></vf-poll>`;

describe('no layout shift while an element loads', () => {
  before(() => bootCore());

  const inLine = (element: string) => `<p>Follow ${element} <span class="after">for the news</span></p>`;
  const cases: Array<[string, string, string, string]> = [
    ['<vf-poll>', '<vf-poll data-under-test poll-id="stadium-plan"></vf-poll>', '640px', '[part~="form"]'],
    // The demo live blog's poll: four options, its results shown before a vote.
    ['<vf-poll> in a live-blog post', postPoll('liveblog-bridge-poll', { options: 4, open: true, results: true }), '640px', '[part~="results"]'],
    ['<vf-average-rating>', `<vf-average-rating data-under-test vf-container-id="${REVIEWED}"></vf-average-rating>`, '384px', '[part~="count"]'],
    ['<vf-average-rating compact>', `<vf-average-rating data-under-test compact vf-container-id="${REVIEWED}"></vf-average-rating>`, '384px', '[part~="count"]'],
    ['<vf-topic-follow show-count> in a line of text', inLine('<vf-topic-follow data-under-test topic-id="politics" topic-name="Politics" show-count></vf-topic-follow>'), '640px', '[part~="count"]'],
    ['<vf-topic-follow> in a line of text', inLine('<vf-topic-follow data-under-test topic-id="city-budget" topic-name="City budget"></vf-topic-follow>'), '640px', '[part~="button"]'],
    ['<vf-page-follow> in a line of text', inLine('<vf-page-follow data-under-test></vf-page-follow>'), '640px', '[part~="button"]'],
    // The demo pages' masthead has one in its line of links.
    ['<vf-tray-trigger> in a line of text', inLine('<vf-tray-trigger data-under-test></vf-tray-trigger>'), '640px', '[part~="button"]'],
    ['<vf-live-story>', `<vf-live-story data-under-test vf-container-id="${LIVEBLOG}" href="/demo/liveblog.html" title="Live: City Marathon 2026"></vf-live-story>`, '672px', '[part~="list"]'],
    ['<vf-media-gallery>', `<vf-media-gallery data-under-test vf-container-id="${LIVEBLOG}" kind="liveblog"></vf-media-gallery>`, '672px', '[part~="grid"]'],
    // The staff elements, as the staging page's guest sees them: the prompt to log in.
    ['<vf-analytics-dashboard> (a guest)', '<vf-analytics-dashboard data-under-test></vf-analytics-dashboard>', '672px', '[part~="guest"]'],
    ['<vf-moderation-queue> (a guest)', '<vf-moderation-queue data-under-test></vf-moderation-queue>', '672px', '[part~="guest"]'],
    ['<vf-site-settings> (a guest)', '<vf-site-settings data-under-test></vf-site-settings>', '672px', '[part~="guest"]'],
  ];
  for (const [name, markup, width, loaded] of cases) {
    it(`${name}: what follows it stays where it was`, async () => {
      const { before, after, shift } = await loadBetweenBlocks(markup, width, loaded);
      expect(after[0], 'the block below, px').to.be.closeTo(before[0]!, 0.5);
      expect(after[1], 'the words after it in its line, px').to.be.closeTo(before[1]!, 0.5);
      expect(shift, 'layout-shift entries').to.be.at.most(0.001);
    });
  }

  it("a post's reserved box gives way to the poll once it shows: a box too large leaves no gap", async () => {
    const ownReserve = parseFloat(reserves['vf-poll']['min-height'].match(/[\d.]+rem/)![0]) * 16;
    const box = await fixture<HTMLElement>(html`<div style="width: 640px"></div>`);
    box.innerHTML = postPoll('stadium-plan', { options: 10, open: true, results: true });
    const poll = box.querySelector('vf-poll')!;
    expect(poll.getBoundingClientRect().height).to.be.above(2 * ownReserve, 'the reserved box, before');
    await waitFor(() => $(poll, '[part~="form"]'), 'the ballot');
    await frame();
    // The demo stadium poll is a three-option ballot, shorter than the element's own reserve.
    expect(poll.getBoundingClientRect().height).to.be.closeTo(ownReserve, 0.5);
  });

  it("a community view's loading state stays inside its box, its heading included, in a page's larger font", async () => {
    const box = await fixture<HTMLElement>(html`<div style="width: 672px; font: 18px/1.6 Georgia, serif"></div>`);
    // Its list is held until the skeleton was seen in three frames: on a loaded machine the list could
    // otherwise come before the first frame is drawn, and there would be no loading state to measure.
    const held = throttleFetch({ pattern: /[?&]show=/ });
    const loading: number[] = [];
    try {
      box.innerHTML = '<vf-community-comments data-under-test limit="5"></vf-community-comments>';
      const view = box.querySelector('vf-community-comments')!;
      while (!$(view, '[part~="list"], [part~="empty"], [part~="error"]')) {
        if ($(view, '[part~="skeleton"]')) loading.push(view.getBoundingClientRect().height);
        if (loading.length === 3) held.release();
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      expect(held.calls(), 'its list was held').to.be.at.least(1);
    } finally {
      held.restore();
    }
    const reserved = parseFloat(reserves['vf-community-comments']) * 16;
    expect(loading.length, 'frames with the skeleton').to.be.above(0);
    expect(Math.max(...loading), 'the loading state, px').to.be.closeTo(reserved, 0.5);
  });

  it('a vf element nested in a vf shadow root has its box before it is defined (a poll in a live-blog post)', async () => {
    const box = await fixture<HTMLElement>(html`<div><vf-topic-follow topic-id="politics"></vf-topic-follow></div>`);
    const root = box.querySelector('vf-topic-follow')!.shadowRoot!;
    // vf-users is not defined in this file: the host root's own sheets give it its box.
    const nested = document.createElement('vf-users');
    root.append(nested);
    expect(customElements.get('vf-users')).to.equal(undefined);
    expect(nested.getBoundingClientRect().height).to.be.closeTo(parseFloat(reserves['vf-users']) * 16, 0.1);
  });
});
