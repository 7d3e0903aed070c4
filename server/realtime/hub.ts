/**
 * The realtime hub: which socket subscribed to what, and delivery of content events.
 * Subscriptions are indexed by rule key and value, so publishing costs the number of matching
 * subscriptions, not the number of sockets. publish() is the entry point routes call;
 * deliverLocal() is what reaches this process's sockets — a Redis bridge replaces publish()
 * with "send to Redis" and calls deliverLocal() for every message it receives.
 */
import type { ContentEvent, RealtimeRule, ServerFrame } from '../../core/api/types.ts';
import type { NotificationNotice } from '../../core/api/notificationTypes.ts';
import type { ModerationEvent } from '../../core/moderation/types.ts';
import { Signals } from './signals.ts';

/** One connected socket, as the hub sees it. */
export interface HubClient {
  /** The site the socket connected for: it only receives that site's events. */
  readonly siteUuid: string;
  send(frame: ServerFrame): void;
  /** Sends an already serialised frame (fan-out serialises once per subscription id, not per socket). */
  sendText?(text: Buffer): void;
  /** Closes the socket; the client reconnects and catches up (used when the Redis feed had a gap). */
  close?(code: number, reason: string): void;
}

/** Where published events go: straight to deliverLocal, or through Redis to every process. */
export type Relay = (event: ContentEvent) => void;

/**
 * Told of every event this process publishes or delivers, and of changes outside the event log
 * that change what a site's readers see (site null: every site, after a gap in the Redis feed).
 * The guest cache (server/engine/guest-cache.ts) is one.
 */
export interface HubWatcher {
  event(event: ContentEvent): void;
  siteChanged(site: string | null): void;
}

interface Subscription {
  client: HubClient;
  id: string;
  keys: string[]; // index keys this subscription is filed under
  /** The containers it has signals for (typing, presence), when it asked for them. */
  signals?: string[];
}

/**
 * A rule only some may use (the moderation queue's): given the socket's site, the rule's values
 * and the subscribe frame's access token, the refusal's message, or null to let it through.
 */
export type RuleGuard = (siteUuid: string, values: string[], accessToken: string | undefined) => Promise<string | null>;

