/**
 * Signals (docs/api.md "Signals: typing and presence"): per site and container, the sockets whose
 * subscription asked for them; typing frames passed on to the container's other such sockets;
 * presence, the number of such sockets on every process. Subscriptions without signals never
 * reach this file, and content events never go through it.
 *
 * Across processes (redis-bridge.ts): typing messages travel through Redis like events (each
 * process delivers what it receives, its own included). For presence each process publishes its
 * local counts: those that changed (batched), all of them as a heartbeat every HEARTBEAT_MS, and
 * all of them at once to a process it did not know or that asks; it sums the other processes'
 * fresh counts (presence.ts) with its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerFrame } from '../../core/api/types.ts';
import type { HubClient } from './hub.ts';
import { RemoteCounts } from './presence.ts';

/** A socket's typing frames beyond one per this many ms per container are dropped, silently. */
export const TYPING_INTERVAL_MS = 3000;
/** Presence goes to a container's subscribers at most once per this many ms. */
export const PRESENCE_INTERVAL_MS = 2000;
export const HEARTBEAT_MS = 10_000;
/** Local count changes are published together, at most this long after the first. */
const PUBLISH_BATCH_MS = 100;

/** What processes tell each other; `counts` keys are `site:container`. */
export type SignalMessage =
  | { kind: 'typing'; site: string; container: string; typist: string }
  | { kind: 'counts'; process: string; full: boolean; ask?: boolean; counts: Record<string, number> };

interface SignalSocket {
  /** Stands for the socket in typing frames; random, says nothing about the user. */
  typist: string;
  /** Keys it has signals for, with the time of its last typing frame there (0: none yet). */
  keys: Map<string, number>;
}

interface PresenceState {
  sentAt: number;
  sent: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** A newly started signals subscription: it is told the count at once. */
interface Newcomer {
  client: HubClient;
  id: string;
}

const keyOf = (site: string, container: string) => `${site}:${container}`;
const containerOf = (key: string) => key.slice(key.lastIndexOf(':') + 1);

export class Signals {
  /** Key → socket → its signals subscription ids there (a socket counts once). */
  private readonly members = new Map<string, Map<HubClient, Set<string>>>();
  private readonly sockets = new Map<HubClient, SignalSocket>();
  private readonly presence = new Map<string, PresenceState>();
  private readonly remote = new RemoteCounts();
  private readonly dirty = new Set<string>();
  private publishTimer: ReturnType<typeof setTimeout> | null = null;

  /** This process, in count messages. */
  readonly process = randomUUID();
  /** Set by the Redis bridge: where typing and count messages go. */
  relay: ((message: SignalMessage) => void) | null = null;
  /** Tests lower these. */
  typingIntervalMs = TYPING_INTERVAL_MS;
  presenceIntervalMs = PRESENCE_INTERVAL_MS;

  add(client: HubClient, id: string, containers: string[]): void {
    let socket = this.sockets.get(client);
    if (!socket) this.sockets.set(client, (socket = { typist: randomBytes(9).toString('base64url'), keys: new Map() }));
    for (const container of new Set(containers)) {
      const key = keyOf(client.siteUuid, container);
      let byClient = this.members.get(key);
      if (!byClient) this.members.set(key, (byClient = new Map()));
      const ids = byClient.get(client);
      if (ids) {
        ids.add(id); // the socket already counts here
        this.notify(key, { client, id });
        continue;
      }
      byClient.set(client, new Set([id]));
      socket.keys.set(key, 0);
      this.countChanged(key, { client, id });
    }
  }

  remove(client: HubClient, id: string, containers: string[]): void {
    const socket = this.sockets.get(client);
    for (const container of new Set(containers)) {
      const key = keyOf(client.siteUuid, container);
      const byClient = this.members.get(key);
      const ids = byClient?.get(client);
      if (!byClient || !ids?.delete(id) || ids.size > 0) continue;
      byClient.delete(client);
      if (byClient.size === 0) this.members.delete(key);
      socket?.keys.delete(key);
      this.countChanged(key);
    }
    if (socket?.keys.size === 0) this.sockets.delete(client);
  }

  /** A typing frame from the socket: the message for an error frame, or null (passed on or dropped). */
  typing(client: HubClient, container: string): string | null {
    const key = keyOf(client.siteUuid, container);
    const socket = this.sockets.get(client);
    const last = socket?.keys.get(key);
    if (!socket || last === undefined) return 'Typing needs a subscription with signals to this container';
    const now = Date.now();
    if (last !== 0 && now - last < this.typingIntervalMs) return null;
    socket.keys.set(key, now);
    const message: SignalMessage = { kind: 'typing', site: client.siteUuid, container, typist: socket.typist };
    if (this.relay) this.relay(message);
    else this.deliverTyping(message);
    return null;
  }

