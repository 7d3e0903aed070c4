/**
 * Runs RTK Query mutations with a local busy flag: what a list item needs from a mutation.
 * RTK's own mutation hooks each subscribe to the store (a selector run on every change), and a
 * page of comments mounts several per comment; this subscribes to nothing. Pass the endpoint's
 * `initiate(arg)`; the run's entry leaves the store once it settles, as the hook's would on unmount.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import type { RootState } from '../../core/store/index.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';

/** What dispatching a mutation's `initiate(arg)` gives back. */
interface StartedMutation<R> {
  unwrap(): Promise<R>;
  reset(): void;
}

type MutationStart<R> = ThunkAction<StartedMutation<R>, RootState, unknown, UnknownAction>;

export function useRunMutation(): [busy: boolean, run: <R>(start: MutationStart<R>) => Promise<R>] {
  const dispatch = useAppDispatch();
  const [running, setRunning] = useState(0);
  const run = useCallback(async <R,>(start: MutationStart<R>): Promise<R> => {
    setRunning((n) => n + 1);
    const started = dispatch(start);
    try {
      return await started.unwrap();
    } finally {
      started.reset();
      setRunning((n) => n - 1);
    }
  }, [dispatch]);
  return [running > 0, run];
}
