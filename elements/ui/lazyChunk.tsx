/**
 * A component that is its own chunk, fetched when first rendered. Unlike `React.lazy`, which keeps
 * a failed import failed (and, with no error boundary, takes the whole widget down with it), a
 * failure shows the widget's "didn't load" notice with Retry, and Retry imports again (the loader's
 * importer makes that a real request: core/loader/moduleImport.ts).
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { ChunkErrorNotice } from './ChunkErrorNotice.tsx';

export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // the next attempt imports again
        throw error;
      },
    ));

  function LazyChunk(props: P) {
    const [failed, setFailed] = useState(false);
    const [, setReady] = useState(loaded !== null);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      get().then(
        () => live && setReady(true),
        (error: unknown) => {
          console.error(error);
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (failed) {
      return createElement(ChunkErrorNotice, {
        onRetry: () => {
          setFailed(false);
          setAttempt((n) => n + 1);
        },
      });
    }
    return loaded ? createElement(loaded, props) : null;
  }
  return LazyChunk;
}