  /** Passes a typing message to the container's local signals sockets, except the typist's own. */
  deliverTyping({ site, container, typist }: { site: string; container: string; typist: string }): void {
    const byClient = this.members.get(keyOf(site, container));
    for (const [client, ids] of byClient ?? []) {
      if (this.sockets.get(client)?.typist === typist) continue;
      send(client, { type: 'typing', subscription_id: first(ids), content_container_uuid: container, typist });
    }
  }

  /** A message from Redis (every process's, this one's included). */
  receive(message: SignalMessage): void {
    if (message.kind === 'typing') return this.deliverTyping(message);
    if (message.process === this.process) return;
    const known = this.remote.has(message.process);
    for (const key of this.remote.apply(message.process, message.counts, message.full === true, Date.now())) this.notify(key);
    if ((message.ask || !known) && this.members.size > 0) this.publish(true);
  }

  /** Every HEARTBEAT_MS with Redis: all local counts out, silent processes forgotten. */
  heartbeat(): void {
    this.publish(true);
    for (const key of this.remote.expire(Date.now())) this.notify(key);
  }

  /** Joining the processes (start, or the Redis feed back after a gap): our counts, and theirs asked for. */
  hello(): void {
    this.relay?.({ kind: 'counts', process: this.process, full: true, ask: true, counts: this.localCounts() });
  }

  /** Going away: the others stop counting this process's sockets. */
  goodbye(): SignalMessage {
    return { kind: 'counts', process: this.process, full: true, counts: {} };
  }

  close(): void {
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.publishTimer = null;
    for (const state of this.presence.values()) if (state.timer) clearTimeout(state.timer);
    this.presence.clear();
    this.remote.clear();
  }

  private localCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [key, byClient] of this.members) counts[key] = byClient.size;
    return counts;
  }

  private countChanged(key: string, newcomer?: Newcomer): void {
    if (this.relay) {
      this.dirty.add(key);
      this.publishTimer ??= setTimeout(() => this.publish(false), PUBLISH_BATCH_MS);
      this.publishTimer.unref?.();
    }
    this.notify(key, newcomer);
  }

  private publish(full: boolean): void {
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.publishTimer = null;
    if (!this.relay) return;
    let counts: Record<string, number> = {};
    if (full) counts = this.localCounts();
    else for (const key of this.dirty) counts[key] = this.members.get(key)?.size ?? 0;
    this.dirty.clear();
    this.relay({ kind: 'counts', process: this.process, full, counts });
  }

  private total(key: string): number {
    return (this.members.get(key)?.size ?? 0) + this.remote.total(key);
  }

  /**
   * The key's count may have changed: tell its local sockets now if nothing went out in the last
   * PRESENCE_INTERVAL_MS, else once that time is up (a change and its undoing cancel out).
   * A newcomer the broadcast did not reach is told the count at once.
   */
  private notify(key: string, newcomer?: Newcomer): void {
    if (!this.members.has(key)) {
      const state = this.presence.get(key);
      if (state?.timer) clearTimeout(state.timer);
      this.presence.delete(key);
      return;
    }
    let state = this.presence.get(key);
    if (!state) this.presence.set(key, (state = { sentAt: -Infinity, sent: -1, timer: null }));
    const total = this.total(key);
    if (total !== state.sent && !state.timer) {
      const wait = state.sentAt + this.presenceIntervalMs - Date.now();
      if (wait <= 0) return this.broadcast(key, state);
      const pending = state;
      pending.timer = setTimeout(() => {
        pending.timer = null;
        if (this.presence.get(key) === pending && this.total(key) !== pending.sent) this.broadcast(key, pending);
      }, wait);
      pending.timer.unref?.();
    }
    if (newcomer) send(newcomer.client, { type: 'presence', subscription_id: newcomer.id, content_container_uuid: containerOf(key), count: total });
  }

  private broadcast(key: string, state: PresenceState): void {
    state.sentAt = Date.now();
    state.sent = this.total(key);
    const container = containerOf(key);
    const texts = new Map<string, Buffer>(); // one serialisation per subscription id, as for events
    for (const [client, ids] of this.members.get(key) ?? []) {
      const frame: ServerFrame = { type: 'presence', subscription_id: first(ids), content_container_uuid: container, count: state.sent };
      if (!client.sendText) {
        send(client, frame);
        continue;
      }
      let text = texts.get(frame.subscription_id);
      if (!text) texts.set(frame.subscription_id, (text = Buffer.from(JSON.stringify(frame))));
      try {
        client.sendText(text);
      } catch {
        // A socket that fails to send is closing; its close handler removes it.
      }
    }
  }
}

const first = (ids: Set<string>): string => ids.values().next().value as string;

function send(client: HubClient, frame: ServerFrame): void {
  try {
    client.send(frame);
  } catch {
    // A socket that fails to send is closing; its close handler removes it.
  }
}
