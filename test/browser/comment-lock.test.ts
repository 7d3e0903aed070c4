/**
 * A comment a moderator acts on is locked (docs/settings.md "What locks a comment"): its author's
 * page drops Edit and Remove as soon as the server's realtime events arrive. Against the real
 * server; its logged events are relayed through the mock feed as the hub would send them.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { getContainer, newReader, postComment, testConfig, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { commentCall } from './support/commentCalls.ts';
import { $, $$, commentTexts, waitFor } from './support/dom.ts';
import { logIn, moderatorToken } from './support/login.ts';
import { startMockFeed } from './support/realtime.ts';
import type { ContentEvent, EventsPage } from '../../core/api/types.ts';
import '../../elements/vf-conversations/define.ts';

const feed = startMockFeed();
let me: Reader;
let other: Reader;

before(async () => {
  await bootCore();
  [me, other] = await Promise.all([newReader('Lena Locked'), newReader('Rory Reporter')]);
  await logIn(me);
});

const menuButton = (el: Element, uuid: string) => $<HTMLElement>(el, `article[data-uuid="${uuid}"]`)?.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]') ?? null;

/** The actions the comment's menu offers (none when the menu is gone); closes it again. */
async function offered(el: Element, uuid: string): Promise<string[]> {
  const button = menuButton(el, uuid);
  if (!button) return [];
  button.click();
  const items = await waitFor(() => $$<HTMLButtonElement>(el, '[role="menuitem"]').length > 0 && $$<HTMLButtonElement>(el, '[role="menuitem"]'), 'menu open');
  const ids = items.map((b) => b.dataset.action ?? '');
  button.click();
  await waitUntil(() => $$(el, '[role="menuitem"]').length === 0, 'menu closed');
  return ids;
}

/** The server's logged events of the container after `after`. */
async function eventsAfter(containerUuid: string, after: number): Promise<ContentEvent[]> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/${containerUuid}/events?after=${after}`);
  return ((await res.json()) as { result: EventsPage }).result.events;
}

/** My comment, mounted, with Edit and Remove on offer; the feed's subscription for it; its latest seq. */
async function myComment(text: string) {
  const container = await getContainer(unique('lock'));
  const comment = await postComment(me, container.content_container_uuid, text);
  const el = await fixture<HTMLElement>(html`<div></div>`);
  el.innerHTML = `<vf-conversations vf-container-id="${container.container_id}"></vf-conversations>`;
  const conversation = el.firstElementChild as HTMLElement;
  await waitFor(() => commentTexts(conversation).includes(text), 'comment shown');
  const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
  expect(await offered(conversation, comment.content_uuid)).to.deep.equal(['edit', 'remove']);
  const seq = (await eventsAfter(container.content_container_uuid, 0)).at(-1)?.seq ?? 0;
  return { el: conversation, comment, containerUuid: container.content_container_uuid, sub, seq };
}

describe('<vf-conversations>: a locked comment, live', () => {
  it("a moderator's reply takes Edit and Remove off my comment at once", async () => {
    const { el, comment, containerUuid, sub, seq } = await myComment('Is this right?');
    await commentCall(await moderatorToken(), 'POST', `${containerUuid}/comments/${comment.content_uuid}`, { content: 'A moderator answers' });
    const events = await eventsAfter(containerUuid, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['created', 'locked']);
    for (const event of events) feed.send(sub, event);

    await waitFor(() => commentTexts(el).includes('A moderator answers'), 'the answer shown');
    await waitUntil(() => menuButton(el, comment.content_uuid) === null, 'Edit and Remove gone');
    expect(commentTexts(el).filter((t) => t === 'Is this right?')).to.have.length(1, 'the locked comment is not added again');
  });

  it('a moderator keeping my reported comment takes Edit and Remove off it at once', async () => {
    const { el, comment, containerUuid, sub, seq } = await myComment('Reported, then kept');
    await commentCall(other.token, 'POST', `${containerUuid}/comments/${comment.content_uuid}/flag`);
    await commentCall(await moderatorToken(), 'POST', `${containerUuid}/moderation/${comment.content_uuid}/enable`);
    const events = await eventsAfter(containerUuid, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['flagged', 'flags_cleared']);
    for (const event of events) feed.send(sub, event);

    await waitUntil(() => menuButton(el, comment.content_uuid) === null, 'Edit and Remove gone');
    expect(commentTexts(el)).to.deep.equal(['Reported, then kept']);
  });
});
