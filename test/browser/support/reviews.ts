/** What other readers and the moderator do to a page's reviews, through the real API. */
import type { Review } from '../../../core/api/reviewTypes.ts';
import type { Container } from '../../../core/api/types.ts';
import { testConfig, type Reader } from './api.ts';
import { moderatorToken } from './login.ts';

async function call<T>(method: string, path: string, token: string | null, body?: object): Promise<T> {
  const { apiBase, siteUuid } = testConfig();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const init = method === 'GET' ? { method, headers } : { method, headers, body: JSON.stringify({ ...body, section: siteUuid }) };
  const res = await fetch(`${apiBase}/${path}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/** The reviews container for a container id (created on first use). */
export function reviewsContainer(containerId: string): Promise<Container> {
  return call<Container>('POST', `reviews/${testConfig().siteUuid}`, null, { container_id: containerId });
}

export async function writeReview(reader: Reader, containerId: string, review: { rating: number; title?: string; content?: string }): Promise<Review> {
  const c = await reviewsContainer(containerId);
  return call<Review>('POST', `reviews/${testConfig().siteUuid}/${c.content_container_uuid}/reviews`, reader.token, review);
}

export async function reviewsCall<T>(token: string | null, method: string, containerUuid: string, path: string, body?: object): Promise<T> {
  return call<T>(method, `reviews/${testConfig().siteUuid}/${containerUuid}/${path}`, token, body);
}

let moderator: Promise<string> | null = null;
/** The demo moderator's token, one login per test page. */
export const asModerator = () => (moderator ??= moderatorToken());
