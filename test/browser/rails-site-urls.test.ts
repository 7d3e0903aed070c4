/**
 * The rails show only the site's links and pictures (elements/ui/useSiteUrls.ts), whatever is
 * stored: the server refuses a page off the site now (docs/api.md "Pages"), so a row stored before
 * it did is played here by adding one to the real server's answer, as such a row would come.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { createElement as h } from 'react';
import '../../elements/vf-trending-articles/define.ts';
import '../../elements/vf-community-comments/define.ts';
import type { CommunityComment, TrendingContainer } from '../../core/api/types.ts';
import { defineElement } from '../../elements/ui/defineElement.ts';
import { useSiteUrls } from '../../elements/ui/useSiteUrls.ts';
import { getContainer, newReader, postComment, unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $$, shadow, waitFor } from './support/dom.ts';
import { registerArticle } from './support/pages.ts';
import { article } from './support/trending.ts';

const EVIL = 'https://evil.example';
const SAMPLES = ['http://localhost/a', 'http://127.0.0.1:8080/b', `${EVIL}/phish`, 'http://localhost.evil.example/', 'javascript:alert(1)', 'https://cdn.example/a.jpg'];

function SiteUrlsProbe() {
  const site = useSiteUrls();
  return h('output', null, JSON.stringify(SAMPLES.map((url) => [site.link(url), site.image(url)])));
}
defineElement('vf-test-site-urls', { component: SiteUrlsProbe, props: {} });

/** Adds `extra` to the `contents` of every answer from a call whose address matches `pattern`. */
function addToAnswers(pattern: RegExp, extra: (contents: unknown[]) => unknown[]): () => void {
  const real = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await real(input, init);
    if (!pattern.test(String(input instanceof Request ? input.url : input)) || !response.ok) return response;
    const body = (await response.json()) as { result: { contents: unknown[] } };
    body.result.contents = extra(body.result.contents);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return () => void (window.fetch = real);
}

async function mount(tag: string, attrs: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<${tag} ${attrs}></${tag}>`;
  return wrapper.firstElementChild as HTMLElement;
}

const addresses = (el: Element) => [...$$<HTMLAnchorElement>(el, 'a').map((a) => a.href), ...$$<HTMLImageElement>(el, 'img').map((img) => img.src)];

describe('the rails keep to the site', () => {
  before(bootCore);

  it("useSiteUrls keeps a link on the site's domains (bootstrap) and a picture there too; nothing else", async () => {
    const el = await fixture<HTMLElement>(html`<vf-test-site-urls></vf-test-site-urls>`);
    await waitFor(() => shadow(el).querySelector('output'), 'rendered');
    expect(JSON.parse(shadow(el).querySelector('output')!.textContent!)).to.deep.equal([
      ['http://localhost/a', 'http://localhost/a'], ['http://127.0.0.1:8080/b', 'http://127.0.0.1:8080/b'], [null, null], [null, null], [null, null], [null, null],
    ]);
  });

  it('<vf-trending-articles> leaves out an article off the site and a picture off it', async () => {
    const author = await newReader('Rail Author');
    const own = await article(author, 'Our own story', 3, { url: `${location.origin}/demo/liveblog-bridge.png`, alt: 'A bridge' });
    const restore = addToAnswers(/\/trending\?/, (contents) => {
      const real = (contents as TrendingContainer[]).find((item) => item.container_id === own)!;
      const legacy = (id: string, page: TrendingContainer['page']) => ({ ...real, container_id: id, content_container_uuid: unique('legacy'), page });
      return [
        legacy('prize-1', { title: 'Win a prize', url: `${EVIL}/phish`, image_url: `${EVIL}/pixel.gif`, image_alt: null }),
        legacy('pixel', { title: 'A story with a pixel', url: `${location.origin}/pixel-story`, image_url: `${EVIL}/pixel.gif`, image_alt: null }),
        ...contents,
      ];
    });
    try {
      const el = await mount('vf-trending-articles', 'thumbnail="true" limit="100" days-published="all"');
      await waitFor(() => $$(el, '[part="headline"]').some((h) => h.textContent === 'Our own story'), 'articles shown');
      const headlines = $$(el, '[part="headline"]').map((h) => h.textContent);
      expect(headlines).to.include('A story with a pixel');
      expect(headlines).not.to.include('Win a prize');
      expect(addresses(el).filter((url) => url.startsWith(EVIL))).to.deep.equal([]);
      expect(addresses(el)).to.include(`${location.origin}/demo/liveblog-bridge.png`);
    } finally {
      restore();
    }
  });

  it('<vf-community-comments> shows no link to a page off the site', async () => {
    const containerId = unique('rail-community');
    const [reader, container] = [await newReader('Rail Reader'), await getContainer(containerId)];
    await registerArticle(containerId, 'A page of ours');
    await postComment(reader, container.content_container_uuid, 'On our page');
    await postComment(reader, container.content_container_uuid, 'Made to look elsewhere');
    const restore = addToAnswers(/\/comments\?/, (contents) =>
      (contents as CommunityComment[]).map((c) => (c.content === 'Made to look elsewhere' ? { ...c, page: { title: 'Win a prize', url: `${EVIL}/phish` } } : c)),
    );
    try {
      const el = await mount('vf-community-comments', `vf-container-id="${containerId}"`);
      await waitFor(() => $$(el, '[part="item"]').length === 2, 'two comments');
      const links = $$<HTMLAnchorElement>(el, '[part="link"]');
      expect(links.map((a) => a.textContent)).to.deep.equal(['Read it on “A page of ours”']);
      expect(addresses(el).filter((url) => url.startsWith(EVIL))).to.deep.equal([]);
    } finally {
      restore();
    }
  });
});
