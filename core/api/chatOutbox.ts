/**
 * The reader's chat messages on their way (optimistic sending): each shows at once under a
 * client-side temporary id, marked as sending, until the server's copy is known, and a failed
 * one stays (with Retry and Discard) until the reader decides — never silently lost. Per container,
 * outside the RTK Query caches: these are not server data yet. The server's copy may arrive first
 * as the realtime echo, then as the POST answer; `unsentMessages` hides an item as soon as either
 * is cached, so the reader never sees the message twice.
 */
import type { Comment } from './types.ts';
import { normaliseText } from '../text/normalise.ts';

export interface QuotedParent {
  uuid: string;
  name: string;
  content: string;
}

export interface OutgoingMessage {
  /** Client-side temporary id (`tmp-…`). */
  id: string;
  containerUuid: string;
  text: string;
  parent: QuotedParent | null;
  status: 'sending' | 'failed';
  /** Why it failed, translated. */
  error?: string;
  /** When the reader sent it (ms). */
  sentAt: number;
  /** The server's uuid, once its answer came. */
  serverUuid?: string;
}

const boxes = new Map<string, readonly OutgoingMessage[]>();
const listeners = new Set<() => void>();
const NONE: readonly OutgoingMessage[] = [];
let counter = 0;

function set(containerUuid: string, items: readonly OutgoingMessage[]): void {
  if (items.length) boxes.set(containerUuid, items);
  else boxes.delete(containerUuid);
  for (const listener of listeners) listener();
}

export function addOutgoing(containerUuid: string, text: string, parent: QuotedParent | null, now = Date.now()): OutgoingMessage {
  counter += 1;
  const item: OutgoingMessage = { id: `tmp-${now.toString(36)}-${counter}`, containerUuid, text, parent, status: 'sending', sentAt: now };
  set(containerUuid, [...outgoingMessages(containerUuid), item]);
  return item;
}

export function updateOutgoing(containerUuid: string, id: string, change: Partial<Omit<OutgoingMessage, 'id' | 'containerUuid'>>): void {
  const items = outgoingMessages(containerUuid);
  if (!items.some((m) => m.id === id)) return;
  set(containerUuid, items.map((m) => (m.id === id ? { ...m, ...change } : m)));
}

export function removeOutgoing(containerUuid: string, id: string): void {
  const items = outgoingMessages(containerUuid);
  if (items.some((m) => m.id === id)) set(containerUuid, items.filter((m) => m.id !== id));
}

/** The container's outgoing messages in the order sent (a stable array until the next change). */
export function outgoingMessages(containerUuid: string): readonly OutgoingMessage[] {
  return boxes.get(containerUuid) ?? NONE;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** An echo this much older than the send (clock skew between page and server) still matches. */
const SKEW_MS = 60_000;

/**
 * Pure: the outgoing messages still to show, given the messages cached. An item whose server
 * copy is cached is done: matched by uuid once the POST answered, else (the realtime echo came
 * first) by the viewer's own message with the same text, sent since, each copy claiming one item.
 */
export function unsentMessages(items: readonly OutgoingMessage[], cached: readonly Comment[], viewerUuid: string | null): OutgoingMessage[] {
  if (items.length === 0) return [];
  const uuids = new Set(cached.map((m) => m.content_uuid));
  const claimed = new Set(items.map((m) => m.serverUuid).filter((u): u is string => !!u && uuids.has(u)));
  const own = viewerUuid ? cached.filter((m) => m.actor_uuid === viewerUuid && !claimed.has(m.content_uuid)) : [];
  return items.filter((item) => {
    if (item.serverUuid) return !uuids.has(item.serverUuid);
    if (item.status !== 'sending') return true;
    const echo = own.find(
      (m) => !claimed.has(m.content_uuid) && m.date_created >= item.sentAt - SKEW_MS &&
        m.content === normaliseText(item.text) && (m.parent_uuid ?? null) === (item.parent?.uuid ?? null),
    );
    if (!echo) return true;
    claimed.add(echo.content_uuid);
    return false;
  });
}
