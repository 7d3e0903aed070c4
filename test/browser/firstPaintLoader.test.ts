/**
 * The loader's half of the server-rendered first paint (core/loader/firstPaint.ts) against the
 * real server's demo conversation: it paints the element's shadow root with the server's markup
 * and styles (constructed sheets, inline styles set through the elements' style objects), marks the host, adds the structured data; it paints nothing when the publisher
 * turned it off, when it cannot name the container, for a deeplink, or when the server has no
 * markup; and the scheduler loads the element's chunk after a paint only on idle or use.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { FIRST_PAINT_ATTR, paintFirst } from '../../core/loader/firstPaint.ts';
import { createChunkScheduler } from '../../core/loader/schedule.ts';
import { manualTimers } from '../support/manualTimers.ts';
import { testConfig } from './support/api.ts';

const DEMO = 'demo-article-river-trees';
const origin = () => testConfig().origin;

async function conversation(attributes = `vf-container-id="${DEMO}"`): Promise<HTMLElement> {
  const holder = await fixture<HTMLElement>(html`<div></div>`);
  holder.innerHTML = `<vf-conversations ${attributes}></vf-conversations>`;
  return holder.firstElementChild as HTMLElement;
}

describe('first paint: the loader', () => {
  // The server loads its renderer at its first render, which can outlast the loader's 3 s on a busy machine.
  before(() => fetch(`${origin()}/api/first-paint/vf-conversations?domain=127.0.0.1&container_id=${DEMO}`));

  it("paints the server's markup and styles into the element's shadow root, with its structured data", async () => {
    const el = await conversation(`vf-container-id="${DEMO}" limit="3" reply-limit="0"`);
    expect(await paintFirst(el, origin())).to.equal(true);
    const root = el.shadowRoot!;
    expect(root.adoptedStyleSheets.length).to.equal(2, 'constructed sheets, which a strict Content-Security-Policy allows');
    expect(root.querySelector('style')).to.equal(null);
    expect(root.querySelector('h2')!.textContent).to.match(/^\d+ comments$/);
    expect(root.querySelectorAll('[part~="comment"]').length).to.equal(3, 'its attributes were sent');
    expect(getComputedStyle(root.querySelector('[part~="comment"]')!).display).to.not.equal('inline', 'styled');
    expect(getComputedStyle(root.querySelector('[part="ad-space"]')!).height).to.equal('250px', "the markup's inline style");
    expect(root.querySelector('[data-vf-style]')).to.equal(null);
    expect(el.getAttribute(FIRST_PAINT_ATTR)).to.match(/^[0-9a-z]+\.[0-9a-z]+$/);
    expect(el.getAttribute('lang')).to.equal('en-US');
    const script = el.querySelector('script[type="application/ld+json"]')!;
    const data = JSON.parse(script.textContent!);
    expect(data['@type']).to.equal('DiscussionForumPosting');
    expect(data.url).to.equal(location.href.split('#')[0]);
    expect(data.headline).to.equal(document.title);
    expect(script.textContent).to.not.include('<', 'a "</script>" in a comment cannot end the script');
  });

  it('paints nothing when turned off, when the container cannot be named, for a deeplink, or without markup', async () => {
    const meta = document.createElement('meta');
    const config = (window as unknown as { vfConfig: Record<string, unknown> }).vfConfig;
    const cases: Array<[string, () => Promise<HTMLElement>, () => void]> = [
      ['the element says off', () => conversation(`vf-container-id="${DEMO}" first-paint="off"`), () => {}],
      ['the page says off', async () => {
        meta.name = 'vf:first_paint';
        meta.content = 'off';
        document.head.append(meta);
        return conversation();
      }, () => meta.remove()],
      ['the site config says off', async () => {
        config['firstPaint'] = false;
        return conversation();
      }, () => delete config['firstPaint']],
      ['no container id anywhere', () => conversation(''), () => {}],
      ['a linked comment', () => conversation(`vf-container-id="${DEMO}" deeplink="0b5e7c1a-2d3f-4a5b-8c9d-0e1f2a3b4c5d"`), () => {}],
      ['a container that does not exist', () => conversation('vf-container-id="never-commented-here"'), () => {}],
    ];
    for (const [why, make, undo] of cases) {
      try {
        const el = await make();
        expect(await paintFirst(el, origin()), why).to.equal(false);
        expect(el.shadowRoot, why).to.equal(null);
        expect(el.hasAttribute(FIRST_PAINT_ATTR), why).to.equal(false);
      } finally {
        undo();
      }
    }
  });

  it('leaves an element that already rendered itself alone', async () => {
    const el = await conversation();
    el.attachShadow({ mode: 'open' }).innerHTML = '<p>its own</p>';
    expect(await paintFirst(el, origin())).to.equal(false);
    expect(el.shadowRoot!.innerHTML).to.equal('<p>its own</p>');
  });
});

describe('first paint: the scheduler', () => {
  it('after a paint, hands the chunk load to afterPaint; without one, loads at once', async () => {
    const root = await fixture<HTMLElement>(html`<div><vf-conversations></vf-conversations><vf-pull-quote></vf-pull-quote></div>`);
    const loaded: string[] = [];
    const deferred: string[] = [];
    let go: (() => void) | null = null;
    const schedule = createChunkScheduler({
      load: (kind) => loaded.push(kind),
      timers: manualTimers(),
      rules: {},
      paint: (el) => Promise.resolve(el.localName === 'vf-conversations'),
      afterPaint: (el, load) => {
        deferred.push(el.localName);
        go = load;
      },
    });
    schedule([...root.children]);
    await Promise.resolve();
    await Promise.resolve();
    expect(loaded).to.deep.equal(['vf-pull-quote'], 'nothing painted: loads as before');
    expect(deferred).to.deep.equal(['vf-conversations']);
    go!();
    expect(loaded).to.deep.equal(['vf-pull-quote', 'vf-conversations']);
  });
});
