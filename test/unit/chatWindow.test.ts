/**
 * The chat's bounded window (core/api/chatWindow.ts) and the reconciliation of the reader's
 * outgoing messages with the server's copies (core/api/chatOutbox.ts): pure functions on plain data.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Comment } from '../../core/api/types.ts';
import {
  CHAT_WINDOW, chatMessages, dropNewerThan, insertMessage, isDetached, trimOldest, windowOf, type ChatPages,
} from '../../core/api/chatWindow.ts';
import { unsentMessages, type OutgoingMessage } from '../../core/api/chatOutbox.ts';
import { comment, page } from './helpers/fixtures.ts';

let clock = 1000;
const msg = (content: string, overrides: Partial<Comment> = {}) => comment({ content, date_created: (clock += 10), replies: undefined, ...overrides });
const texts = (data: ChatPages) => chatMessages(data).map((m) => m.content);
/** Pages newest first, as the infinite query keeps them; each page oldest first. */
function chat(...list: Comment[][]): ChatPages {
  const pages = list.map((contents, i) => page([...contents], i === list.length - 1 ? null : 'cursor'));
  pages.forEach((p, i) => {
    p.next_starting_from = list[i]![0]?.content_uuid ?? null;
    p.more_available = i < list.length - 1;
  });
  return { pages, pageParams: pages.map((_, i) => (i === 0 ? null : list[i - 1]![0]!.content_uuid)) };
}

describe('chat window', () => {
  it('lists messages oldest first across pages (pages[0] is the newest)', () => {
    const [a, b, c, d] = [msg('a'), msg('b'), msg('c'), msg('d')];
    assert.deepEqual(texts(chat([c, d], [a, b])), ['a', 'b', 'c', 'd']);
  });

  it('a new message goes at the bottom once, whatever number of times it arrives', () => {
    const data = chat([msg('a'), msg('b')]);
    const fresh = msg('c');
    assert.equal(insertMessage(data, fresh), true);
    assert.equal(insertMessage(data, { ...fresh }), false, 'the POST answer after the echo: no double');
    assert.deepEqual(texts(data), ['a', 'b', 'c']);
  });

  it('a message is placed by its time; one older than the window is left to the history pages', () => {
    const a = msg('a');
    const older = msg('older');
    const b = msg('b');
    const c = msg('c');
    const data = chat([b, c], [a]);
    const between = { ...msg('between'), date_created: b.date_created + 1 };
    insertMessage(data, between);
    assert.deepEqual(texts(data), ['a', 'b', 'between', 'c']);
    const trimmed = chat([b, c]);
    trimmed.pages[0]!.more_available = true;
    assert.equal(insertMessage(trimmed, { ...older, date_created: 0 }), false);
    assert.deepEqual(texts(trimmed), ['b', 'c']);
  });

  it('keeps the newest N at the bottom: older pages go, the history continues before the oldest kept', () => {
    const old = [msg('1'), msg('2'), msg('3')];
    const newer = [msg('4'), msg('5'), msg('6')];
    const data = chat(newer, old);
    assert.equal(trimOldest(data, 4), 2);
    assert.deepEqual(texts(data), ['3', '4', '5', '6']);
    assert.equal(data.pages.at(-1)!.next_starting_from, old[2]!.content_uuid);
    assert.equal(data.pages.at(-1)!.more_available, true);
    assert.equal(trimOldest(data, 2), 2);
    assert.deepEqual(texts(data), ['5', '6']);
    assert.equal(data.pages.length, 1);
    assert.equal(data.pageParams.length, 1);
    assert.equal(data.pages[0]!.next_starting_from, newer[1]!.content_uuid, 'scrolling up reads what was dropped');
  });

  it('stays bounded however many messages arrive while the reader is at the bottom', () => {
    const data = chat([msg('first')]);
    for (let i = 0; i < 1000; i++) {
      insertMessage(data, msg(`m${i}`));
      trimOldest(data, CHAT_WINDOW);
    }
    assert.equal(chatMessages(data).length, CHAT_WINDOW);
    assert.equal(texts(data).at(-1), 'm999');
  });

  it('dropping the newest end detaches the cache: arrivals are counted, not kept', () => {
    const [a, b, c, d] = [msg('a'), msg('b'), msg('c'), msg('d')];
    const data = chat([c, d], [a, b]);
    assert.equal(dropNewerThan(data, b.content_uuid, 1), 2);
    assert.deepEqual(texts(data), ['a', 'b']);
    assert.equal(isDetached(data), true);
    assert.equal(data.pages.length, 2, 'the newest page stays (empty) so a refetch starts at the latest');
    assert.equal(data.pageParams[0], null);
    assert.equal(insertMessage(data, msg('e')), false);
    assert.equal(data.pages[0]!.unseen, 2);
    assert.equal(dropNewerThan(data, 'not-there', 5), 0);
  });

  it('the shown window: the newest N, or up to the last message shown while scrolled up', () => {
    const all = Array.from({ length: 250 }, (_, i) => msg(String(i)));
    assert.deepEqual(windowOf(all, null).shown.map((m) => m.content), all.slice(50).map((m) => m.content));
    const frozen = windowOf(all, all[219]!.content_uuid);
    assert.equal(frozen.shown.length, 220);
    assert.equal(frozen.held, 30);
    assert.equal(windowOf(all, 'gone').shown.length, CHAT_WINDOW);
  });
});

describe('outgoing messages', () => {
  const viewer = 'viewer';
  const outgoing = (text: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
    id: `tmp-${text}`, containerUuid: 'c', text, parent: null, status: 'sending', sentAt: 500_000, ...overrides,
  });
  const own = (content: string, overrides: Partial<Comment> = {}) => msg(content, { actor_uuid: viewer, date_created: 501_000, ...overrides });

  it('shows a message until its server copy is cached: by uuid after the POST answered', () => {
    const sent = outgoing('hello', { serverUuid: 'u1' });
    assert.deepEqual(unsentMessages([sent], [], viewer), [sent]);
    assert.deepEqual(unsentMessages([sent], [own('hello', { content_uuid: 'u1' })], viewer), []);
  });

  it('the echo before the answer: the viewer’s own message with the same text claims one item', () => {
    const first = outgoing('gg', { id: 'tmp-1' });
    const second = outgoing('gg', { id: 'tmp-2' });
    assert.deepEqual(unsentMessages([first, second], [own('gg')], viewer), [second], 'one echo, one item');
    assert.deepEqual(unsentMessages([first], [msg('gg', { actor_uuid: 'someone else', date_created: 501_000 })], viewer), [first]);
    assert.deepEqual(unsentMessages([first], [own('gg', { date_created: 1000 })], viewer), [first], 'an old message is not the echo');
    const reply = outgoing('yes', { parent: { uuid: 'p', name: 'P', content: 'q?' } });
    assert.deepEqual(unsentMessages([reply], [own('yes')], viewer), [reply], 'not a reply to the same message');
    assert.deepEqual(unsentMessages([reply], [own('yes', { parent_uuid: 'p' })], viewer), []);
  });

  it('a failed message stays until the reader retries or discards it', () => {
    const failed = outgoing('lost?', { status: 'failed', error: 'No connection' });
    assert.deepEqual(unsentMessages([failed], [own('lost?')], viewer), [failed]);
  });
});
