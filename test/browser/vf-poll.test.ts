/** <vf-poll> against the real server: voting (guest and keyboard), live results, moderators, states, axe. */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-poll/define.ts';
import type { Poll } from '../../core/api/pollTypes.ts';
import { VOTER_TOKEN_KEY } from '../../core/polls/voterToken.ts';
import { getStore } from '../../core/store/index.ts';
import { wentOnline } from '../../core/network/slice.ts';
import { testConfig, unique } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, $$, buttonByText, shadow, typeInto, waitFor } from './support/dom.ts';
import { expectErrorState, expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut, MODERATOR, moderatorToken } from './support/login.ts';
import { throttleFetch } from './support/network.ts';

const pollsBase = () => `${testConfig().origin}/api/polls/${testConfig().siteUuid}`;

async function api<T>(path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${pollsBase()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: T; message?: string };
  if (!res.ok) throw new Error(json.message);
  return json.result;
}

/** A poll made by the moderator elsewhere (not this page's session). */
async function pollMade(extra: object = {}): Promise<Poll> {
  return api<Poll>('', { poll_id: unique('poll'), question: 'Best season?', options: ['Spring', 'Summer', 'Autumn'], ...extra }, await moderatorToken());
}

async function mount(pollId: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div><button id="before">Before</button></div>`);
  wrapper.insertAdjacentHTML('beforeend', `<vf-poll poll-id="${pollId}"></vf-poll>`);
  return wrapper.querySelector('vf-poll') as HTMLElement;
}

/** The name of the poll's region: the text its `aria-labelledby` points at. */
function regionName(el: Element): string | null {
  const region = $(el, 'section[part="base"]')!;
  const id = region.getAttribute('aria-labelledby');
  return id && (shadow(el).getElementById(id)?.textContent ?? null);
}

const radios = (el: Element) => $$<HTMLInputElement>(el, 'input[type="radio"]');
const bars = (el: Element) => $$(el, '[part="bar"]').map((bar) => bar.getAttribute('aria-valuetext'));
const total = (el: Element) => $(el, '[part="total"]')?.textContent ?? null;

describe('<vf-poll>', () => {
  before(() => bootCore());
  afterEach(async () => {
    getStore().dispatch(wentOnline());
    if (getStore().getState().session.user?.user_privilege !== 'guest' && getStore().getState().session.user) await logOut();
  });

  describe('voting', () => {
    it('a guest votes with the keyboard; results show as labelled meters and the event goes out; axe finds nothing', async () => {
      const poll = await pollMade();
      const el = await mount(poll.poll_id);
      await waitFor(() => radios(el).length === 3, 'ballot');
      expect($(el, 'legend')!.textContent).to.equal('Best season?');
      expect(bars(el)).to.deep.equal(['0 votes, 0%', '0 votes, 0%', '0 votes, 0%']); // results: always, by default
      await expect(el).to.be.accessible();
      const voted: unknown[] = [];
      el.addEventListener('vf-poll-voted', (e) => voted.push((e as CustomEvent).detail));
      published.length = 0;

      (el.parentElement!.querySelector('#before') as HTMLButtonElement).focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal(radios(el)[0]);
      await sendKeys({ press: 'ArrowDown' }); // Summer
      await sendKeys({ press: 'Tab' });
      expect(shadow(el).activeElement).to.equal($(el, '[part~="vote"]'));
      await sendKeys({ press: 'Enter' });

      await waitUntil(() => total(el) === '1 vote', 'voted');
      expect(bars(el)).to.deep.equal(['0 votes, 0%', '1 vote, 100%', '0 votes, 0%']);
      expect(total(el)).to.equal('1 vote');
      expect($(el, '[part="total"]')!.getAttribute('role')).to.equal('status');
      expect(voted).to.deep.equal([{ pollId: poll.poll_id, pollUuid: poll.uuid, options: [poll.options[1]!.uuid] }]);
      expect(published.some((p) => p.name === 'vf-poll-voted')).to.equal(true);
      await expect(el).to.be.accessible();
    });

    it('results move live when others vote', async () => {
      const poll = await pollMade();
      const el = await mount(poll.poll_id);
      await waitFor(() => radios(el).length === 3, 'ballot');
      radios(el)[0]!.click();
      buttonByText(el, 'Vote')!.click();
      await waitUntil(() => total(el) === '1 vote', 'own vote');
      await api(`/${poll.uuid}/votes`, { options: [poll.options[2]!.uuid], voter_token: 'another-browser-0001' });
      await api(`/${poll.uuid}/votes`, { options: [poll.options[2]!.uuid], voter_token: 'another-browser-0002' });
      await waitUntil(() => total(el) === '3 votes', 'live total');
      expect(bars(el)).to.deep.equal(['1 vote, 33%', '0 votes, 0%', '2 votes, 67%']);
    });
  });

  it('is a region named by its question: two polls on a page are told apart (axe landmark-unique)', async () => {
    const open = await pollMade();
    const closed = await pollMade({ question: 'Best month?', options: ['May', 'June'] });
    await api(`/${closed.uuid}/close`, {}, await moderatorToken());
    const wrapper = await fixture<HTMLElement>(html`<div></div>`);
    wrapper.innerHTML = `<vf-poll poll-id="${open.poll_id}"></vf-poll><vf-poll poll-id="${closed.poll_id}"></vf-poll>`;
    const [ballot, results] = [...wrapper.querySelectorAll('vf-poll')] as HTMLElement[];
    // One shows its question as the ballot's legend, the closed one as the heading of its results.
    await waitFor(() => radios(ballot!).length === 3 && bars(results!).length === 2, 'both polls');
    expect([regionName(ballot!), regionName(results!)]).to.deep.equal(['Best season?', 'Best month?']);
    await expect(wrapper).to.be.accessible();
  });

  it('a vote the server refuses (this browser voted elsewhere meanwhile) says so in words', async () => {
    const poll = await pollMade();
    const el = await mount(poll.poll_id);
    await waitFor(() => radios(el).length === 3, 'ballot');
    // Another tab of this browser (same voter token) votes first.
    await api(`/${poll.uuid}/votes`, { options: [poll.options[0]!.uuid], voter_token: localStorage.getItem(VOTER_TOKEN_KEY)! });
    radios(el)[1]!.click();
    buttonByText(el, 'Vote')!.click();
    const failed = await waitFor(() => $(el, '[part="failed"]'), 'the refusal');
    expect(failed.textContent).to.equal('You have already voted in this poll.');
  });

  describe('moderators', () => {
    it('create the poll in the element, then close and reopen it', async () => {
      await logIn(MODERATOR);
      const el = await mount(unique('new-poll'));
      const form = await waitFor(() => $(el, '[part="create"]'), 'create form');
      await expect(el).to.be.accessible();
      const inputs = [...form.querySelectorAll<HTMLInputElement>('input:not([type])')];
      typeInto(inputs[0]!, 'Tea or coffee?');
      typeInto(inputs[1]!, 'Tea');
      typeInto(inputs[2]!, 'Coffee');
      buttonByText(el, 'Create poll')!.click();
      await waitFor(() => radios(el).length === 2, 'the new poll');
      expect(bars(el)).to.deep.equal(['0 votes, 0%', '0 votes, 0%']); // moderators see the results
      buttonByText(el, 'Close poll')!.click();
      await waitUntil(() => $(el, '[part="closing"]')?.textContent === 'This poll is closed.', 'closed');
      expect(radios(el)).to.have.length(0);
      await expect(el).to.be.accessible();
      buttonByText(el, 'Reopen poll')!.click();
      await waitFor(() => radios(el).length === 2, 'open again');
    });

    it('readers see a quiet empty state where there is no poll', async () => {
      const el = await mount(unique('none'));
      const empty = await waitFor(() => $(el, '[part="empty"]'), 'empty');
      expect(empty.textContent).to.equal('There is no poll here yet.');
      await expect(el).to.be.accessible();
    });
  });

  describe('attributes', () => {
    it('without poll-id renders nothing and warns once', async () => {
      const warn = console.warn;
      const warnings: unknown[][] = [];
      console.warn = (...args: unknown[]) => void warnings.push(args);
      try {
        const wrapper = await fixture<HTMLElement>(html`<div></div>`);
        wrapper.innerHTML = '<vf-poll></vf-poll>';
        const el = wrapper.firstElementChild as HTMLElement;
        await waitUntil(() => warnings.some((args) => String(args[0]).includes('poll-id')), 'warned');
        el.setAttribute('post-uuid', crypto.randomUUID()); // renders again: no second warning
        await new Promise((resolve) => requestAnimationFrame(resolve));
        expect(shadow(el).textContent).to.equal('');
        expect(warnings.filter((args) => String(args[0]).includes('poll-id'))).to.have.length(1);
      } finally {
        console.warn = warn;
      }
    });
  });

  describe('states', () => {
    it('loading: a labelled status skeleton', async () => {
      const poll = await pollMade();
      const held = throttleFetch({ pattern: /\/api\/polls\/[^/]+\?/ });
      try {
        const el = await mount(poll.poll_id);
        const skeleton = await waitFor(() => $(el, '[part="skeleton"][aria-label="Loading poll…"]'), 'skeleton');
        expect(skeleton.getAttribute('role')).to.equal('status');
        await expect(el).to.be.accessible();
        held.release();
        await waitFor(() => radios(el).length === 3, 'ballot');
      } finally {
        held.restore();
      }
    });

    it('error: an alert with Retry, which loads the poll', async () => {
      const poll = await pollMade();
      const failing = throttleFetch({ pattern: /\/api\/polls\/[^/]+\?/, failures: 1 });
      await expectErrorState(() => mount(poll.poll_id), failing, 'The poll couldn\'t be loaded.', (el) => radios(el).length === 3);
    });

    it('offline: a status notice, gone once online', async () => {
      const poll = await pollMade();
      const el = await mount(poll.poll_id);
      await waitFor(() => radios(el).length === 3, 'ballot');
      await expectOfflineState(el);
    });
  });
});
