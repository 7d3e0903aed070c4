/** <vf-pull-quote> against the real server: which comment it quotes, how it cuts, its states. */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { adminToken, getContainer, setContainerSettings, newReader, postComment, seedConversation, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, buttonByText, shadow, waitFor } from './support/dom.ts';
import '../../elements/vf-pull-quote/define.ts';
import { cutQuote, quotable, quoteType } from '../../elements/vf-pull-quote/quoteText.ts';
import type { Comment } from '../../core/api/types.ts';

let author: Reader;
let fans: Reader[];

before(async () => {
  await bootCore();
  author = await newReader('Quoted Author');
  fans = [await newReader('Fan One'), await newReader('Fan Two')];
});

/** A reader's like, or (`pick`) the demo admin's editor's pick, through the real API. */
async function mark(what: 'like' | 'pick', token: string, containerUuid: string, contentUuid: string): Promise<void> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/${containerUuid}/comments/${contentUuid}/${what}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.text()).to.equal(200);
}
const like = (reader: Reader, containerUuid: string, contentUuid: string) => mark('like', reader.token, containerUuid, contentUuid);

const state = (el: Element) => el.getAttribute('data-vf-state');

async function mount(markup: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = markup;
  return wrapper.querySelector('vf-pull-quote') as HTMLElement;
}

/** A conversation of one comment ("<text> 1") with one like; returns the comment. */
async function oneLikedComment(containerId: string, text: string): Promise<Comment> {
  const container = await seedConversation(author, containerId, 1, text);
  const [comment] = (await listAll(container.content_container_uuid)).contents;
  await like(fans[0]!, container.content_container_uuid, comment!.content_uuid);
  return comment!;
}

const quoteText = (el: Element) => $(el, '[part="quote"]')?.textContent ?? null;

