/**
 * Live-blog calls against the real server as an editor (the demo moderator) or a reader would
 * make them, and the realtime event the server publishes for a post, numbered after the live
 * blog's real events (the catch-up call serves every kind of container).
 */
import { throttleFetch } from './network.ts';
import type { Comment, Container, ContentEvent, ContentEventName } from '../../../core/api/types.ts';
import { testConfig, type Reader } from './api.ts';
import { moderatorToken } from './login.ts';

// One login per test page: the server limits logins per email.
let editor: Promise<string> | null = null;
export const editorToken = () => (editor ??= moderatorToken());

function liveblogBase(): string {
  return `${testConfig().origin}/api/liveblog/${testConfig().siteUuid}`;
}

export async function liveblogCall<T = Comment>(token: string | null, method: string, path: string, body?: object): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${liveblogBase()}${path ? `/${path}` : ''}`, {
    method,
    headers,
    ...(hasBody ? { body: JSON.stringify({ ...body, section: testConfig().siteUuid }) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} liveblog/${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/** The live blog for `containerId` (made on first use). */
export function makeLiveblog(containerId: string): Promise<Container> {
  return liveblogCall<Container>(null, 'POST', '', { container_id: containerId });
}

/** Publishes a post as the editor. */
export async function publish(containerUuid: string, content: string): Promise<Comment> {
  return liveblogCall(await editorToken(), 'POST', `${containerUuid}/posts`, { content });
}

/** A live blog with `posts` published in order (the last is the newest). */
export async function seedLiveblog(containerId: string, posts: string[]): Promise<{ container: Container; posts: Comment[] }> {
  const container = await makeLiveblog(containerId);
  const made: Comment[] = [];
  for (const content of posts) made.push(await publish(container.content_container_uuid, content));
  return { container, posts: made };
}

export async function pin(containerUuid: string, postUuid: string): Promise<Comment> {
  return liveblogCall(await editorToken(), 'PUT', `${containerUuid}/posts/${postUuid}/pin`, {});
}

export async function replyTo(reader: Reader, containerUuid: string, postUuid: string, content: string): Promise<Comment> {
  return liveblogCall(reader.token, 'POST', `${containerUuid}/replies/${postUuid}`, { content });
}

export async function setLiveblogSettings(containerUuid: string, settings: Record<string, boolean>): Promise<Container> {
  return liveblogCall<Container>(await editorToken(), 'PUT', containerUuid, settings);
}

/** Uploads a small PNG as the editor; returns its media uuid. */
export async function uploadImage(containerUuid: string, width = 3, height = 2): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  const form = new FormData();
  form.set('file', blob, 'pixel.png');
  const q = new URLSearchParams({ section: testConfig().siteUuid });
  const res = await fetch(`${liveblogBase()}/${containerUuid}/media?${q}`, { method: 'POST', headers: { authorization: `Bearer ${await editorToken()}` }, body: form });
  if (!res.ok) throw new Error(`media → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { media_uuid: string } }).result.media_uuid;
}

async function latestSeq(containerUuid: string): Promise<number> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/${containerUuid}/events?after=0&limit=1`);
  return ((await res.json()) as { result: { latest_seq: number } }).result.latest_seq;
}

/** The event the server published for a post or reply it just stored (viewer-neutral copy, its real number). */
export async function liveEvent(event: ContentEventName, item: Comment): Promise<ContentEvent> {
  return {
    event,
    content_type: item.parent_uuid ? 'reply_to_liveblog_post' : 'liveblog_post',
    section_uuid: item.section_uuid,
    content_container_uuid: item.content_container_uuid,
    content_uuid: item.content_uuid,
    actor_uuid: item.actor_uuid,
    content: { ...item, actions: { liked: false, disliked: false }, replies: undefined, total_flags: undefined, state_reasons: undefined },
    time: Date.now(),
    seq: await latestSeq(item.content_container_uuid),
  };
}

const mounted: HTMLElement[] = [];

/** Mounts `<tag vf-container-id=…>` (with extra attributes) in a fresh fixture, with `after` below it. */
export async function mountLive(tag: 'vf-liveblog' | 'vf-live-story', containerId: string, attrs = '', after = ''): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  host.innerHTML = `<${tag} vf-container-id="${containerId}" ${attrs}></${tag}>${after}`;
  mounted.push(host);
  return host.firstElementChild as HTMLElement;
}

/** Removes what mountLive added (call in afterEach). */
export function unmountLive(): void {
  for (const host of mounted.splice(0)) host.remove();
  window.scrollTo(0, 0);
}

/** Holds the page's live-blog requests until `release()`, or fails the next `failures` of them (support/network.ts). */
export const throttleLiveblog = ({ failures = 0 }: { failures?: number } = {}) => throttleFetch({ failures, pattern: /\/api\/liveblog\// });
