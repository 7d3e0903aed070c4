/** Retries a failed startup (bootstrap) from an element's error state. */
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { bootstrapSession } from '../../core/session/bootstrap.ts';
import type { RootState } from '../../core/store/index.ts';

export function useRetryBootstrap(): () => void {
  const store = useStore<RootState>();
  return useCallback(() => {
    void bootstrapSession(store.dispatch, store.getState);
  }, [store]);
}