describe('<vf-pull-quote>', () => {
  describe('type', () => {
    it('likes (default): quotes the most liked comment with its author and a heading', async () => {
      const id = unique('quote-likes');
      const container = await seedConversation(author, id, 3, 'River note');
      const { contents } = await listAll(container.content_container_uuid);
      const second = contents.find((c) => c.content === 'River note 2')!;
      for (const fan of fans) await like(fan, container.content_container_uuid, second.content_uuid);
      await like(fans[0]!, container.content_container_uuid, contents.find((c) => c.content === 'River note 3')!.content_uuid);
      const el = await mount(`<vf-pull-quote vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => quoteText(el) === 'River note 2', 'most liked quoted');
      expect($(el, '[part="author"]')!.textContent).to.equal('— Quoted Author');
      expect($(el, '[part="title"]')!.textContent).to.equal('Most liked comment');
    });

    it('replies: quotes the comment with the most replies; the title attribute names it', async () => {
      const id = unique('quote-replies');
      const container = await seedConversation(author, id, 2, 'Bridge note');
      const { contents } = await listAll(container.content_container_uuid);
      const first = contents.find((c) => c.content === 'Bridge note 1')!;
      await postComment(fans[0]!, container.content_container_uuid, 'A reply', first.content_uuid);
      const el = await mount(`<vf-pull-quote type="replies" title="Readers are talking" vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => quoteText(el) === 'Bridge note 1', 'most replied quoted');
      expect($(el, '[part="title"]')!.textContent).to.equal('Readers are talking');
    });

    it('editors_pick: quotes the newest pick, not a newer unpicked comment', async () => {
      const id = unique('quote-picked');
      const container = await seedConversation(author, id, 3, 'Pick note');
      const { contents } = await listAll(container.content_container_uuid);
      const admin = await adminToken();
      for (const n of [1, 2]) await mark('pick', admin, container.content_container_uuid, contents.find((c) => c.content === `Pick note ${n}`)!.content_uuid);
      const el = await mount(`<vf-pull-quote type="editors_pick" vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => quoteText(el) === 'Pick note 2', 'newest pick quoted');
      expect($(el, '[part="title"]')!.textContent).to.equal("Editor's pick");
    });

    it('editors_pick: shows nothing while the conversation has no pick', async () => {
      const id = unique('quote-picks');
      await seedConversation(author, id, 2, 'Unpicked');
      const el = await mount(`<vf-pull-quote type="editors_pick" vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => state(el) === 'empty', 'nothing to quote');
      expect(shadow(el).textContent).to.equal('');
    });

    it('shows nothing when no comment has a like yet, and takes no space', async () => {
      const id = unique('quote-none');
      await seedConversation(author, id, 2, 'Unliked');
      const el = await mount(`<vf-pull-quote vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => state(el) === 'empty', 'nothing to quote');
      expect(shadow(el).textContent).to.equal('');
      expect(el.getBoundingClientRect().height).to.equal(0);
    });
  });

  describe('max-characters', () => {
    it('cuts a long comment on a word boundary with an ellipsis; the default is 150', async () => {
      const words = 'Shade along the river walk has made summer evenings bearable again for everyone who lives nearby and walks their dogs there after work';
      const long = `${words} ${words}`;
      const id = unique('quote-long');
      const container = await getContainer(id);
      const comment = await postComment(author, container.content_container_uuid, long);
      await like(fans[0]!, container.content_container_uuid, comment.content_uuid);
      const el = await mount(`<vf-pull-quote vf-container-id="${id}" max-characters="40"></vf-pull-quote>`);
      await waitUntil(() => quoteText(el) === 'Shade along the river walk has made…', 'cut at 40');
      el.setAttribute('max-characters', 'lots');
      await waitUntil(() => (quoteText(el) ?? '').length > 40, 'back to the default');
      const text = quoteText(el)!;
      expect(text.length).to.be.within(130, 150);
      expect(text.endsWith('…')).to.equal(true);
      const kept = text.slice(0, -1);
      expect(long.startsWith(kept) && long[kept.length] === ' ', 'a prefix ending at a word').to.equal(true);
    });
  });

  describe('states', () => {
    it('quotes nothing from a hidden conversation to readers', async () => {
      const id = unique('quote-hidden');
      const liked = await oneLikedComment(id, 'Hidden note');
      await setContainerSettings(liked.content_container_uuid, { is_hidden: true });
      const el = await mount(`<vf-pull-quote vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => state(el) === 'empty', 'nothing quoted');
      expect(shadow(el).textContent).to.equal('');
    });

    it('shows an error with Retry when the container cannot be read', async () => {
      const el = await mount(`<vf-pull-quote vf-container-id="${'x'.repeat(201)}"></vf-pull-quote>`);
      const error = await waitFor(() => $(el, '[part="error"]'), 'error shown');
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.textContent).to.contain("The quote couldn't be loaded.");
      expect(buttonByText(el, 'Retry')).to.not.equal(null);
    });
  });

  describe('the conversation button', () => {
    it('scrolls to the target conversation, focuses it and fires vf-pull-quote-activated', async () => {
      const id = unique('quote-target');
      const liked = await oneLikedComment(id, 'Target note');
      const wrapper = await fixture<HTMLElement>(html`<div></div>`);
      wrapper.innerHTML = `<vf-pull-quote target="story-comments" vf-container-id="${id}"></vf-pull-quote>
        <div style="height:3000px"></div><div id="story-comments" style="height:50px"></div>`;
      const el = wrapper.querySelector('vf-pull-quote')!;
      const button = await waitFor(() => buttonByText(el, 'Read the conversation'), 'button shown');
      const activated = oneEvent(el, 'vf-pull-quote-activated');
      button.click();
      const event = await activated;
      expect(event.detail).to.deep.equal({ contentUuid: liked.content_uuid, found: true });
      expect(document.activeElement).to.equal(wrapper.querySelector('#story-comments'));
      window.scrollTo(0, 0);
    });

    it('is not offered when the page has no such conversation', async () => {
      const id = unique('quote-no-target');
      await oneLikedComment(id, 'Lonely note');
      const el = await mount(`<vf-pull-quote target="#nowhere" vf-container-id="${id}"></vf-pull-quote>`);
      await waitUntil(() => quoteText(el) === 'Lonely note 1', 'quoted');
      expect(buttonByText(el, 'Read the conversation')).to.equal(null);
    });
  });

  it('is accessible', async () => {
    const id = unique('quote-a11y');
    await oneLikedComment(id, 'Accessible note');
    const wrapper = await fixture<HTMLElement>(html`<div></div>`);
    wrapper.innerHTML = `<vf-pull-quote target="#c" vf-container-id="${id}"></vf-pull-quote><div id="c"></div>`;
    const el = wrapper.querySelector('vf-pull-quote')!;
    await waitFor(() => buttonByText(el, 'Read the conversation'), 'rendered');
    await expect(wrapper).to.be.accessible();
  });

  describe('rules', () => {
    it('cuts on a word boundary, counting the ellipsis, and inside a single over-long word', () => {
      expect(cutQuote('short', 150)).to.equal('short');
      expect(cutQuote('one  two\nthree', 150)).to.equal('one two three');
      expect(cutQuote('alpha beta gamma', 11)).to.equal('alpha beta…');
      expect(cutQuote('alpha beta, gamma', 12)).to.equal('alpha beta…');
      expect(cutQuote('supercalifragilistic', 6)).to.equal('super…');
      expect(Array.from(cutQuote('😀😀😀😀 😀😀', 6))).to.have.length(5);
    });

    it('an unknown type is likes; only a liked, replied-to or picked comment qualifies', () => {
      expect(quoteType('editors_pick')).to.equal('editors_pick');
      expect(quoteType('bogus')).to.equal('likes');
      const comment = { content: 'x', total_likes: 0, total_replies: 2, is_picked: false } as Comment;
      expect(quotable(comment, 'likes')).to.equal(null);
      expect(quotable(comment, 'replies')).to.equal(comment);
      expect(quotable(comment, 'editors_pick')).to.equal(null);
      expect(quotable({ ...comment, is_picked: true }, 'editors_pick')).to.not.equal(null);
    });
  });
});

async function listAll(containerUuid: string): Promise<{ contents: Comment[] }> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/${containerUuid}/comments?limit=100`);
  return ((await res.json()) as { result: { contents: Comment[] } }).result;
}
