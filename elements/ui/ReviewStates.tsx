/** The states the reviews elements share: loading (space kept), an error with Retry, the offline notice. */
import { ErrorState } from './ErrorState.tsx';
import { Skeleton } from './Skeleton.tsx';
import { useT } from './useIntl.ts';
import { OfflineNotice } from './OfflineNotice.tsx';

export function ReviewsLoading({ lines = 4, label = 'reviews.loading' }: { lines?: number; label?: string }) {
  const t = useT();
  return <Skeleton lines={lines} label={t(label)} />;
}

export function ReviewsError({ message = 'reviews.error.load', onRetry }: { message?: string; onRetry(): void }) {
  const t = useT();
  return <ErrorState message={t(message)} onRetry={onRetry} retryLabel={t('reviews.retry')} />;
}

/** Nothing while online. */
export function ReviewsOffline() {
  const t = useT();
  return <OfflineNotice text={t('reviews.offline')} />;
}
