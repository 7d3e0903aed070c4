/**
 * The public event bus behind `window.vf.$publish / $subscribe / $unsubscribe` (spec §1).
 * Channel and name must be non-empty `[a-z0-9_-]+`; anything else warns 'invalid event name'
 * and is ignored. Loader-side: no dependencies, kept tiny.
 */

export type EventHandler = (payload: unknown, channel: string, name: string) => void;

export interface EventBus {
  $publish(channel: string, name: string, payload?: unknown): void;
  $subscribe(channel: string, name: string, fn: EventHandler): void;
  /** Removes `fn`, or every handler of the event when no function is given. */
  $unsubscribe(channel: string, name: string, fn?: EventHandler): void;
}

const NAME_RE = /^[a-z0-9_-]+$/;

export function isValidEventName(channel: unknown, name: unknown): boolean {
  return typeof channel === 'string' && typeof name === 'string' && NAME_RE.test(channel) && NAME_RE.test(name);
}

export function createEventBus(): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  const check = (channel: string, name: string): string | null => {
    if (isValidEventName(channel, name)) return `${channel}/${name}`;
    console.warn('invalid event name', channel, name);
    return null;
  };
  return {
    $publish(channel, name, payload) {
      const key = check(channel, name);
      if (!key) return;
      for (const fn of [...(handlers.get(key) ?? [])]) {
        try {
          fn(payload, channel, name);
        } catch (error) {
          // One failing site handler must not stop the others (or the widget that published).
          console.error(error);
        }
      }
    },
    $subscribe(channel, name, fn) {
      const key = check(channel, name);
      if (!key || typeof fn !== 'function') return;
      let set = handlers.get(key);
      if (!set) handlers.set(key, (set = new Set()));
      set.add(fn);
    },
    $unsubscribe(channel, name, fn) {
      const key = check(channel, name);
      if (!key) return;
      if (typeof fn === 'function') handlers.get(key)?.delete(fn);
      else handlers.delete(key);
    },
  };
}
