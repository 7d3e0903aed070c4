/**
 * A mock realtime feed (mock-socket) standing in for `/ws?site_uuid=…`. Create it BEFORE core
 * boots: core opens `new globalThis.WebSocket(url)` at connect time and mock-socket replaces it.
 */
import { Server } from 'mock-socket';
import type { ClientFrame, ContentEvent } from '../../../core/api/types.ts';
import { comment as buildComment } from '../../unit/helpers/fixtures.ts';
import { testConfig } from './api.ts';

export interface MockFeed {
  server: Server;
  frames: ClientFrame[];
  /** The subscription id the client used for a container (once it subscribed). */
  subscriptionFor(containerUuid: string): string | null;
  send(subscriptionId: string, data: ContentEvent): void;
}

export function startMockFeed(): MockFeed {
  const { realtimeUrl, siteUuid } = testConfig();
  const server = new Server(`${realtimeUrl}?site_uuid=${encodeURIComponent(siteUuid)}`);
  const frames: ClientFrame[] = [];
  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as ClientFrame;
      frames.push(frame);
      if (frame.type === 'subscribe') {
        socket.send(JSON.stringify({ type: 'subscribe_success', subscription_id: frame.subscription_id }));
      } else if (frame.type === 'keep_alive') {
        socket.send(JSON.stringify({ type: 'keep_alive' }));
      }
    });
  });
  return {
    server,
    frames,
    subscriptionFor(containerUuid) {
      const sub = frames.find(
        (f): f is Extract<ClientFrame, { type: 'subscribe' }> =>
          f.type === 'subscribe' && f.filter.one_of.some((r) => r.key === 'content_container_uuid' && r.values.includes(containerUuid)),
      );
      return sub?.subscription_id ?? null;
    },
    send(subscriptionId, data) {
      server.emit('message', JSON.stringify({ type: 'event', subscription_id: subscriptionId, data }));
    },
  };
}

/** Per-container event numbers, continuing the real server's log (1, 2, 3…). */
const seqs = new Map<string, number>();

/** The real server's latest event number for a container (what its comment lists report). */
export async function latestSeq(containerUuid: string): Promise<number> {
  const { commentsBase, siteUuid } = testConfig();
  const res = await fetch(`${commentsBase}/${siteUuid}/${containerUuid}/events?after=0&limit=1`);
  return ((await res.json()) as { result: { latest_seq: number } }).result.latest_seq;
}

/** A `created` event as the server would send it for a new comment (viewer-neutral), numbered after the container's real events. */
export async function createdEvent(containerUuid: string, content: string, author = { uuid: crypto.randomUUID(), name: 'Live Writer' }): Promise<ContentEvent> {
  const uuid = crypto.randomUUID();
  const { siteUuid } = testConfig();
  seqs.set(containerUuid, (seqs.get(containerUuid) ?? (await latestSeq(containerUuid))) + 1);
  const comment = buildComment({
    content_uuid: uuid,
    content,
    actor_uuid: author.uuid,
    actor: { uuid: author.uuid, name: author.name, pic_small: null },
    thread_uuid: uuid,
    content_container_uuid: containerUuid,
    section_uuid: siteUuid,
    date_created: Date.now(),
    replies: undefined, // a created event is viewer-neutral and carries no replies
  });
  return {
    event: 'created',
    content_type: 'comments',
    section_uuid: siteUuid,
    content_container_uuid: containerUuid,
    content_uuid: uuid,
    actor_uuid: author.uuid,
    content: comment,
    time: Date.now(),
    seq: seqs.get(containerUuid)!,
  };
}
