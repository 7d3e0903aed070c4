/**
 * Per-comment calls against the real server (edit, flag, moderate…) as another reader or
 * moderator would make them, and the realtime event the server publishes for them: same body,
 * numbered with the container's real latest event number.
 */
import type { Comment, ContentEvent, ContentEventName } from '../../../core/api/types.ts';
import { testConfig } from './api.ts';

export async function commentCall<T = Comment>(token: string | null, method: string, path: string, body?: object): Promise<T> {
  const { commentsBase, siteUuid } = testConfig();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET' && method !== 'DELETE') headers['content-type'] = 'application/json';
  const res = await fetch(`${commentsBase}/${siteUuid}/${path}`, {
    method,
    headers,
    ...(method !== 'GET' && method !== 'DELETE' ? { body: JSON.stringify({ ...body, section: siteUuid }) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

async function latestSeq(containerUuid: string): Promise<number> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/${containerUuid}/events?after=0&limit=1`);
  return ((await res.json()) as { result: { latest_seq: number } }).result.latest_seq;
}

/** The event the server just published for a change to `comment` (viewer-neutral copy). */
export async function changeEvent(event: ContentEventName, comment: Comment, extra: Partial<ContentEvent> = {}): Promise<ContentEvent> {
  const neutral: Comment = { ...comment, actions: { liked: false, disliked: false }, replies: undefined, total_flags: undefined, state_reasons: undefined };
  return {
    event,
    content_type: 'comments',
    section_uuid: comment.section_uuid,
    content_container_uuid: comment.content_container_uuid,
    content_uuid: comment.content_uuid,
    actor_uuid: comment.actor_uuid,
    // Like the server: no copy of what the public may not see.
    ...(comment.state === 'visible' ? { content: neutral } : {}),
    time: Date.now(),
    seq: await latestSeq(comment.content_container_uuid),
    ...extra,
  };
}
