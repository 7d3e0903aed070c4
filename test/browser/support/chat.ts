/**
 * Chat calls against the real server as readers and the demo moderator would make them, the
 * realtime frames the server sends about a chat (an event numbered after the chat's real events,
 * a typing or presence signal), and mounting <vf-livechat> in a fixture.
 */
import { throttleFetch } from './network.ts';
import type { Comment, Container, ContentEvent, ContentEventName } from '../../../core/api/types.ts';
import { adminToken, testConfig, type Reader } from './api.ts';
import { moderatorToken } from './login.ts';
import { latestSeq, type MockFeed } from './realtime.ts';

// One login per test page: the server limits logins per email.
let moderator: Promise<string> | null = null;
export const chatModeratorToken = () => (moderator ??= moderatorToken());

const chatBase = () => `${testConfig().origin}/api/chat/${testConfig().siteUuid}`;

export async function chatCall<T = Comment>(token: string | null, method: string, path: string, body?: object): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = method !== 'GET' && (method !== 'DELETE' || !!body);
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${chatBase()}${path ? `/${path}` : ''}`, {
    method,
    headers,
    ...(hasBody ? { body: JSON.stringify({ ...body, section: testConfig().siteUuid }) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} chat/${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/** The chat for `containerId` (made on first use). */
export const makeChat = (containerId: string) => chatCall<Container>(null, 'POST', '', { container_id: containerId });

export const sendAs = (reader: Reader, containerUuid: string, content: string, parentUuid?: string) =>
  chatCall(reader.token, 'POST', `${containerUuid}/${parentUuid ? `replies/${parentUuid}` : 'messages'}`, { content });

/** A chat with `messages` sent in order by `reader` (the last is the newest). */
export async function seedChat(reader: Reader, containerId: string, messages: string[]): Promise<{ container: Container; messages: Comment[] }> {
  const container = await makeChat(containerId);
  const made: Comment[] = [];
  for (const content of messages) made.push(await sendAs(reader, container.content_container_uuid, content));
  return { container, messages: made };
}

export async function setChatSettings(containerUuid: string, settings: Record<string, boolean | number>): Promise<Container> {
  return chatCall<Container>(await chatModeratorToken(), 'PUT', containerUuid, settings);
}

/** The event the server published about a message it just stored (viewer-neutral copy, its real number). */
export async function chatEvent(event: ContentEventName, message: Comment): Promise<ContentEvent> {
  return {
    event,
    content_type: 'chat_message',
    section_uuid: message.section_uuid,
    content_container_uuid: message.content_container_uuid,
    content_uuid: message.content_uuid,
    actor_uuid: message.actor_uuid,
    content: { ...message, actions: { liked: false, disliked: false }, replies: undefined, total_flags: undefined, state_reasons: undefined },
    time: Date.now(),
    seq: await latestSeq(message.content_container_uuid),
  };
}

/** A signal frame (docs/api.md "Signals") from the mock feed. */
export function sendSignal(feed: MockFeed, subscriptionId: string, containerUuid: string, signal: { typist: string } | { count: number }): void {
  const frame = 'typist' in signal
    ? { type: 'typing', subscription_id: subscriptionId, content_container_uuid: containerUuid, typist: signal.typist }
    : { type: 'presence', subscription_id: subscriptionId, content_container_uuid: containerUuid, count: signal.count };
  feed.server.emit('message', JSON.stringify(frame));
}

/** Bans a reader from posting for a day, as the demo admin. */
export async function banFromPosting(reader: Reader): Promise<void> {
  const res = await fetch(`${testConfig().apiBase}/users/${reader.auth.user.uuid}/ban`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ ban_level: 'posting', reason: 'Flooding the chat', duration_days: 1 }),
  });
  if (!res.ok) throw new Error(`ban: ${res.status} ${await res.text()}`);
}

let fakeCount = 0;
/**
 * `created` events for messages by someone else that only the feed knows (for a busy chat's
 * volume without posting each one), numbered on after the chat's real events.
 */
export async function fakeArrivals(containerUuid: string, count: number, prefix = 'Live'): Promise<ContentEvent[]> {
  const { siteUuid } = testConfig();
  let seq = await latestSeq(containerUuid);
  const author = { uuid: crypto.randomUUID(), name: 'Busy Fan', pic_small: null };
  return Array.from({ length: count }, (_, i) => {
    const uuid = crypto.randomUUID();
    fakeCount += 1;
    const content: Comment = {
      content_uuid: uuid, content: `${prefix} ${i + 1}`, type: 'chat_message', actor_uuid: author.uuid, actor: author,
      parent_uuid: null, parent_actor_uuid: null, thread_uuid: uuid, content_container_uuid: containerUuid, section_uuid: siteUuid,
      state: 'visible', date_created: Date.now() + fakeCount, date_edited: null, is_edited: false, is_picked: false, is_pinned: false,
      total_likes: 0, total_dislikes: 0, total_replies: 0, total_direct_replies: 0, actions: { liked: false, disliked: false },
    };
    seq += 1;
    return {
      event: 'created', content_type: 'chat_message', section_uuid: siteUuid, content_container_uuid: containerUuid,
      content_uuid: uuid, actor_uuid: author.uuid, content, time: Date.now(), seq,
    } satisfies ContentEvent;
  });
}

const mounted: HTMLElement[] = [];

/** Mounts `<vf-livechat vf-container-id=…>` (with extra attributes) in a fresh fixture. */
export async function mountChat(containerId: string, attrs = ''): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  host.innerHTML = `<vf-livechat vf-container-id="${containerId}" ${attrs}></vf-livechat>`;
  mounted.push(host);
  return host.firstElementChild as HTMLElement;
}

/** Removes what mountChat added (call in afterEach). */
export function unmountChats(): void {
  for (const host of mounted.splice(0)) host.remove();
}

/** Holds or fails the page's chat requests (support/network.ts throttleFetch). */
export const throttleChat = ({ pattern = /\/api\/chat\//, ...rest }: { failures?: number; pattern?: RegExp; method?: string } = {}) => throttleFetch({ pattern, ...rest });

/**
 * Lets the page's requests matching `pattern` (and `method`) reach the server but holds their
 * answers until `release()`: the server has stored what was sent (`answered()` gives its result)
 * while the page still waits. `restore()` puts fetch back.
 */
export function holdAnswers(pattern: RegExp, method = 'POST') {
  const real = window.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let answer!: (result: Comment) => void;
  const answered = new Promise<Comment>((resolve) => (answer = resolve));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await real(input, init);
    if (!pattern.test(url) || (init?.method ?? 'GET') !== method) return response;
    answer(((await response.clone().json()) as { result: Comment }).result);
    await gate;
    return response;
  };
  return { release, answered: () => answered, restore: () => void (window.fetch = real) };
}
