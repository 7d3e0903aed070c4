/**
 * <vf-livechat> writing and moderating, against the real vf server with a mock realtime feed:
 * Enter / Shift+Enter, the optimistic message reconciled with its realtime echo and the POST
 * answer (no doubles), a failed send with Retry and Discard, replies and likes by keyboard, slow
 * mode's countdown (also from the server's 429), premoderation, typing frames sent, and a
 * moderator disabling a message and banning its author from the menu by keyboard.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { newReader, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, buttonByText, shadow, waitFor } from './support/dom.ts';
import { logIn, logOut, MODERATOR } from './support/login.ts';
import {
  chatCall, chatEvent, chatModeratorToken, holdAnswers, makeChat, mountChat, seedChat, sendAs, setChatSettings, throttleChat, unmountChats,
} from './support/chat.ts';
import { startMockFeed } from './support/realtime.ts';
import type { Comment, Container } from '../../core/api/types.ts';
import '../../elements/vf-livechat/define.ts';

const feed = startMockFeed();
let reader: Reader;

before(async () => {
  await bootCore();
  reader = await newReader('Sam Sender');
});
afterEach(unmountChats);

const texts = (el: Element) => $$(el, '[part="list"] > li > [data-uuid] .vf-comment__text').map((t) => t.textContent ?? '');
const field = (el: Element) => $<HTMLTextAreaElement>(el, '[part="compose"] textarea');
const messageByText = (el: Element, text: string) => $$(el, '[data-uuid]').find((m) => m.querySelector('.vf-comment__text')?.textContent === text) ?? null;
const outgoing = (el: Element) => $$(el, '[part~="outgoing"]');
const tick = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));
/** Server round trips on a busy machine. */
const PATIENT = { timeout: 5000 };

/** Mounts the chat as the logged-in reader and focuses its compose box. */
async function openChat(id: string, attrs = ''): Promise<HTMLElement> {
  const el = await mountChat(id, attrs);
  const box = await waitFor(() => field(el), 'compose box');
  await waitFor(() => $(el, '[part="list"], [part="empty"]'), 'messages loaded');
  box.focus();
  return el;
}

