/**
 * Mirrors a widget's state on its host element as `data-vf-state` (`loading`, `ready`, `empty`,
 * `error`), so the page can style around it (`vf-pull-quote[data-vf-state='empty']`) and an
 * empty widget can take no space at all.
 */
import { useLayoutEffect } from 'react';
import { useHost } from './hostEvents.ts';

export type HostState = 'loading' | 'ready' | 'empty' | 'error';

export function useHostState(state: HostState): void {
  const host = useHost();
  useLayoutEffect(() => {
    host?.setAttribute('data-vf-state', state);
  }, [host, state]);
}
