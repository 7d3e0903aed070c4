/**
 * Something a widget loads and can ask for again: its stylesheet chunk, its messages, a component
 * in its own chunk. `load` runs on mount and when `deps` change; a failure sets `failed`, and
 * `retry()` runs it again (the importer makes that a real request: core/loader/moduleImport.ts).
 * `load` null: nothing to load, no render spent on it. `value` keeps the last loaded value.
 */
import { useEffect, useState, type DependencyList } from 'react';

export interface RetryableLoad<T> {
  value: T | undefined;
  failed: boolean;
  retry(): void;
}

export function useRetryableLoad<T>(load: (() => Promise<T>) | null, deps: DependencyList): RetryableLoad<T> {
  const [value, setValue] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (loaded) => live && setValue(() => loaded),
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { value, failed, retry };
}
