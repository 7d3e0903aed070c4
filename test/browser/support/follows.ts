/** Topic, user and page follows made and read on the real server "elsewhere" (a reader's own token). */
import type { FollowedPage, FollowedTopic } from '../../../core/api/notificationTypes.ts';
import { testConfig, type Reader } from './api.ts';

const v5 = () => `${testConfig().origin}/api/v5`;

async function call<T>(method: string, url: string, reader: Reader | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body) headers['content-type'] = 'application/json';
  if (reader) headers.authorization = `Bearer ${reader.token}`;
  const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

export const followTopicAs = (reader: Reader, topicId: string, topicName = topicId) =>
  call<FollowedTopic>('POST', `${v5()}/notifications/${testConfig().siteUuid}/topics/${topicId}`, reader, { topic_name: topicName });

export const topicsOf = async (reader: Reader) =>
  (await call<{ items: FollowedTopic[] }>('GET', `${v5()}/subscriptions/${testConfig().siteUuid}/topics`, reader)).items;

export const topicCount = async (topicId: string) =>
  (await call<{ count: number }>('GET', `${v5()}/subscriptions/${testConfig().siteUuid}/topics/${topicId}/count`, null)).count;

export const pagesOf = async (reader: Reader) =>
  (await call<{ items: FollowedPage[] }>('GET', `${v5()}/subscriptions/${testConfig().siteUuid}/pages`, reader)).items;

export const followPageAs = (reader: Reader, pageUuid: string) =>
  call('POST', `${v5()}/subscriptions/${testConfig().siteUuid}/pages/${pageUuid}`, reader, {});

/** `reader` follows the user `uuid` (the v2 call the conversations' user card makes). */
export const followUserAs = (reader: Reader, uuid: string) =>
  call('PUT', `${testConfig().apiBase}/follows/${uuid}`, reader, { section: testConfig().siteUuid });
