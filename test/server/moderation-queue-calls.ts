/**
 * Calls of the moderation queue's API (docs/moderation.md) for the moderation-queue tests: a page
 * whose comments wait for a moderator, the queue and counts as a caller sees them, decisions.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Comment, Container } from '../../core/api/types.ts';
import assert from 'node:assert/strict';
import type { DecisionResult, ModerationEvent, QueueCounts, QueueItem, QueuePage } from '../../core/moderation/types.ts';
import type { Client } from './realtime-client.ts';
import { call } from './comment-calls.ts';
import { bearer, confirmedPage, container, postComment, resultOf, SITE } from './helpers.ts';

let pages = 0;

/** A conversation on a confirmed page (title "Page N …"), premoderated when `held`. */
export async function pageWithConversation(app: FastifyInstance, modToken: string, held: boolean, title = `Page ${++pages}`): Promise<Container> {
  const id = `mq-${title.toLowerCase().replace(/\W+/g, '-')}-${pages}`;
  await confirmedPage(app, { unique_id: id, url: `http://127.0.0.1/${id}.html`, title });
  const c = await container(app, id);
  if (held) resultOf(await call(app, 'POST', c, 'settings', modToken, { is_premoderated: true }));
  return c;
}

export const post = (app: FastifyInstance, token: string, c: Container, text: string, parent?: string): Promise<Comment> =>
  postComment(app, token, c.content_container_uuid, text, parent);

/** GET /moderation/queue/:queue as `token`: the raw response. */
export function queueCall(app: FastifyInstance, token: string | undefined, queue: string, query: Record<string, string> = {}, section: string = SITE): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/v2/moderation/queue/${queue}`, headers: bearer(token), query: { section, ...query } });
}

export async function queue(app: FastifyInstance, token: string, name: string, query: Record<string, string> = {}): Promise<QueuePage<QueueItem>> {
  return resultOf<QueuePage<QueueItem>>(await queueCall(app, token, name, query));
}

export async function counts(app: FastifyInstance, token: string): Promise<QueueCounts> {
  return resultOf<QueueCounts>(await app.inject({ method: 'GET', url: '/api/v2/moderation/counts', headers: bearer(token), query: { section: SITE } }));
}

export function decideCall(app: FastifyInstance, token: string | undefined, decision: string, items: readonly { uuid: string; state: string }[], section: string = SITE): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v2/moderation/decisions', headers: bearer(token), payload: { section, decision, items } });
}

export async function decide(app: FastifyInstance, token: string, decision: string, items: { uuid: string; state: string }[]): Promise<DecisionResult> {
  return resultOf<DecisionResult>(await decideCall(app, token, decision, items));
}

/** The uuids of a queue page's items. */
export const uuidsOf = (page: QueuePage<QueueItem>) => page.items.map((item) => item.uuid);

/** The next moderation frame's event named `name` (others that come between, like counts, are skipped). */
export async function nextModeration(client: Client, name: ModerationEvent['event'], timeoutMs = 5000): Promise<ModerationEvent> {
  for (;;) {
    const frame = await client.next(timeoutMs);
    assert.equal(frame.type, 'moderation', JSON.stringify(frame));
    const event = (frame as { data: ModerationEvent }).data;
    if (event.event === name) return event;
  }
}
