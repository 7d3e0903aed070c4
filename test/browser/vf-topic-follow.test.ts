/** <vf-topic-follow> against the real server: guest prompt, follow round trip, count, states, keyboard, axe. */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-topic-follow/define.ts';
import { getStore } from '../../core/store/index.ts';
import { wentOffline, wentOnline } from '../../core/network/slice.ts';
import { newReader, unique, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, buttonByText, shadow, transitionsDone, waitFor } from './support/dom.ts';
import { expectErrorState, expectOfflineState } from './support/elementStates.ts';
import { followTopicAs, topicCount, topicsOf } from './support/follows.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';

const toggle = (el: Element) => $<HTMLButtonElement>(el, '[part~="button"]');
const pressed = (el: Element) => toggle(el)?.getAttribute('aria-pressed') ?? null;
const countText = (el: Element) => $(el, '[part="count"]')?.textContent ?? null;

async function mount(attrs: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = `<vf-topic-follow ${attrs}></vf-topic-follow>`;
  return wrapper.firstElementChild as HTMLElement;
}

/** A signed-in reader whose lists nothing has loaded yet. */
async function signedIn(name = 'Topic Reader'): Promise<Reader> {
  const reader = await newReader(name);
  await logIn(reader);
  return reader;
}

describe('<vf-topic-follow>', () => {
  let others: Reader[];

  before(async () => {
    await bootCore();
    others = [await newReader('Topic Fan One'), await newReader('Topic Fan Two')];
  });

  afterEach(async () => {
    getStore().dispatch(wentOnline());
    if (getStore().getState().session.user?.user_privilege === 'user') await logOut();
  });

  describe('a guest', () => {
    it('sees Follow (not pressed); pressing it asks to log in and sends nothing; axe finds nothing', async () => {
      const topic = unique('guest-topic');
      const el = await mount(`topic-id="${topic}" topic-name="Guest Topic"`);
      await waitFor(() => toggle(el), 'button');
      expect(pressed(el)).to.equal('false');
      expect(toggle(el)!.textContent).to.equal('Follow Guest Topic');
      await expect(el).to.be.accessible();
      published.length = 0;
      const watch = throttleFetch({ pattern: /\/topics\//, method: 'POST', failures: 1 });
      try {
        toggle(el)!.click();
        await waitFor(() => $(el, 'dialog[open]'), 'login dialog');
        expect(watch.calls()).to.equal(0);
      } finally {
        watch.restore();
      }
      const auth = published.filter((p) => p.channel === 'authentication').map((p) => [p.name, p.payload]);
      expect(auth).to.deep.include.members([['required', { action: 'topic.follow' }], ['needed', { action: 'topic.follow' }]]);
    });
  });

  describe('following', () => {
    it('follows and unfollows: the count moves, events go out and the server agrees', async () => {
      const topic = unique('round-trip');
      await followTopicAs(others[0]!, topic, 'Round Trip');
      const reader = await signedIn();
      const el = await mount(`topic-id="${topic}" topic-name="Round Trip" show-count`);
      await waitUntil(() => countText(el) === '1 follower', 'count of one');
      expect(pressed(el)).to.equal('false');

      const events: string[] = [];
      el.addEventListener('vf-topic-followed', () => events.push('followed'));
      el.addEventListener('vf-topic-unfollowed', () => events.push('unfollowed'));
      published.length = 0;
      toggle(el)!.click();
      await waitUntil(() => pressed(el) === 'true' && countText(el) === '2 followers', 'following, count of two');
      expect(toggle(el)!.textContent).to.equal('Following Round Trip');
      expect(published.filter((p) => p.channel === 'topics').map((p) => [p.name, p.payload])).to.deep.equal([
        ['followed', { topic_id: topic, topic_name: 'Round Trip', topic_type: 'topic' }],
      ]);
      await waitUntil(() => events.length === 1, 'host event');
      const saved = (await topicsOf(reader)).find((item) => item.topic_id === topic);
      expect(saved).to.include({ topic_name: 'Round Trip', topic_type: 'topic' });
      expect(await topicCount(topic)).to.equal(2);
      await transitionsDone(el);
      await expect(el).to.be.accessible();

      toggle(el)!.click();
      await waitUntil(() => pressed(el) === 'false' && countText(el) === '1 follower', 'unfollowed, count of one');
      await waitUntil(() => events.join() === 'followed,unfollowed', 'both host events');
      expect(published.some((p) => p.channel === 'topics' && p.name === 'unfollowed')).to.equal(true);
      expect((await topicsOf(reader)).some((item) => item.topic_id === topic)).to.equal(false);
      expect(await topicCount(topic)).to.equal(1);
    });

    it('rolls back and says so when the server refuses the follow', async () => {
      const topic = unique('refused');
      await signedIn();
      const el = await mount(`topic-id="${topic}" topic-type="section" show-count`);
      await waitUntil(() => countText(el) === '0 followers', 'count of zero');
      const failing = throttleFetch({ pattern: /\/notifications\/.*\/topics\//, method: 'POST', failures: 1 });
      try {
        toggle(el)!.click();
        const failed = await waitFor(() => $(el, '[part="failed"]'), 'failure notice');
        expect(failed.getAttribute('role')).to.equal('alert');
        expect(failed.textContent).to.equal('That didn’t work. Please try again.');
      } finally {
        failing.restore();
      }
      expect(pressed(el)).to.equal('false');
      expect(countText(el)).to.equal('0 followers');
      await expect(el).to.be.accessible();
    });
  });

  describe('attributes', () => {
    it('show-count with minimum-count: the count appears only once it reaches the minimum', async () => {
      const topic = unique('minimum');
      await followTopicAs(others[0]!, topic);
      await signedIn();
      const wrapper = await fixture<HTMLElement>(html`<div></div>`);
      // The second element reads the same count without a minimum: once it shows, the count is in.
      wrapper.innerHTML = `<vf-topic-follow topic-id="${topic}" show-count minimum-count="2"></vf-topic-follow><vf-topic-follow topic-id="${topic}" show-count></vf-topic-follow>`;
      const [el, plain] = [...wrapper.children] as HTMLElement[];
      await waitUntil(() => countText(plain!) === '1 follower', 'count loaded');
      await waitFor(() => toggle(el!), 'button');
      expect(countText(el!)).to.equal(null);
      toggle(el!)!.click();
      await waitUntil(() => countText(el!) === '2 followers', 'shown at the minimum');
      el!.setAttribute('minimum-count', '3');
      await waitUntil(() => countText(el!) === null, 'hidden below 3');
      el!.setAttribute('minimum-count', 'many'); // not an integer: the default, 0
      await waitUntil(() => countText(el!) === '2 followers', 'shown from 0');
      el!.removeAttribute('show-count');
      await waitUntil(() => countText(el!) === null, 'hidden without show-count');
    });

    it('without topic-id renders nothing and warns once', async () => {
      const warn = console.warn;
      const warnings: unknown[][] = [];
      console.warn = (...args: unknown[]) => void warnings.push(args);
      try {
        const wrapper = await fixture<HTMLElement>(html`<div></div>`);
        wrapper.innerHTML = '<vf-topic-follow topic-name="Nameless"></vf-topic-follow><vf-topic-follow topic-id="present"></vf-topic-follow>';
        const [missing, present] = [...wrapper.children] as HTMLElement[];
        await waitFor(() => toggle(present!), 'the other element rendered');
        missing!.setAttribute('topic-name', 'Renamed'); // renders again: no second warning
        await waitUntil(() => warnings.length > 0, 'warned');
        await waitFor(() => toggle(present!), 'settled');
        expect(shadow(missing!).textContent).to.equal('');
        expect(warnings.filter((args) => String(args[0]).includes('topic-id'))).to.have.length(1);
      } finally {
        console.warn = warn;
      }
    });
  });

  describe('states', () => {
    it('loading: a labelled status skeleton while the reader’s topics load', async () => {
      await signedIn();
      const held = throttleFetch({ pattern: /\/subscriptions\/[^/]+\/topics(\?|$)/ });
      try {
        const el = await mount(`topic-id="${unique('loading')}"`);
        const skeleton = await waitFor(() => $(el, '[part="skeleton"][aria-label="Loading…"]'), 'skeleton');
        expect(skeleton.getAttribute('role')).to.equal('status');
        await expect(el).to.be.accessible();
        held.release();
        await waitFor(() => toggle(el), 'button once loaded');
      } finally {
        held.restore();
      }
    });

    it('error: an alert with Retry, which loads the topics', async () => {
      await signedIn();
      const failing = throttleFetch({ pattern: /\/subscriptions\/[^/]+\/topics(\?|$)/, failures: 1 });
      await expectErrorState(() => mount(`topic-id="${unique('error')}"`), failing, 'Couldn’t load what you follow.', (el) => !!toggle(el));
    });

    it('offline: a status notice and a disabled button, both gone once online', async () => {
      await signedIn();
      const el = await mount(`topic-id="${unique('offline')}"`);
      await waitFor(() => toggle(el), 'button');
      getStore().dispatch(wentOffline());
      await waitUntil(() => toggle(el)!.disabled, 'disabled offline');
      getStore().dispatch(wentOnline());
      await expectOfflineState(el);
      expect(toggle(el)!.disabled).to.equal(false);
    });
  });

  describe('keyboard', () => {
    it('is reached with Tab and toggled with Enter and Space', async () => {
      const topic = unique('keys');
      await signedIn();
      const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
      wrapper.insertAdjacentHTML('beforeend', `<vf-topic-follow topic-id="${topic}" topic-name="Keys"></vf-topic-follow>`);
      const el = wrapper.querySelector('vf-topic-follow') as HTMLElement;
      await waitFor(() => toggle(el), 'button');
      wrapper.querySelector<HTMLButtonElement>('#before')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal(toggle(el));
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => pressed(el) === 'true', 'followed with Enter');
      await waitUntil(() => !toggle(el)!.hasAttribute('aria-busy'), 'saved');
      await sendKeys({ press: ' ' });
      await waitUntil(() => pressed(el) === 'false', 'unfollowed with Space');
      expect(buttonByText(el, 'Follow Keys')).to.equal(toggle(el));
    });
  });
});