export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
/** Bytes a socket may have waiting to be sent before it counts as a slow consumer and is closed. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const MAX_RULE_VALUES = 50;

const indexKey = (key: string, value: string) => `${key}\u0000${value}`;

export class Hub {
  private readonly index = new Map<string, Set<Subscription>>();
  private readonly byClient = new Map<HubClient, Map<string, Subscription>>();
  /** Typing and presence, for the subscriptions that asked for them. */
  readonly signals = new Signals();

  /** Adds or replaces the client's subscription `id`. Rules are validated by the caller. */
  subscribe(client: HubClient, id: string, rules: RealtimeRule[]): void {
    this.unsubscribe(client, id);
    const keys = [...new Set(rules.flatMap((rule) => rule.values.map((value) => indexKey(rule.key, value))))];
    const subscription: Subscription = { client, id, keys };
    for (const key of keys) {
      let set = this.index.get(key);
      if (!set) this.index.set(key, (set = new Set()));
      set.add(subscription);
    }
    let mine = this.byClient.get(client);
    if (!mine) this.byClient.set(client, (mine = new Map()));
    mine.set(id, subscription);
  }

  unsubscribe(client: HubClient, id: string): boolean {
    const mine = this.byClient.get(client);
    const subscription = mine?.get(id);
    if (!mine || !subscription) return false;
    mine.delete(id);
    if (subscription.signals) this.signals.remove(client, id, subscription.signals);
    for (const key of subscription.keys) {
      const set = this.index.get(key);
      set?.delete(subscription);
      if (set?.size === 0) this.index.delete(key);
    }
    return true;
  }

  /**
   * Adds signals to the client's subscription `id` for these containers (after its
   * subscribe_success went out, so its first presence frame follows it). No-op if it is gone.
   */
  enableSignals(client: HubClient, id: string, containers: string[]): void {
    const subscription = this.byClient.get(client)?.get(id);
    if (!subscription || subscription.signals) return;
    subscription.signals = containers;
    this.signals.add(client, id, containers);
  }

  /** Forgets everything about a socket (it closed). */
  removeClient(client: HubClient): void {
    for (const id of [...(this.byClient.get(client)?.keys() ?? [])]) this.unsubscribe(client, id);
    this.byClient.delete(client);
  }

  subscriptionCount(client: HubClient): number {
    return this.byClient.get(client)?.size ?? 0;
  }

  hasSubscription(client: HubClient, id: string): boolean {
    return this.byClient.get(client)?.has(id) ?? false;
  }

  /** Guards by rule key, set by the features that own those rules. */
  readonly guards = new Map<string, RuleGuard>();

  /** The first guard's refusal of these rules, or null when every guarded rule is allowed. */
  async refusal(siteUuid: string, rules: RealtimeRule[], accessToken: string | undefined): Promise<string | null> {
    for (const rule of rules) {
      const refused = await this.guards.get(rule.key)?.(siteUuid, rule.values, accessToken);
      if (refused) return refused;
    }
    return null;
  }

  /** The per-socket send buffer bound (tests lower it). */
  maxBufferedBytes = MAX_BUFFERED_BYTES;

  /** Set by the Redis bridge; without one, this process works alone. */
  relay: Relay | null = null;

  /** For /metrics (server/plugins/operations.ts): events published here, frames delivered here. */
  published = 0;
  delivered = 0;

  private readonly watchers: HubWatcher[] = [];

  watch(watcher: HubWatcher): void {
    this.watchers.push(watcher);
  }

  /** Set by the Redis bridge: sends a notification notice to every process (each calls deliverNotice). */
  noticeRelay: ((notice: NotificationNotice) => void) | null = null;

  /** Tells a user's open pages (or, on the broadcast channel, every page of the site) of a new notification. */
  notify(notice: NotificationNotice): void {
    if (this.noticeRelay) this.noticeRelay(notice);
    else this.deliverNotice(notice);
  }

  /** Sends the notice to this process's subscriptions to its channel; returns how many. */
  deliverNotice(notice: NotificationNotice): number {
    return this.sendToRule('notification_channel', notice.notification_channel, notice.section_uuid, (id) => ({ type: 'notification', subscription_id: id, data: notice }));
  }

  /** Sends `frame(id)` to this process's subscriptions to the rule value on the site; returns how many. */
  private sendToRule(key: string, value: string, site: string, frame: (id: string) => ServerFrame): number {
    let delivered = 0;
    for (const { client, id } of this.index.get(indexKey(key, value)) ?? []) {
      if (client.siteUuid !== site) continue;
      try {
        client.send(frame(id));
        delivered++;
      } catch {
        // A socket that fails to send is closing; its close handler removes it.
      }
    }
    return delivered;
  }

  /** Set by the Redis bridge: sends a moderation event to every process (each calls deliverModeration). */
  moderationRelay: ((event: ModerationEvent) => void) | null = null;

  /** Tells every open moderation queue of the event's site (docs/moderation.md "Live"), on every process. */
  moderate(event: ModerationEvent): void {
    if (this.moderationRelay) this.moderationRelay(event);
    else this.deliverModeration(event);
  }

  /** Sends the event to this process's subscriptions to the site's moderation queue; returns how many. */
  deliverModeration(event: ModerationEvent): number {
    return this.sendToRule('moderation_section_uuid', event.section_uuid, event.section_uuid, (id) => ({ type: 'moderation', subscription_id: id, data: event }));
  }

  /** Whether some socket of this process subscribed to the rule value. */
  hasSubscribers(key: string, value: string): boolean {
    return (this.index.get(indexKey(key, value))?.size ?? 0) > 0;
  }

  /** Set by the Redis bridge: sends a site change to every process (each calls noteSiteChanged). */
  siteRelay: ((site: string) => void) | null = null;

  /** Where routes send events (after their transaction committed). */
  publish(event: ContentEvent): void {
    this.published++;
    if (!this.relay) {
      this.deliverLocal(event);
      return;
    }
    // This process's watchers hear of it at once, not only when Redis brings it back: the writer's next read sees it.
    for (const watcher of this.watchers) watcher.event(event);
    this.relay(event);
  }

  /** A change outside the event log that changes what the site's readers see (a name, a ban), after it committed. */
  siteChanged(site: string): void {
    this.noteSiteChanged(site);
    this.siteRelay?.(site);
  }

  /** Tells the watchers of this process (site null: every site). */
  noteSiteChanged(site: string | null): void {
    for (const watcher of this.watchers) watcher.siteChanged(site);
  }

  /** Stops the timers (the app is closing). */
  close(): void {
    this.signals.close();
  }

  /** Every connected client (for closing them all when the feed had a gap). */
  clients(): HubClient[] {
    return [...this.byClient.keys()];
  }

  /**
   * Sends the event to every local subscription with a matching rule; returns how many.
   * `json` is the event already serialised (as received from Redis), to skip a stringify.
   */
  deliverLocal(event: ContentEvent, json: string = JSON.stringify(event)): number {
    for (const watcher of this.watchers) watcher.event(event);
    const matched = new Set<Subscription>();
    for (const [key, value] of Object.entries(event)) {
      if (typeof value !== 'string') continue;
      for (const subscription of this.index.get(indexKey(key, value)) ?? []) matched.add(subscription);
    }
    let delivered = 0;
    // Subscription ids are derived from rules, so thousands of sockets share a handful of ids:
    // one frame buffer per id.
    const frames = new Map<string, Buffer>();
    for (const { client, id } of matched) {
      if (client.siteUuid !== event.section_uuid) continue;
      try {
        if (client.sendText) {
          let frame = frames.get(id);
          if (!frame) frames.set(id, (frame = Buffer.from(`{"type":"event","subscription_id":${JSON.stringify(id)},"data":${json}}`)));
          client.sendText(frame);
        } else client.send({ type: 'event', subscription_id: id, data: event });
        delivered++;
      } catch {
        // A socket that fails to send is closing; its close handler removes it.
      }
    }
    this.delivered += delivered;
    return delivered;
  }
}
