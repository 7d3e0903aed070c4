/**
 * A component that is its own chunk, fetched when first rendered. Unlike `React.lazy`, which keeps
 * a failed import failed (and, with no error boundary, takes the whole widget down with it), a
 * failure shows the widget's "didn't load" notice with Retry, and Retry imports again (the loader's
 * importer makes that a real request: core/loader/moduleImport.ts). With `loadingLines`, a quiet
 * placeholder of that many lines says "Loading…" while the chunk is on its way (the tools a reader
 * opens in place: editing, removing, banning); without, nothing shows meanwhile.
 */
import { createElement, type ComponentType } from 'react';
import { ChunkErrorNotice } from './ChunkErrorNotice.tsx';
import { Skeleton } from './Skeleton.tsx';
import { useT } from './useIntl.ts';
import { useRetryableLoad } from './useRetryableLoad.ts';

export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>, loadingLines?: number): ComponentType<P> {
  /** Once loaded, every later render (and every other instance) has it at once. */
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () => load().then((component) => (loaded = component));

  function LazyChunk(props: P) {
    const t = useT();
    const { value, failed, retry } = useRetryableLoad(loaded ? null : loadOnce, []);
    const component = loaded ?? value;
    if (failed) return createElement(ChunkErrorNotice, { onRetry: retry });
    if (component) return createElement(component, props);
    return loadingLines ? createElement(Skeleton, { lines: loadingLines, label: t('base.loading') }) : null;
  }
  return LazyChunk;
}
