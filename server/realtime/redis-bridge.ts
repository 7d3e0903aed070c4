/**
 * Relays the hub's events through Redis pub/sub so that every server process delivers every
 * event (docs/scaling.md). Each process publishes to one channel and delivers what it receives
 * from it, its own events included, so all processes deliver in the same order.
 *
 * Pub/sub is at-most-once: while the subscriber connection is down, messages are lost. The
 * event log makes that safe: when the subscriber comes back, every local socket is closed with
 * 1012 and its page reconnects and catches up from the log.
 */
import { Redis } from 'ioredis';
import type { ContentEvent } from '../../core/api/types.ts';
import type { Hub } from './hub.ts';

export const CHANNEL = 'vf:events';
const CONNECT_TIMEOUT_MS = 10_000;

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class RedisBridge {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private subscribedOnce = false;

  private constructor(url: string, private readonly hub: Hub, private readonly log: Log) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, retryStrategy: (times: number) => Math.min(times * 200, 2000) };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => this.log.warn({ err: error }, 'redis connection error'));
    }
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    this.subscriber.on('ready', () => {
      // ioredis resubscribes by itself after a reconnect; what was published meanwhile is lost.
      if (this.subscribedOnce) this.resyncLocalSockets();
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
      await Promise.race([bridge.subscriber.subscribe(CHANNEL), timeout]);
    } catch (error) {
      bridge.close();
      throw new Error(`REDIS_URL: cannot use Redis at start: ${(error as Error).message}`);
    }
    bridge.subscribedOnce = true;
    hub.relay = (event) => bridge.publish(event);
    return bridge;
  }

  private publish(event: ContentEvent): void {
    this.publisher.publish(CHANNEL, JSON.stringify(event)).catch((error: Error) => {
      // Redis is unreachable: at least this process's pages get it; the others catch up on reconnect.
      this.log.error({ err: error }, 'redis publish failed; delivering locally only');
      this.hub.deliverLocal(event);
    });
  }

  private receive(message: string): void {
    let event: ContentEvent;
    try {
      event = JSON.parse(message) as ContentEvent;
    } catch {
      return;
    }
    this.hub.deliverLocal(event, message);
  }

  private resyncLocalSockets(): void {
    const clients = this.hub.clients();
    this.log.warn({ sockets: clients.length }, 'redis feed resumed after a gap: closing sockets so pages catch up');
    for (const client of clients) client.close?.(1012, 'Realtime feed restarted; reconnect');
  }

  close(): void {
    this.hub.relay = null;
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
