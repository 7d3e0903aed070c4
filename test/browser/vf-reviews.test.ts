/**
 * <vf-review-form>, <vf-average-rating>, <vf-reviews> and <vf-user-ratings> against the real
 * server: writing and editing a review by keyboard, the guest's prompt, the average and its
 * bars, sorting, helpful votes, moderation, live updates, a reader's ratings, and every state.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-review-form/define.ts';
import '../../elements/vf-average-rating/define.ts';
import '../../elements/vf-reviews/define.ts';
import '../../elements/vf-user-ratings/define.ts';
import type { RatingAnswer } from '../../core/api/reviewTypes.ts';
import { getStore } from '../../core/store/index.ts';
import { newReader, unique, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut, MODERATOR } from './support/login.ts';
import { throttleFetch } from './support/network.ts';
import { asModerator, reviewsCall, reviewsContainer, writeReview } from './support/reviews.ts';

async function mount(tag: string, attrs: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<${tag} ${attrs}></${tag}>`;
  return wrapper.firstElementChild as HTMLElement;
}

const ratingsOf = (el: Element) => $$(el, '[part="review"] [part="stars"]').map((s) => s.getAttribute('aria-label'));

describe('reviews elements', () => {
  let others: Reader[];

  before(async () => {
    await bootCore();
    others = [await newReader('Rosa Baker'), await newReader('Tom Cook'), await newReader('Ida Chef')];
  });

  afterEach(async () => {
    if (getStore().getState().session.user?.user_privilege !== 'guest' && getStore().getState().session.user) await logOut();
  });

  describe('<vf-review-form>', () => {
    it('asks a guest to log in; axe finds nothing', async () => {
      const el = await mount('vf-review-form', `vf-container-id="${unique('guest')}"`);
      const login = await waitFor(() => $<HTMLButtonElement>(el, '[part="login"]'), 'login button');
      await expect(el).to.be.accessible();
      published.length = 0;
      login.click();
      await waitFor(() => $(el, 'dialog[open]'), 'login dialog');
      expect(published.some((p) => p.channel === 'authentication' && p.name === 'needed')).to.equal(true);
    });

    it('by keyboard: stars with the arrow keys, title and text, Enter posts; then edit; the server agrees', async () => {
      const id = unique('keyboard');
      const reader = await newReader('Keyboard Reviewer');
      await logIn(reader);
      const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
      wrapper.insertAdjacentHTML('beforeend', `<vf-review-form vf-container-id="${id}"></vf-review-form>`);
      const el = wrapper.lastElementChild as HTMLElement;
      await waitFor(() => $(el, '[part~="form"]'), 'form');
      await expect(el).to.be.accessible();

      // Posting without stars says what is missing and sends nothing.
      const posts = throttleFetch({ pattern: /\/reviews\/[^/]+\/[^/]+\/reviews$/, method: 'POST' });
      posts.release(); // counted, not held
      buttonByText(el, 'Post review')!.click();
      const problem = await waitFor(() => $(el, '[part="problem"]'), 'problem');
      expect(problem.textContent).to.equal('Choose a rating from 1 to 5 stars.');
      expect(posts.calls()).to.equal(0);
      posts.restore();

      (wrapper.querySelector('#before') as HTMLButtonElement).focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement?.getAttribute('type')).to.equal('radio');
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowRight' });
      expect((shadow(el).activeElement as HTMLInputElement).value).to.equal('4');
      expect((shadow(el).activeElement as HTMLInputElement).checked).to.equal(true);
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'Worth every page' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'The sourdough chapter is superb.' });
      const saved: unknown[] = [];
      el.addEventListener('vf-review-saved', (e) => saved.push((e as CustomEvent).detail));
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Enter' });
      const own = await waitFor(() => $(el, '[part="own"]'), 'own review shown');
      expect(own.querySelector('[part="stars"]')!.getAttribute('aria-label')).to.equal('4 out of 5 stars');
      expect(own.textContent).to.contain('Worth every page').and.contain('The sourdough chapter is superb.');
      expect($(el, '[part="status"]')!.textContent).to.equal('Your review was saved.');
      expect(saved).to.have.length(1);
      expect(saved[0]).to.include({ rating: 4, isNew: true });
      await expect(el).to.be.accessible();

      buttonByText(el, 'Edit your review')!.click();
      await waitFor(() => $(el, '[part~="form"]'), 'form again');
      const radios = $$<HTMLInputElement>(el, 'input[type="radio"]');
      expect(radios[3]!.checked).to.equal(true);
      radios[1]!.click();
      buttonByText(el, 'Update review')!.click();
      await waitUntil(() => $(el, '[part="own"] [part="stars"]')?.getAttribute('aria-label') === '2 out of 5 stars', 'updated');
      const c = await reviewsContainer(id);
      const answer = await reviewsCall<RatingAnswer>(reader.token, 'GET', c.content_container_uuid, 'ratings');
      expect(answer.rating).to.include({ rating: 2, title: 'Worth every page' });
      expect(answer.ratings.count).to.equal(1);
    });

    it('a page closed to reviews says so', async () => {
      const id = unique('closed');
      const c = await reviewsContainer(id);
      await reviewsCall(await asModerator(), 'POST', c.content_container_uuid, 'settings', { is_closed: true });
      await logIn(await newReader('Late Reviewer'));
      const el = await mount('vf-review-form', `vf-container-id="${id}"`);
      const closed = await waitFor(() => $(el, '[part="closed"]'), 'closed notice');
      expect(closed.textContent).to.equal('Reviews are closed on this page.');
      await expect(el).to.be.accessible();
    });
  });

  describe('<vf-average-rating> and <vf-reviews>', () => {
    it('average, bars, sort, helpful votes, live updates and a moderator’s disable', async () => {
      const id = unique('product');
      await writeReview(others[0]!, id, { rating: 5, title: 'Superb', content: 'Every recipe worked.' });
      await writeReview(others[1]!, id, { rating: 2, content: 'Too many exotic ingredients.' });
      await writeReview(others[2]!, id, { rating: 3 });
      const reader = await newReader('Helpful Reader');
      await logIn(reader);
      const wrapper = await fixture<HTMLElement>(html`<div></div>`);
      wrapper.innerHTML = `<vf-average-rating vf-container-id="${id}"></vf-average-rating><vf-reviews vf-container-id="${id}"></vf-reviews>`;
      const [average, list] = [...wrapper.children] as HTMLElement[];

      await waitUntil(() => $(average!, '[part="count"]')?.textContent === '3 ratings', 'average loaded');
      expect($(average!, '[part="value"]')!.textContent).to.equal('3.3');
      expect($$(average!, '[part="bar-row"] .vf-visually-hidden').map((r) => r.textContent)).to.deep.equal([
        '5 stars: 1 review', '4 stars: 0 reviews', '3 stars: 1 review', '2 stars: 1 review', '1 star: 0 reviews',
      ]);
      await expect(average!).to.be.accessible();
      const ld = await waitFor(() => document.head.querySelector('script[type="application/ld+json"][data-vf-reviews]'), 'structured data');
      const data = JSON.parse(ld.textContent!) as { aggregateRating: { ratingValue: number; reviewCount: number }; review: unknown[] };
      expect(data.aggregateRating).to.include({ ratingValue: 3.3, reviewCount: 3 });
      expect(data.review).to.have.length(3);

      await waitUntil(() => ratingsOf(list!).length === 3, 'three reviews');
      expect(ratingsOf(list!)).to.deep.equal(['3 out of 5 stars', '2 out of 5 stars', '5 out of 5 stars']);
      const sort = $<HTMLSelectElement>(list!, '[part="sort"]')!;
      sort.value = 'highest';
      sort.dispatchEvent(new Event('change', { bubbles: true }));
      await waitUntil(() => ratingsOf(list!)[0] === '5 out of 5 stars', 'highest first');
      expect(ratingsOf(list!)).to.deep.equal(['5 out of 5 stars', '3 out of 5 stars', '2 out of 5 stars']);
      await expect(list!).to.be.accessible();

      const helpful = $<HTMLButtonElement>(list!, '[part="helpful"]')!;
      expect(helpful.getAttribute('aria-label')).to.equal('Mark Rosa Baker’s review as helpful (0 votes)');
      helpful.click();
      await waitUntil(() => $(list!, '[part="helpful"]')?.getAttribute('aria-pressed') === 'true', 'voted');
      expect($(list!, '[part="helpful"]')!.textContent).to.equal('Helpful (1)');

      // Another reader reviews elsewhere: both elements follow, and the live region says so.
      const late = await newReader('Late Cook');
      await writeReview(late, id, { rating: 4, content: 'Lovely photos.' });
      await waitUntil(() => $(average!, '[part="count"]')?.textContent === '4 ratings', 'average live', { timeout: 10_000 });
      await waitUntil(() => ratingsOf(list!).length === 4, 'list live', { timeout: 10_000 });
      expect($(list!, '[part="live"]')!.textContent).to.equal('Reviews updated: 4 reviews');

      // A moderator disables the 2-star review: it leaves the average at once.
      await logOut();
      await logIn(MODERATOR);
      await waitFor(() => $(list!, '[part="comment-menu-button"][aria-label^="Moderate"]'), 'moderator menu');
      const target = $$(list!, '[part="review"]').find((r) => r.textContent!.includes('Too many exotic'))!;
      target.querySelector<HTMLButtonElement>('[part="comment-menu-button"]')!.click();
      const item = await waitFor(() => [...target.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((m) => m.textContent === 'Disable'), 'Disable item');
      item.click();
      await waitUntil(() => $(average!, '[part="count"]')?.textContent === '3 ratings', 'disabled review left the average');
      await waitUntil(() => $$(list!, '[part="state"]').some((b) => b.textContent === 'Disabled'), 'moderator sees the badge');
    });

    it('empty: no reviews, no ratings', async () => {
      const id = unique('empty');
      const wrapper = await fixture<HTMLElement>(html`<div></div>`);
      wrapper.innerHTML = `<vf-average-rating vf-container-id="${id}"></vf-average-rating><vf-reviews vf-container-id="${id}"></vf-reviews>`;
      const [average, list] = [...wrapper.children] as HTMLElement[];
      expect((await waitFor(() => $(average!, '[part="empty"]'), 'average empty')).textContent).to.equal('No ratings yet.');
      expect((await waitFor(() => $(list!, '[part="empty"]'), 'list empty')).textContent).to.equal('No reviews yet. Be the first to write one.');
      await expect(average!).to.be.accessible();
      await expect(list!).to.be.accessible();
    });

    it('loading keeps space with a labelled skeleton; error shows Retry; offline says so', async () => {
      const held = throttleFetch({ pattern: /\/reviews\/[^/]+\/[^/]+\/reviews\?/ });
      try {
        const el = await mount('vf-reviews', `vf-container-id="${unique('loading')}"`);
        const skeleton = await waitFor(() => $(el, '[part="skeleton"][aria-label="Loading reviews…"]'), 'skeleton');
        expect(skeleton.getAttribute('role')).to.equal('status');
        expect(el.getBoundingClientRect().height).to.be.greaterThan(200);
        await expect(el).to.be.accessible();
        held.release();
        await waitFor(() => $(el, '[part="empty"]'), 'loaded');
      } finally {
        held.restore();
      }
      const failing = throttleFetch({ pattern: /\/ratings(\?|$)/, failures: 1 });
      await expectErrorState(() => mount('vf-average-rating', `vf-container-id="${unique('error')}"`), failing, "Reviews couldn't be loaded.", (e) => !!$(e, '[part="empty"]'));
      const offline = await mount('vf-reviews', `vf-container-id="${unique('offline')}"`);
      await waitFor(() => $(offline, '[part="empty"]'), 'list');
      await expectOfflineState(offline);
    });
  });

  describe('every element', () => {
    it('loading keeps its space with a labelled skeleton, then an offline notice while offline; axe finds nothing', async () => {
      const reader = await newReader('State Reader');
      await logIn(reader);
      const cases = [
        { tag: 'vf-review-form', attrs: `vf-container-id="${unique('form-states')}"`, held: /\/ratings(\?|$)/, label: 'Loading reviews…', ready: '[part~="form"]' },
        { tag: 'vf-average-rating', attrs: `vf-container-id="${unique('average-states')}"`, held: /\/ratings(\?|$)/, label: 'Loading reviews…', ready: '[part="empty"]' },
        { tag: 'vf-user-ratings', attrs: `user-uuid="${reader.auth.user.uuid}"`, held: /\/users\/[^/]+\/ratings/, label: 'Loading ratings…', ready: '[part="empty"]' },
      ];
      for (const { tag, attrs, held, label, ready } of cases) {
        const hold = throttleFetch({ pattern: held });
        let el: HTMLElement;
        try {
          el = await mount(tag, attrs);
          await waitFor(() => $(el, `[part="skeleton"][aria-label="${label}"]`), `${tag} skeleton`);
          expect(el.getBoundingClientRect().height, `${tag} keeps its space`).to.be.greaterThan(20);
          await expect(el).to.be.accessible();
          hold.release();
          await waitFor(() => $(el, ready), `${tag} loaded`);
        } finally {
          hold.restore();
        }
        await expectOfflineState(el);
      }
    });
  });

  describe('<vf-user-ratings>', () => {
    it('lists a reader’s ratings newest first; empty for a reader without any; error with Retry', async () => {
      const reader = await newReader('Prolific Rater');
      await writeReview(reader, unique('first-book'), { rating: 2, title: 'Meh' });
      await writeReview(reader, 'https://books.example/cookbook', { rating: 5, content: 'A classic.' });
      const el = await mount('vf-user-ratings', `user-uuid="${reader.auth.user.uuid}"`);
      await waitUntil(() => $$(el, '[part="rating"]').length === 2, 'two ratings');
      expect($$(el, '[part="rating"] [part="stars"]').map((s) => s.getAttribute('aria-label'))).to.deep.equal(['5 out of 5 stars', '2 out of 5 stars']);
      expect($<HTMLAnchorElement>(el, 'a[part="page"]')!.href).to.equal('https://books.example/cookbook');
      await expect(el).to.be.accessible();

      const none = await mount('vf-user-ratings', `user-uuid="${(await newReader('Quiet Reader')).auth.user.uuid}"`);
      expect((await waitFor(() => $(none, '[part="empty"]'), 'empty')).textContent).to.equal('No ratings yet.');
      await expect(none).to.be.accessible();

      const failing = throttleFetch({ pattern: /\/users\/[^/]+\/ratings/, failures: 1 });
      await expectErrorState(() => mount('vf-user-ratings', `user-uuid="${others[0]!.auth.user.uuid}" limit="3"`), failing, 'Ratings couldn’t be loaded.', (e) => !!$(e, '[part="list"]'));
    });
  });
});
