/**
 * <vf-tray> and the statements of reasons (docs/law.md "Statements of reasons", "Appeals") against
 * the real server: a reader's comment is rejected by the demo moderator under a rule of the
 * site's terms; the decision reaches the reader's feed, opens in place with its ground, the
 * moderator's explanation and the appeal deadline; the reader appeals (announced, its state
 * shown, stored); another moderator upholds it and the reader reads the answer. Then the panel's
 * loading, error, not found and offline states, the keyboard, and the text in German and French.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-tray/define.ts';
import { baseApi } from '../../core/api/base.ts';
import type { Statement } from '../../core/legal/types.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { wentOffline, wentOnline } from '../../core/network/slice.ts';
import { loggedIn } from '../../core/session/slice.ts';
import { writeTokens } from '../../core/session/storage.ts';
import { getStore } from '../../core/store/index.ts';
import { bootCore } from './support/boot.ts';
import { trayIn } from './support/tray.ts';
import { adminToken, getContainer, newReader, postComment, setAutoModeration, testConfig, unique, type Reader } from './support/api.ts';
import { $, $$, buttonByText, deepActiveElement, transitionsDone, typeInto, waitFor } from './support/dom.ts';
import { moderatorToken } from './support/login.ts';
import { throttleFetch } from './support/network.ts';


async function api<T>(token: string, method: string, path: string, body?: Record<string, unknown>): Promise<T> {
  const { apiBase, siteUuid } = testConfig();
  const url = `${apiBase}/${path}${method === 'GET' ? `${path.includes('?') ? '&' : '?'}section=${siteUuid}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: method === 'GET' ? undefined : JSON.stringify({ ...body, section: siteUuid }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/** Answers the page's own requests matching `pattern` with `status` and `body`, until restored. */
function answerFetch(pattern: RegExp, status: number, body: unknown) {
  const real = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (pattern.test(url)) return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    return real(input, init);
  };
  return { restore: () => void (window.fetch = real) };
}

const legalEntries = (el: Element) => $$<HTMLButtonElement>(el, 'button.vf-feed-item__link[aria-expanded]');
const entryText = (button: HTMLButtonElement) => (button.textContent ?? '').replace(/^(New|Unread): /, '');
const entry = (el: Element, text: string) => legalEntries(el).find((button) => entryText(button) === text) ?? null;
const panel = (el: Element) => $(el, '[part="statement"]');
/** The text of each term of the statement's list, by its label. */
function facts(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dt of $$(el, '.vf-statement__facts dt')) out[dt.textContent ?? ''] = (dt.nextElementSibling as HTMLElement).textContent ?? '';
  return out;
}
const longDate = (time: number, locale = 'en-US') => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(time);

const DECISION = 'A decision was taken about your post: see why';

/**
 * Opens the feed entry `text` (every open one closed first) and waits for what `ready` says. The
 * entry is looked up on each try: a list read again (after a cache reset) renders new entries.
 */
async function openDecision(el: Element, ready: () => unknown, text = DECISION): Promise<void> {
  await waitFor(() => entry(el, text), `entry "${text}"`, 15_000);
  for (const open of legalEntries(el).filter((button) => button.getAttribute('aria-expanded') === 'true')) open.click();
  await waitFor(() => !panel(el), 'every entry closed');
  await waitFor(() => {
    const toggle = entry(el, text);
    if (toggle?.getAttribute('aria-expanded') === 'false') toggle.click();
    return ready();
  }, 'panel state');
}