describe('<vf-livechat> compose', () => {
  before(() => logIn(reader));
  after(() => logOut());

  it('Enter sends, Shift+Enter starts a new line; the box empties and keeps focus; vf-chat-message-sent fires', async () => {
    const el = await openChat(unique('chat-enter'));
    const sent: Comment[] = [];
    el.addEventListener('vf-chat-message-sent', (e) => sent.push((e as CustomEvent<{ message: Comment }>).detail.message));
    await sendKeys({ type: 'First line' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'second line' });
    expect(field(el)!.value).to.equal('First line\nsecond line');
    await sendKeys({ press: 'Enter' });
    expect(field(el)!.value).to.equal('');
    await waitUntil(() => texts(el).includes('First line\nsecond line'), 'sent and shown', PATIENT);
    await waitUntil(() => sent.length === 1, 'announced', PATIENT);
    expect(sent[0]!.content).to.equal('First line\nsecond line');
    expect(shadow(el).activeElement).to.equal(field(el));
  });

  it('shows the reader’s message at once, then merges the realtime echo and the POST answer into one', async () => {
    const id = unique('chat-optimistic');
    const el = await openChat(id);
    const held = holdAnswers(/\/api\/chat\/.+\/messages$/);
    try {
      await sendKeys({ type: 'Is this thing on?' });
      await sendKeys({ press: 'Enter' });
      const pending = await waitFor(() => outgoing(el)[0], 'shown at once');
      expect(pending.getAttribute('part')).to.contain('sending');
      expect(pending.textContent).to.contain('Is this thing on?');
      expect(pending.textContent).to.contain('Sending…');
      await expect(el).to.be.accessible();
      // The server stored it and its echo arrives before the page has the POST's answer.
      const stored = await held.answered();
      const sub = await waitFor(() => feed.subscriptionFor(stored.content_container_uuid), 'subscribed');
      feed.send(sub, await chatEvent('created', stored));
      await waitUntil(() => outgoing(el).length === 0 && texts(el).includes('Is this thing on?'), 'the echo replaces it', PATIENT);
      expect(texts(el).filter((t) => t === 'Is this thing on?')).to.have.length(1);
      held.release();
      await tick(200);
      expect(texts(el).filter((t) => t === 'Is this thing on?')).to.have.length(1, 'the answer is the same message');
      expect(outgoing(el)).to.have.length(0);
    } finally {
      held.restore();
    }
  });

  it('a failed send is marked with Retry and Discard; Retry sends it, Discard drops it', async () => {
    const el = await openChat(unique('chat-failed'));
    const flaky = throttleChat({ failures: 2, pattern: /\/messages$/, method: 'POST' });
    try {
      await sendKeys({ type: 'Through the tunnel' });
      await sendKeys({ press: 'Enter' });
      const failed = await waitFor(() => $(el, '[part~="failed"]'), 'marked as failed');
      expect(failed.textContent).to.contain("Not sent. Can't reach the server.");
      await expect(el).to.be.accessible();
      await sendKeys({ type: 'Lost cause' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => $$(el, '[part~="failed"]').length === 2, 'both failed', PATIENT);
      flaky.restore();
      const [first, second] = $$(el, '[part~="failed"]');
      const button = (item: Element, label: string) => [...item.querySelectorAll('button')].find((b) => b.textContent === label)!;
      button(second!, 'Discard').click();
      button(first!, 'Retry').click();
      await waitUntil(() => texts(el).includes('Through the tunnel') && outgoing(el).length === 0, 'sent on Retry', PATIENT);
      expect(texts(el)).to.not.include('Lost cause');
    } finally {
      flaky.restore();
    }
  });

  it('Reply quotes the message in the compose box (Escape cancels); the reply shows its quote', async () => {
    const id = unique('chat-reply');
    const other = await newReader('Olga Other');
    await seedChat(other, id, ['Anyone watching from Lyon?']);
    const el = await openChat(id);
    const message = await waitFor(() => messageByText(el, 'Anyone watching from Lyon?'), 'the message');
    const reply = [...message.querySelectorAll('button')].find((b) => b.textContent === 'Reply')!;
    reply.focus();
    await sendKeys({ press: 'Enter' });
    const replying = await waitFor(() => $(el, '[part="replying"]'), 'replying to');
    expect(replying.textContent).to.contain('Replying to Olga Other:');
    expect(shadow(el).activeElement).to.equal(field(el));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !$(el, '[part="replying"]'), 'cancelled', PATIENT);
    reply.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '[part="replying"]'), 'replying again');
    await sendKeys({ type: 'Yes, from the old town' });
    await sendKeys({ press: 'Enter' });
    const answer = await waitFor(() => messageByText(el, 'Yes, from the old town'), 'the reply');
    expect(answer.querySelector('[part="quote"]')?.textContent).to.contain('In reply to Olga Other:');
    expect($(el, '[part="replying"]')).to.equal(null);
  });

  it('Like and Report by keyboard', async () => {
    const id = unique('chat-like');
    const other = await newReader('Lena Liked');
    await seedChat(other, id, ['Great save!']);
    const el = await openChat(id);
    const message = await waitFor(() => messageByText(el, 'Great save!'), 'the message');
    const like = message.querySelector<HTMLButtonElement>('.vf-like')!;
    expect(like.getAttribute('aria-label')).to.equal("Like Lena Liked's message, 0 likes");
    like.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => like.getAttribute('aria-pressed') === 'true' && like.textContent === '1', 'liked', PATIENT);
    const menu = message.querySelector<HTMLButtonElement>('[part="comment-menu-button"]')!;
    menu.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => (shadow(el).activeElement as HTMLElement | null)?.textContent === 'Report', 'menu open on Report', PATIENT);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => message.querySelector('[role="status"]')?.textContent === 'Reported. A moderator will look at it.', 'reported', PATIENT);
    await expect(el).to.be.accessible();
  });

  it('typing sends a typing frame (one per 3 s however fast the reader types)', async () => {
    const id = unique('chat-typing-out');
    const container = await makeChat(id);
    const el = await openChat(id);
    const uuid = container.content_container_uuid;
    await waitFor(() => feed.frames.some((f) => f.type === 'subscribe' && 'signals' in f && f.signals), 'signals subscription');
    await tick(100); // its subscribe_success
    const typing = () => feed.frames.filter((f) => f.type === 'typing' && f.content_container_uuid === uuid);
    await sendKeys({ type: 'abc' });
    await waitUntil(() => typing().length === 1, 'a typing frame', PATIENT);
    await sendKeys({ type: 'def' });
    await tick(200);
    expect(typing()).to.have.length(1);
    expect(el).to.exist;
  });

  it('slow mode: the rule, then a countdown after sending; Enter waits; a 429 from the server starts it too', async () => {
    const id = unique('chat-slow');
    const container = await makeChat(id);
    await setChatSettings(container.content_container_uuid, { slow_mode_seconds: 10 });
    const el = await openChat(id);
    const slow = await waitFor(() => $(el, '[part="slow-mode"]'), 'slow mode rule');
    expect(slow.textContent).to.equal('Slow mode: one message every 10 seconds.');
    await expect(el).to.be.accessible();
    await sendKeys({ type: 'One' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => /^Slow mode: you can send again in (9|10) seconds\.$/.test(slow.textContent ?? ''), 'countdown', PATIENT);
    await sendKeys({ type: 'Two' });
    await sendKeys({ press: 'Enter' });
    expect(field(el)!.value).to.equal('Two', 'kept until the wait is over');
    await waitUntil(() => texts(el).includes('One'), 'the first was sent', PATIENT);
    await expect(el).to.be.accessible();

    // The same reader sent from elsewhere: this page does not know, the server answers 429.
    unmountChats();
    const other = await makeChat(unique('chat-slow-429'));
    await setChatSettings(other.content_container_uuid, { slow_mode_seconds: 30 });
    await sendAs(reader, other.content_container_uuid, 'From my phone');
    const el2 = await openChat(other.container_id);
    await sendKeys({ type: 'From my laptop' });
    await sendKeys({ press: 'Enter' });
    const failed = await waitFor(() => $(el2, '[part~="failed"]'), 'refused');
    expect(failed.textContent).to.contain('Slow mode is on: wait a moment before sending again.');
    await waitUntil(() => /^Slow mode: you can send again in (2\d|30) seconds\.$/.test($(el2, '[part="slow-mode"]')?.textContent ?? ''), 'countdown from retry_after', PATIENT);
    expect([...failed.querySelectorAll('button')].find((b) => b.textContent === 'Retry')?.disabled).to.equal(true, 'Retry waits too');
  });

  it('premoderation: the reader’s held message shows to them as awaiting review', async () => {
    const id = unique('chat-held');
    const container = await makeChat(id);
    await setChatSettings(container.content_container_uuid, { is_premoderated: true });
    const el = await openChat(id);
    await sendKeys({ type: 'Please approve me' });
    await sendKeys({ press: 'Enter' });
    const held = await waitFor(() => messageByText(el, 'Please approve me'), 'shown to its author');
    expect(held.getAttribute('data-state')).to.equal('awaiting_moderation');
    expect(held.querySelector('[part="held-notice"]')?.textContent).to.equal(
      'Awaiting review: only you can see this message until a moderator approves it.',
    );
    await expect(el).to.be.accessible();
  });
});

