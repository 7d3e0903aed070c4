/**
 * Runs RTK Query mutations dispatched by hand, with a local busy flag: what a list item needs
 * from a mutation. RTK's own mutation hooks each subscribe to the store (a selector run on every
 * change), and a page of comments mounts several per comment; this subscribes to nothing.
 * Each run's entry leaves the store once it settles, as the hook's would on unmount.
 */
import { useCallback, useState } from 'react';

/** What `dispatch(endpoint.initiate(arg))` returns for a mutation. */
export interface StartedMutation<R> {
  unwrap(): Promise<R>;
  reset(): void;
}

export function useRunMutation(): [busy: boolean, run: <R>(start: () => StartedMutation<R>) => Promise<R>] {
  const [running, setRunning] = useState(0);
  const run = useCallback(async <R,>(start: () => StartedMutation<R>): Promise<R> => {
    setRunning((n) => n + 1);
    const started = start();
    try {
      return await started.unwrap();
    } finally {
      started.reset();
      setRunning((n) => n - 1);
    }
  }, []);
  return [running > 0, run];
}
