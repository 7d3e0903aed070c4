/**
 * What a widget shows when a piece of its code or its stylesheet did not load: a short message
 * and a Retry button (spec §8 ChunkLoadError / CSS_CHUNK_LOAD_FAILED). The page keeps working.
 */
import { Button } from './Button.tsx';
import { useT } from './useIntl.ts';

export function ChunkErrorNotice({ onRetry }: { onRetry(): void }) {
  const t = useT();
  return (
    <div className="vf-chunk-error" part="error" role="alert">
      <span>{t('base.chunkError.message')}</span>{' '}
      <Button onClick={onRetry}>{t('base.chunkError.retry')}</Button>
    </div>
  );
}
