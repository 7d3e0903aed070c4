/**
 * `window.vf.context.get(key)` (spec §1, §5): user, page and notifications contexts. `get`
 * resolves once the context is set (after bootstrap); an unknown key rejects.
 */

export type ContextKey = 'user' | 'page' | 'notifications';
export const CONTEXT_KEYS: readonly ContextKey[] = ['user', 'page', 'notifications'];

export interface ContextStore {
  get(key: string): Promise<unknown>;
  set(key: ContextKey, value: unknown): void;
}

export function createContextStore(): ContextStore {
  const values = new Map<string, unknown>();
  const waiting = new Map<string, Array<(value: unknown) => void>>();
  return {
    get(key) {
      if (!(CONTEXT_KEYS as readonly string[]).includes(key)) {
        return Promise.reject(
          new Error(`Invalid context key, ${key}, specified. Valid contexts are: ${CONTEXT_KEYS.join(', ')}`),
        );
      }
      if (values.has(key)) return Promise.resolve(values.get(key));
      return new Promise((resolve) => {
        const list = waiting.get(key) ?? [];
        list.push(resolve);
        waiting.set(key, list);
      });
    },
    set(key, value) {
      values.set(key, value);
      for (const resolve of waiting.get(key) ?? []) resolve(value);
      waiting.delete(key);
    },
  };
}