describe('<vf-livechat> moderation', () => {
  let container: Container;
  let offender: Reader;
  let rude: Comment;
  before(async () => {
    offender = await newReader('Rude Rudi');
    const seeded = await seedChat(offender, unique('chat-mod'), ['Nice match', 'You are all idiots']);
    container = seeded.container;
    rude = seeded.messages[1]!;
    await logIn(MODERATOR);
  });
  after(() => logOut());

  /** Opens the message's menu by keyboard and chooses `label`. */
  async function choose(el: Element, message: Element, label: string): Promise<void> {
    message.querySelector<HTMLButtonElement>('[part="comment-menu-button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    const active = () => (shadow(el).activeElement as HTMLElement | null)?.textContent;
    await waitFor(() => active(), 'menu open');
    for (let i = 0; i < 5 && active() !== label; i++) await sendKeys({ press: 'ArrowDown' });
    expect(active()).to.equal(label);
    await sendKeys({ press: 'Enter' });
  }

  it('disables a message from its menu by keyboard; it disappears live for readers', async () => {
    const el = await mountChat(container.container_id);
    const message = await waitFor(() => messageByText(el, 'You are all idiots'), 'the message');
    await choose(el, message, 'Disable');
    await waitUntil(() => message.getAttribute('data-state') === 'disabled', 'disabled (moderators still see it)', PATIENT);
    expect(message.querySelector('[part="badge"]')?.textContent).to.equal('Disabled');
    await expect(el).to.be.accessible();
    await choose(el, message, 'Approve');
    await waitUntil(() => message.getAttribute('data-state') === 'visible', 'enabled again', PATIENT);

    // A reader's page: the `disabled` event (no copy for the public) takes it away at once.
    await logOut();
    try {
      unmountChats();
      const readerView = await mountChat(container.container_id);
      await waitFor(() => messageByText(readerView, 'You are all idiots'), 'the reader sees it');
      await chatCall(await chatModeratorToken(), 'POST', `${container.content_container_uuid}/moderation/${rude.content_uuid}/disable`);
      const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
      const event = await chatEvent('disabled', rude);
      feed.send(sub, { ...event, content: undefined });
      await waitUntil(() => !messageByText(readerView, 'You are all idiots'), 'gone for the reader', PATIENT);
      expect(texts(readerView)).to.deep.equal(['Nice match']);
      await chatCall(await chatModeratorToken(), 'POST', `${container.content_container_uuid}/moderation/${rude.content_uuid}/enable`);
    } finally {
      await logIn(MODERATOR);
    }
  });

  it('bans the author from posting through the menu and the ban dialog, by keyboard', async () => {
    const el = await mountChat(container.container_id);
    const message = await waitFor(() => messageByText(el, 'You are all idiots'), 'the message');
    await choose(el, message, 'Ban Rude Rudi from posting');
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open][part="ban-dialog"]'), 'ban dialog');
    expect(dialog.querySelector<HTMLInputElement>('input[value="posting"]')?.checked).to.equal(true, 'posting is the default');
    dialog.querySelector<HTMLTextAreaElement>('textarea')!.focus();
    await sendKeys({ type: 'Insults in the chat' });
    dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => message.querySelector('[role="status"]')?.textContent === 'Rude Rudi is banned.', 'banned', PATIENT);
    // The server refuses the offender's messages now.
    const refused = await sendAs(offender, container.content_container_uuid, 'still here?').then(() => false, () => true);
    expect(refused).to.equal(true);
  });

  it('closes and reopens the chat and sets slow mode', async () => {
    const el = await mountChat(container.container_id);
    const close = await waitFor(() => buttonByText(el, 'Close the chat'), 'Close');
    await expect(el).to.be.accessible();
    close.click();
    await waitFor(() => $(el, '[part="closed"]'), 'closed');
    buttonByText(el, 'Reopen the chat')!.click();
    await waitFor(() => field(el), 'open again');
    const select = $<HTMLSelectElement>(el, '[part="slow-mode-setting"]')!;
    expect([...select.options].map((o) => o.textContent)).to.deep.equal(['Off', '5 seconds', '10 seconds', '30 seconds', '60 seconds']);
    select.value = '30';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const { origin, siteUuid } = testConfig();
    const read = async () =>
      ((await (await fetch(`${origin}/api/chat/${siteUuid}?container_id=${encodeURIComponent(container.container_id)}`)).json()) as { result: Container }).result;
    await waitUntil(async () => (await read()).settings.slow_mode_seconds === 30, 'slow mode 30 s on the server', PATIENT);
    select.value = '0';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(async () => (await read()).settings.slow_mode_seconds === 0, 'off again (settings/edit)', PATIENT);
  });
});
