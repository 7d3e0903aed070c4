/**
 * <vf-conversations> renders the XSS corpus (test/fixtures/xss) as inert text. Every payload is
 * posted through the real API as a comment's text and as its anonymous author's name, and the
 * OWASP payloads also as signed-up readers' names; the element then renders them 100 per
 * container. No element but the widget's own appears, no payload runs (a trap on window and on
 * dialogs stays empty), and each text and name reads exactly as the API returned it (which
 * test/server/xss-corpus.test.ts holds to the reader's text).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import type { Comment } from '../../core/api/types.ts';
import { XSS_CORPUS } from '../fixtures/xss/corpus.ts';
import { getContainer, newReader, postAnonymously, postComment, setAutoModeration, setSiteSettings, testConfig, unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $$, shadow } from './support/dom.ts';
import '../../elements/vf-conversations/define.ts';

type Trapped = Window & { __xss?: unknown };
const trapped = window as Trapped;
const dialogs: string[] = [];
const PER_CONTAINER = 100;
/** Containers of the corpus, each with the comments the API returned for it. */
const containers: { id: string; comments: Map<string, Comment> }[] = [];
/** Elements no payload may bring into the page (the widget itself renders none of them). */
const FOREIGN = 'script, iframe, frame, frameset, object, embed, applet, meta, base, link, bgsound, video, audio, source, math, style, input[type="image"]';
/** The ad vendor scripts vf loads from the site's settings (the test server's stand-ins, docs/ads.md) are not a payload's. */
const adVendorScript = (e: Element) => e.matches('script[data-vf-ad-vendor]') && (e as HTMLScriptElement).src.startsWith(`${testConfig().origin}/demo/vendors/`);
const foreignIn = (root: ParentNode) => [...root.querySelectorAll(FOREIGN)].filter((e) => !adVendorScript(e)).map((e) => e.outerHTML.slice(0, 80));
/** The test page's own such elements (the runner's scripts), before anything renders. */
let pageBaseline: string[] = [];

function addComment(comment: Comment): void {
  containers.at(-1)!.comments.set(comment.content_uuid, comment);
}

async function newContainer(): Promise<string> {
  const id = unique('xss-corpus');
  containers.push({ id, comments: new Map() });
  return (await getContainer(id)).content_container_uuid;
}

let automod: Record<string, unknown> | null = null;

before(async function () {
  this.timeout(180_000);
  pageBaseline = foreignIn(document);
  // The trap: payloads call alert/confirm/prompt or set window.__xss.
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    (window as unknown as Record<string, (message?: unknown) => undefined>)[name] = (message) => {
      dialogs.push(String(message));
      trapped.__xss = message ?? name;
      return undefined;
    };
  }
  await setSiteSettings({ enable_anonymous_comments: true });
  // Every payload must be shown: the demo's automatic moderation (links elsewhere held, scorers) is off meanwhile.
  automod = await setAutoModeration({ banned_words: [], suspect_words: [], links: 'off', spam_scorer: { enabled: false }, toxicity_scorer: { enabled: false } });
  await bootCore();
  let uuid = '';
  for (const payload of XSS_CORPUS) {
    if (!uuid || containers.at(-1)!.comments.size === PER_CONTAINER) uuid = await newContainer();
    // The name too when the name rules take it (≤ 50 characters), else a plain one.
    const named = await postAnonymously(uuid, payload.text, payload.text).catch(() => postAnonymously(uuid, payload.text, 'Corpus reader').catch(() => null));
    if (named) addComment(named);
  }
  // Signed-up readers named by the OWASP payloads (signups hash passwords: not all 700).
  for (const payload of XSS_CORPUS.filter((p) => p.source.startsWith('owasp'))) {
    const reader = await newReader(payload.text).catch(() => null);
    if (!reader) continue; // a name the signup rules refuse (test/server/xss-corpus.test.ts)
    if (containers.at(-1)!.comments.size === PER_CONTAINER) uuid = await newContainer();
    addComment(await postComment(reader, uuid, `Posted by a reader named ${payload.source}`));
  }
});

after(async () => {
  await setSiteSettings({ enable_anonymous_comments: false });
  if (automod) await setAutoModeration(automod);
});

/** Paragraphs as the element shows them (CommentText: blank lines separate paragraphs). */
const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim() !== '');

async function mount(containerId: string): Promise<HTMLElement> {
  const el = await fixture<HTMLElement>(html`<div></div>`);
  el.innerHTML = `<vf-conversations vf-container-id="${containerId}" limit="${PER_CONTAINER}" reply-limit="0"></vf-conversations>`;
  return el.firstElementChild as HTMLElement;
}

/** Two frames and a task: long enough for onerror/onload handlers queued by a render to run. */
const settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

describe('<vf-conversations> and the XSS corpus', () => {
  it('posted the corpus (nearly every payload is a valid comment)', () => {
    const posted = containers.reduce((n, c) => n + c.comments.size, 0);
    expect(posted).to.be.greaterThan(XSS_CORPUS.length * 0.9);
  });

  it('renders every container as inert text, exactly as the API returned it', async function () {
    this.timeout(180_000);
    for (const container of containers) {
      const el = await mount(container.id);
      await waitUntil(() => $$(el, 'article.vf-comment').length === container.comments.size, 'every comment rendered', { timeout: 20_000 });
      await settle();
      for (const article of $$(el, 'article.vf-comment')) {
        const comment = container.comments.get(article.dataset['uuid'] ?? '');
        expect(comment, 'a comment of this container').to.not.equal(undefined);
        const text = article.querySelector('.vf-comment__text')!;
        const author = article.querySelector('.vf-comment__author')!;
        expect([...text.children].map((p) => p.localName)).to.deep.equal(paragraphs(comment!.content).map(() => 'p'));
        expect([...text.children].map((p) => p.textContent)).to.deep.equal(paragraphs(comment!.content));
        for (const inner of text.querySelectorAll('p *')) {
          expect(inner.localName, 'only http(s) links inside the text').to.equal('a');
          expect((inner as HTMLAnchorElement).protocol).to.match(/^https?:$/);
        }
        expect(author.children.length, 'the name is text only').to.equal(0);
        expect(author.textContent).to.equal(comment!.actor.name);
      }
      expect(foreignIn(shadow(el)), 'no element a payload brought').to.deep.equal([]);
      expect($$(el, 'img, svg').filter((e) => !e.closest('.vf-avatar, button')).length, 'images and drawings are the widget\'s own').to.equal(0);
      expect(foreignIn(document), 'nothing leaked into the page').to.deep.equal(pageBaseline);
      expect(trapped.__xss, 'no payload ran').to.equal(undefined);
      expect(dialogs).to.deep.equal([]);
      el.parentElement!.remove();
    }
  });
});
