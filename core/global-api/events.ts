/**
 * The public event bus behind `window.vf.$publish / $subscribe / $once / $unsubscribe /
 * $prepublish` (spec §1, docs/global-api.md). Channel and name must be non-empty `[a-z0-9_-]+`;
 * anything else warns 'invalid event name' and is ignored. Loader-side: no dependencies, tiny.
 *
 * `$prepublish(channel, name, fn)` adds middleware that runs before the subscribers, in the order
 * added: it may return a replacement payload (anything but `undefined`), or `false` to swallow
 * the event (no later middleware and no subscriber runs).
 */

export type EventHandler = (payload: unknown, channel: string, name: string) => void;
export type EventMiddleware = (payload: unknown, channel: string, name: string) => unknown;

export interface EventBus {
  $publish(channel: string, name: string, payload?: unknown): void;
  $subscribe(channel: string, name: string, fn: EventHandler): void;
  /** Like `$subscribe`, but the handler runs for the next event only. */
  $once(channel: string, name: string, fn: EventHandler): void;
  /** Removes `fn`, or every handler of the event when no function is given. */
  $unsubscribe(channel: string, name: string, fn?: EventHandler): void;
  $prepublish(channel: string, name: string, fn: EventMiddleware): void;
}

const NAME_RE = /^[a-z0-9_-]+$/;

export function isValidEventName(channel: unknown, name: unknown): boolean {
  return typeof channel === 'string' && typeof name === 'string' && NAME_RE.test(channel) && NAME_RE.test(name);
}

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    // One failing site handler must not stop the others (or the widget that published).
    console.error(error);
    return undefined;
  }
}

export function createEventBus(): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  const middleware = new Map<string, EventMiddleware[]>();
  const check = (channel: string, name: string): string | null => {
    if (isValidEventName(channel, name)) return `${channel}/${name}`;
    console.warn('invalid event name', channel, name);
    return null;
  };
  const bus: EventBus = {
    $publish(channel, name, payload) {
      const key = check(channel, name);
      if (!key) return;
      for (const fn of middleware.get(key) ?? []) {
        const result = attempt(() => fn(payload, channel, name));
        if (result === false) return;
        if (result !== undefined) payload = result;
      }
      for (const fn of [...(handlers.get(key) ?? [])]) attempt(() => fn(payload, channel, name));
    },
    $subscribe(channel, name, fn) {
      const key = check(channel, name);
      if (!key || typeof fn !== 'function') return;
      let set = handlers.get(key);
      if (!set) handlers.set(key, (set = new Set()));
      set.add(fn);
    },
    $once(channel, name, fn) {
      if (typeof fn !== 'function') return;
      const once: EventHandler = (...args) => {
        bus.$unsubscribe(channel, name, once);
        fn(...args);
      };
      bus.$subscribe(channel, name, once);
    },
    $unsubscribe(channel, name, fn) {
      const key = check(channel, name);
      if (!key) return;
      if (typeof fn === 'function') handlers.get(key)?.delete(fn);
      else handlers.delete(key);
    },
    $prepublish(channel, name, fn) {
      const key = check(channel, name);
      if (!key || typeof fn !== 'function') return;
      middleware.set(key, [...(middleware.get(key) ?? []), fn]);
    },
  };
  return bus;
}
