/**
 * Relays the hub's events through Redis pub/sub so that every server process delivers every
 * event (docs/scaling.md). Each process publishes to one channel and delivers what it receives
 * from it, its own events included, so all processes deliver in the same order.
 *
 * Pub/sub is at-most-once: while the subscriber connection is down, messages are lost. The
 * event log makes that safe: when the subscriber comes back, every local socket is closed with
 * 1012 and its page reconnects and catches up from the log.
 *
 * Signals (typing, presence counts: signals.ts) go through a second channel; they are only for
 * now, so a lost one is not made up for, and the counts are republished every HEARTBEAT_MS.
 */
import type * as IORedis from 'ioredis';
import { loadPackage } from '../lazyPackage.ts';
import type { ContentEvent } from '../../core/api/types.ts';
import type { NotificationNotice } from '../../core/api/notificationTypes.ts';
import type { ModerationEvent } from '../../core/moderation/types.ts';
import type { Hub } from './hub.ts';
import { HEARTBEAT_MS, type SignalMessage } from './signals.ts';

export const CHANNEL = 'vf:events';
export const SIGNALS_CHANNEL = 'vf:signals';
/** Changes outside the event log that change what a site's readers see (Hub.siteChanged): the site's uuid. */
export const SITE_CHANGES_CHANNEL = 'vf:site-changes';
/** Notification notices (docs/notifications.md "Live delivery"): at most once, like events; the list call is the truth. */
export const NOTICES_CHANNEL = 'vf:notices';
/** Moderation queue events (docs/moderation.md "Live"): at most once, like events; the queue call is the truth. */
export const MODERATION_CHANNEL = 'vf:moderation';
/** How long closing waits for the goodbye message to reach Redis. */
const GOODBYE_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 10_000;

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class RedisBridge {
  private readonly publisher: IORedis.Redis;
  private readonly subscriber: IORedis.Redis;
  private subscribedOnce = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  private constructor(url: string, private readonly hub: Hub, private readonly log: Log) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, retryStrategy: (times: number) => Math.min(times * 200, 2000) };
    const { Redis: Client } = loadPackage<typeof IORedis>('ioredis');
    this.publisher = new Client(url, options);
    this.subscriber = new Client(url, options);
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => this.log.warn({ err: error }, 'redis connection error'));
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === SIGNALS_CHANNEL) this.receiveSignal(message);
      else if (channel === SITE_CHANGES_CHANNEL) this.hub.noteSiteChanged(message);
      else if (channel === NOTICES_CHANNEL) this.receiveNotice(message);
      else if (channel === MODERATION_CHANNEL) this.receiveModeration(message);
      else this.receive(message);
    });
    this.subscriber.on('ready', () => {
      // ioredis resubscribes by itself after a reconnect; what was published meanwhile is lost.
      if (!this.subscribedOnce) return;
      this.resyncLocalSockets();
      this.hub.signals.hello();
    });
  }

  /** Connects both connections and subscribes; throws if Redis does not answer in time. */
  static async connect(url: string, hub: Hub, log: Log): Promise<RedisBridge> {
    const bridge = new RedisBridge(url, hub, log);
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS).unref();
    });
    try {
      await Promise.race([Promise.all([bridge.publisher.connect(), bridge.subscriber.connect()]), timeout]);
      await Promise.race([bridge.subscriber.subscribe(CHANNEL, SIGNALS_CHANNEL, SITE_CHANGES_CHANNEL, NOTICES_CHANNEL, MODERATION_CHANNEL), timeout]);
    } catch (error) {
      void bridge.close();
      throw new Error(`REDIS_URL: cannot use Redis at start: ${(error as Error).message}`);
    }
    bridge.subscribedOnce = true;
    hub.relay = (event) => bridge.publish(event);
    hub.signals.relay = (message) => bridge.publishSignal(message);
    hub.siteRelay = (site) => bridge.publishSiteChange(site);
    hub.noticeRelay = (notice) => bridge.publishNotice(notice);
    hub.moderationRelay = (event) => bridge.publishModeration(event);
    hub.signals.hello();
    bridge.heartbeat = setInterval(() => hub.signals.heartbeat(), HEARTBEAT_MS);
    bridge.heartbeat.unref();
    return bridge;
  }

  private publish(event: ContentEvent): void {
    this.publisher.publish(CHANNEL, JSON.stringify(event)).catch((error: Error) => {
      // Redis is unreachable: at least this process's pages get it; the others catch up on reconnect.
      this.log.error({ err: error }, 'redis publish failed; delivering locally only');
      this.hub.deliverLocal(event);
    });
  }

  private publishSiteChange(site: string): void {
    // This process's watchers already know (Hub.siteChanged); the others learn on the way back.
    this.publisher.publish(SITE_CHANGES_CHANNEL, site).catch((error: Error) => this.log.error({ err: error }, 'redis publish of a site change failed'));
  }

  private publishNotice(notice: NotificationNotice): void {
    this.publishOrDeliver(NOTICES_CHANNEL, notice, 'notice', () => this.hub.deliverNotice(notice));
  }

  /** Publishes to every process; when Redis is unreachable, at least this process's pages get it. */
  private publishOrDeliver(channel: string, message: object, what: string, deliverHere: () => void): void {
    this.publisher.publish(channel, JSON.stringify(message)).catch((error: Error) => {
      this.log.error({ err: error }, `redis publish of a ${what} failed; delivering locally only`);
      deliverHere();
    });
  }

  private receiveNotice(message: string): void {
    const notice = parse<NotificationNotice>(message);
    if (notice && typeof notice.notification_channel === 'string' && typeof notice.section_uuid === 'string') this.hub.deliverNotice(notice);
  }

  private publishModeration(event: ModerationEvent): void {
    this.publishOrDeliver(MODERATION_CHANNEL, event, 'moderation event', () => this.hub.deliverModeration(event));
  }

  private receiveModeration(message: string): void {
    const event = parse<ModerationEvent>(message);
    if (event && event.content_type === 'moderation' && typeof event.section_uuid === 'string') this.hub.deliverModeration(event);
  }

  private receive(message: string): void {
    const event = parse<ContentEvent>(message);
    if (event) this.hub.deliverLocal(event, message);
  }

  private publishSignal(message: SignalMessage): Promise<void> {
    return this.publisher.publish(SIGNALS_CHANNEL, JSON.stringify(message)).then(
      () => undefined,
      (error: Error) => {
        this.log.warn({ err: error }, 'redis publish of a signal failed');
        if (message.kind === 'typing') this.hub.signals.deliverTyping(message); // this process's pages at least
      },
    );
  }

  private receiveSignal(text: string): void {
    const message = parse<SignalMessage>(text);
    const fine = message?.kind === 'typing'
      ? typeof message.site === 'string' && typeof message.container === 'string' && typeof message.typist === 'string'
      : message?.kind === 'counts' && typeof message.process === 'string' && typeof message.counts === 'object' && message.counts !== null;
    if (message && fine) this.hub.signals.receive(message);
  }

  private resyncLocalSockets(): void {
    const clients = this.hub.clients();
    this.log.warn({ sockets: clients.length }, 'redis feed resumed after a gap: closing sockets so pages catch up');
    this.hub.noteSiteChanged(null); // what the gap held is unknown: nothing cached before it is trusted
    for (const client of clients) client.close?.(1012, 'Realtime feed restarted; reconnect');
  }

  /** Resolves when Redis answers a PING on the publishing connection (/readyz). */
  async ping(): Promise<void> {
    await this.publisher.ping();
  }

  /** Says goodbye (the other processes stop counting this one's sockets), then disconnects. */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const relayed = this.hub.signals.relay !== null;
    this.hub.relay = null;
    this.hub.siteRelay = null;
    this.hub.noticeRelay = null;
    this.hub.moderationRelay = null;
    this.hub.signals.relay = null;
    if (relayed) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, GOODBYE_TIMEOUT_MS)));
      await Promise.race([this.publishSignal(this.hub.signals.goodbye()), giveUp]);
      clearTimeout(timer);
    }
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

/** A message from Redis, or null when it is not JSON. */
function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
