/**
 * <vf-live-story> against the real vf server (HTTP) with a mock realtime feed: the latest posts
 * of a live blog (limit clamped 1–10, default 3), the "Follow the live blog" link (http(s) or
 * relative, on the site's domains only), its title, live updates and the loading, empty and error states.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, buttonByText, waitFor } from './support/dom.ts';
import { liveEvent, mountLive, publish, seedLiveblog, throttleLiveblog, unmountLive } from './support/liveblog.ts';
import { startMockFeed } from './support/realtime.ts';
import '../../elements/vf-live-story/define.ts';

const feed = startMockFeed();

before(bootCore);
afterEach(unmountLive);

const mount = (id: string, attrs = '') => mountLive('vf-live-story', id, attrs);
const texts = (el: Element) => $$(el, '[part="list"] .vf-rich-text').map((t) => t.textContent ?? '');

describe('<vf-live-story>', () => {
  it('shows the three latest posts, newest first, under "Live", with a link to the live blog', async () => {
    const id = unique('story');
    await seedLiveblog(id, ['One', 'Two', 'Three', 'Four']);
    const el = await mount(id, 'href="/live/match"');
    await waitUntil(() => texts(el).length === 3, 'three posts');
    expect(texts(el)).to.deep.equal(['Four', 'Three', 'Two']);
    expect($(el, '[part="title"]')?.textContent).to.equal('Live');
    expect($(el, '[part="author"]')?.textContent).to.equal('Demo Moderator');
    const follow = $<HTMLAnchorElement>(el, '[part="follow"]')!;
    expect(follow.textContent).to.equal('Follow the live blog');
    expect(follow.href).to.equal(new URL('/live/match', document.baseURI).href);
    expect($(el, 'section')?.getAttribute('aria-labelledby')).to.equal($(el, '[part="title"]')?.id);
    await expect(el).to.be.accessible();
  });

  it('limit is clamped to 1–10 (other values take 3); title replaces the heading', async () => {
    const id = unique('story-limit');
    await seedLiveblog(id, ['A', 'B', 'C', 'D', 'E']);
    const one = await mount(id, 'limit="1" title="Match day"');
    await waitUntil(() => texts(one).length === 1, 'one post');
    expect(texts(one)).to.deep.equal(['E']);
    expect($(one, '[part="title"]')?.textContent).to.equal('Match day');
    const tooMany = await mount(id, 'limit="50"');
    await waitUntil(() => texts(tooMany).length === 3, 'the default of 3');
  });

  it("ignores an href that is not http(s) or relative, or not on the site's domains", async () => {
    const id = unique('story-href');
    await seedLiveblog(id, ['Only post']);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', ' JavaScript:alert(1)']) {
      const el = await mount(id, `href="${bad}"`);
      await waitUntil(() => texts(el).length === 1, 'rendered');
      expect($(el, '[part="follow"]')).to.equal(null, bad);
    }
    const elsewhere = await mount(id, 'href="https://news.example/live"');
    await waitUntil(() => texts(elsewhere).length === 1, 'rendered');
    expect($(elsewhere, '[part="follow"]')).to.equal(null, 'off the site');
    const absolute = await mount(id, 'href="http://127.0.0.1/live"');
    const link = await waitFor(() => $<HTMLAnchorElement>(absolute, '[part="follow"]'), 'link');
    expect(link.href).to.equal('http://127.0.0.1/live');
  });

  it('a post published live shows at the top and the oldest shown one goes', async () => {
    const id = unique('story-live');
    const { container } = await seedLiveblog(id, ['1st', '2nd', '3rd']);
    const el = await mount(id);
    await waitUntil(() => texts(el).length === 3, 'three posts');
    const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
    feed.send(sub, await liveEvent('created', await publish(container.content_container_uuid, '4th')));
    await waitUntil(() => texts(el)[0] === '4th', 'the new post on top');
    expect(texts(el)).to.deep.equal(['4th', '3rd', '2nd']);
    expect($(el, '[role="status"]')?.textContent).to.equal('1 new post published');
  });

  describe('states', () => {
    it('loading: a labelled skeleton', async () => {
      const slow = throttleLiveblog();
      try {
        const el = await mount(unique('story-loading'));
        await waitFor(() => $(el, '[part="skeleton"][aria-label="Loading the latest posts…"]'), 'skeleton');
        await expect(el).to.be.accessible();
        slow.release();
        await waitFor(() => $(el, '[part="empty"]'), 'loaded');
      } finally {
        slow.restore();
      }
    });

    it('empty: "No posts yet."', async () => {
      const el = await mount(unique('story-empty'));
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
      expect(empty.textContent).to.equal('No posts yet.');
      await expect(el).to.be.accessible();
    });

    it('error: says so with Retry, and Retry loads it', async () => {
      const id = unique('story-error');
      await seedLiveblog(id, ['Back again']);
      const flaky = throttleLiveblog({ failures: 1 });
      try {
        const el = await mount(id);
        const error = await waitFor(() => $(el, '[part="error"]'), 'error');
        expect(error.textContent).to.contain("The live blog couldn't be loaded.");
        await expect(el).to.be.accessible();
        buttonByText(el, 'Retry')!.click();
        await waitUntil(() => texts(el)[0] === 'Back again', 'loaded on Retry');
      } finally {
        flaky.restore();
      }
    });
  });
});