describe('<vf-tray> statements of reasons', () => {
  let reader: Reader;
  let statement: Statement;
  let el: Element;
  const text = 'Cheap watches, click here';

  before(async () => {
    await bootCore();
    reader = await newReader('Sam Restricted');
    const container = await getContainer(unique('sor'));
    const comment = await postComment(reader, container.content_container_uuid, text);
    await api(await moderatorToken(), 'POST', 'moderation/decisions', {
      decision: 'reject', items: [{ uuid: comment.content_uuid, state: comment.state }],
      terms_rule: 'off_topic', explanation: 'Advertising has no place under this article.',
    });
    statement = (await api<{ items: Statement[] }>(reader.token, 'GET', 'legal/statements/mine')).items[0]!;
    writeTokens(reader.auth);
    getStore().dispatch(loggedIn(reader.auth));
    el = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
    trayActions.open('feed');
  });

  after(() => trayActions.close());

  it('the decision is in the feed, naming no moderator', async () => {
    const toggle = await waitFor(() => entry(el, DECISION), 'decision entry', 15_000);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.closest('li')!.textContent).to.not.include('Moderator');
    await transitionsDone(el);
    await expect(el).to.be.accessible();
  });

  it('opens in place with what was decided, the ground, the explanation and the appeal deadline', async () => {
    const toggle = entry(el, DECISION)!;
    toggle.click();
    const shown = await waitFor(() => panel(el)?.querySelector('dl') && panel(el), 'statement panel');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(toggle.getAttribute('aria-controls')).to.equal(shown.parentElement!.id);
    expect(shown.querySelector('.vf-statement__title')!.textContent).to.equal('Your post was rejected');
    const terms = facts(el);
    expect(terms['Your post']).to.equal(text);
    expect(terms.Reason).to.equal('Against the site’s rules: Off topic');
    expect(terms['The moderator’s explanation']).to.equal('Advertising has no place under this article.');
    expect(terms['Automated means']).to.equal('Decided by a person, without automated means.');
    expect(terms['Date of the decision']).to.equal(longDate(statement.date_created));
    expect(terms['You can appeal until']).to.equal(longDate(statement.appeal_until));
    expect(statement.appeal_until).to.be.greaterThan(statement.date_created + 180 * 24 * 3600 * 1000);
    expect(buttonByText(el, 'Send appeal')).to.not.equal(null);
    await transitionsDone(el);
    await expect(el).to.be.accessible();
  });

  it('keyboard: Close gives the focus back to the entry, Enter opens it again', async () => {
    const close = buttonByText(el, 'Close')!;
    close.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !panel(el), 'panel closed');
    const toggle = entry(el, DECISION)!;
    expect(deepActiveElement()).to.equal(toggle);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => panel(el)?.querySelector('textarea'), 'panel open again');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
  });

  it('sends an appeal: announced, its state shown and focused, stored on the server', async () => {
    typeInto($<HTMLTextAreaElement>(el, '[part="statement"] textarea')!, 'It was a joke about my own watch, not an advert.');
    buttonByText(el, 'Send appeal')!.click();
    const state = await waitFor(() => $(el, '[data-field="appeal-state"]'), 'appeal state');
    const sent = await api<Statement>(reader.token, 'GET', `legal/statements/${statement.uuid}`);
    expect(sent.appeal?.state).to.equal('open');
    expect(sent.appeal?.text).to.equal('It was a joke about my own watch, not an advert.');
    expect(state.textContent).to.equal(`Sent on ${longDate(sent.appeal!.date_created)}. It is waiting for a moderator.`);
    await waitFor(() => $(el, '[part="statement"] > [role="status"]')?.textContent === 'Appeal sent', 'announced');
    expect((deepActiveElement() as HTMLElement).textContent).to.equal('Your appeal');
    expect($(el, '[part="statement"] textarea')).to.equal(null);
    await transitionsDone(el);
    await expect(el).to.be.accessible();
  });

  it('another moderator upholds it: the reader is told and reads the answer', async () => {
    const appeal = (await api<Statement>(reader.token, 'GET', `legal/statements/${statement.uuid}`)).appeal!;
    await api(await adminToken(), 'POST', `moderation/appeals/${appeal.uuid}/decision`, { decision: 'uphold', explanation: 'Links to shops stay off the comments.' });
    await openDecision(el, () => $(el, '[data-field="appeal-state"]')?.textContent?.startsWith('The decision was upheld'), 'Your appeal was decided');
    expect($(el, '[data-field="appeal-state"]')!.textContent).to.equal('The decision was upheld: it stays in force.');
    expect($(el, '[part="appeal"] blockquote')!.textContent).to.equal('Links to shops stay off the comments.');
    await transitionsDone(el);
    await expect(el).to.be.accessible();
  });

  describe('states', () => {
    beforeEach(() => void getStore().dispatch(baseApi.util.resetApiState()));

    it('loading', async () => {
      const held = throttleFetch({ pattern: /\/legal\/statements\/[0-9a-f-]{36}/ });
      try {
        await openDecision(el, () => panel(el)?.querySelector('.vf-skeleton'));
        expect(panel(el)!.querySelector('.vf-statement__title')!.textContent).to.equal('Decision about your post');
        await expect(el).to.be.accessible();
      } finally {
        held.release();
        held.restore();
      }
      await waitFor(() => panel(el)?.querySelector('dl'), 'loaded');
    });

    it('an error offers Try again, which loads', async () => {
      const failing = throttleFetch({ pattern: /\/legal\/statements\/[0-9a-f-]{36}/, failures: 1 });
      try {
        await openDecision(el, () => panel(el)?.querySelector('[part="error"]'));
        const alert = panel(el)!.querySelector('[part="error"]')!;
        expect(alert.getAttribute('role')).to.equal('alert');
        expect(alert.querySelector('p')!.textContent).to.equal('This decision couldn’t be loaded.');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Try again')!.click();
        await waitFor(() => panel(el)?.querySelector('dl'), 'loaded after retry');
      } finally {
        failing.restore();
      }
    });

    it('a statement that is not there says so', async () => {
      const missing = answerFetch(/\/legal\/statements\/[0-9a-f-]{36}/, 404, { error_status: 404, message: 'No such statement of reasons' });
      try {
        await openDecision(el, () => panel(el)?.querySelector('[part="empty"]'));
        expect(panel(el)!.querySelector('[part="empty"]')!.textContent).to.equal('No decision about this item was found.');
        await expect(el).to.be.accessible();
      } finally {
        missing.restore();
      }
    });
  });

  it('offline: says so above the statement', async () => {
    await openDecision(el, () => panel(el)?.querySelector('dl'));
    getStore().dispatch(wentOffline());
    try {
      const note = await waitFor(() => panel(el)?.querySelector('[part="offline"]'), 'offline note');
      expect(note.textContent).to.equal('You’re offline. The decision will update when you’re back online.');
      await expect(el).to.be.accessible();
    } finally {
      getStore().dispatch(wentOnline());
    }
    await waitFor(() => !panel(el)?.querySelector('[part="offline"]'), 'online again');
  });

  describe('languages', () => {
    after(async () => {
      el = await trayIn(undefined, 'feed', 'dialog[open]');
    });

    for (const [language, title, ground, entryLabel] of [
      ['de-de', 'Ihr Beitrag wurde abgelehnt', 'Verstoß gegen die Regeln der Website: Themenfremd', 'Über Ihren Beitrag wurde entschieden: Sehen Sie, warum'],
      ['fr-fr', 'Votre publication a été refusée', 'Contraire aux règles du site\u00a0: Hors sujet', 'Une décision a été prise sur votre publication\u00a0: voyez pourquoi'],
    ] as const) {
      it(`${language}: the entry and the statement are translated`, async () => {
        el = await trayIn(language, 'feed', 'dialog[open]');
        const toggle = await waitFor(() => legalEntries(el).find((b) => entryText(b).endsWith(entryLabel)), `${language} entry`, 15_000);
        toggle.click();
        await waitFor(() => panel(el)?.querySelector('dl'), 'statement');
        expect(panel(el)!.querySelector('.vf-statement__title')!.textContent).to.equal(title);
        expect($(el, '[data-field="ground"]')!.textContent).to.equal(ground);
        expect($(el, '[data-field="deadline"]')!.textContent).to.equal(longDate(statement.appeal_until, language === 'de-de' ? 'de-DE' : 'fr-FR'));
        await transitionsDone(el);
        await expect(el).to.be.accessible();
      });
    }
  });

  describe('automatic decisions', () => {
    it('an automatic rejection reaches the reader too, saying it was automated and by which rule', async () => {
      const word = `zzq${Date.now().toString(36)}`;
      const before = await setAutoModeration({ banned_words: [word] });
      try {
        const container = await getContainer(unique('sor-auto'));
        await postComment(reader, container.content_container_uuid, `A comment with ${word} in it`);
      } finally {
        await setAutoModeration({ banned_words: before.banned_words });
      }
      await waitFor(() => legalEntries(el).filter((button) => entryText(button) === DECISION).length === 2, 'a second decision', 15_000);
      await openDecision(el, () => panel(el)?.querySelector('dl'));
      const terms = facts(el);
      expect(terms['Your post']).to.equal(`A comment with ${word} in it`);
      expect(terms['Automated means']).to.equal('Decided by automatic moderation (rule: a banned word).');
      await transitionsDone(el);
      await expect(el).to.be.accessible();
    });
  });
});
